import { CheckCircle2 } from "lucide-react";
import { BLOCK_ICONS, type BlockIconName } from "../icons";
import { SectionHeading, withKeys } from "../render-parts";
import type { FeaturesBlock } from "./schema";

export function FeaturesView({ block }: { block: FeaturesBlock }) {
  const headingId = `${block.id}-heading`;
  return (
    <section id={block.anchor || undefined} aria-labelledby={headingId} className="scroll-mt-20 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <SectionHeading id={headingId}>{block.heading}</SectionHeading>
          {block.intro ? <p className="mt-4 text-lg text-slate-700">{block.intro}</p> : null}
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {withKeys(block.items, (f) => f.title).map(({ key, item: f }) => {
            const Icon = BLOCK_ICONS[f.icon as BlockIconName] ?? CheckCircle2;
            return (
              <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <Icon className="size-8 text-brand-600" aria-hidden />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-700">{f.text}</p>
              </li>
            );
          })}
        </ul>
        {block.extras.length > 0 ? (
          <div className="mt-16 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
            {block.extrasHeading ? (
              <h3 className="text-xl font-bold text-slate-900">{block.extrasHeading}</h3>
            ) : null}
            <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {withKeys(block.extras, (x) => x).map(({ key, item: x }) => (
                <li key={key} className="flex items-start gap-2 text-sm text-slate-800">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                  {x}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
