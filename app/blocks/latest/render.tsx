import type { PageData } from "../page-data";
import { BlockLink, SectionHeading } from "../render-parts";
import type { LatestBlock } from "./schema";

export function LatestView({ block, data }: { block: LatestBlock; data: PageData }) {
  const headingId = `${block.id}-heading`;
  const cards = data.latest[block.id] ?? [];
  return (
    <section aria-labelledby={headingId} className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading id={headingId}>{block.heading}</SectionHeading>
        {cards.length === 0 ? (
          <p className="mt-6 text-slate-700">Nothing published yet.</p>
        ) : (
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {cards.map((card) => (
              <li
                key={card.href}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                {card.date ? <p className="text-sm text-slate-700">{card.date}</p> : null}
                <h3 className="mt-2 text-lg font-semibold text-slate-900">
                  <BlockLink href={card.href} className="hover:text-brand-700">
                    {card.title}
                  </BlockLink>
                </h3>
                {card.text ? (
                  <p className="mt-2 line-clamp-3 text-sm leading-6 text-slate-700">{card.text}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
