import { Star } from "lucide-react";
import { SectionHeading, withKeys } from "../render-parts";
import type { TestimonialsBlock } from "./schema";

const STARS = [1, 2, 3, 4, 5];

export function TestimonialsView({ block }: { block: TestimonialsBlock }) {
  const headingId = `${block.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} className="text-center text-slate-900">
          {block.heading}
        </SectionHeading>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {withKeys(block.items, (t) => t.name).map(({ key, item: t }) => (
            <li key={key}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6">
                <div
                  className="flex gap-0.5 text-amber-500"
                  role="img"
                  aria-label={`${t.rating} out of 5 stars`}
                >
                  {STARS.slice(0, t.rating).map((n) => (
                    <Star key={n} className="size-4 fill-current" aria-hidden />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-slate-800">“{t.quote}”</blockquote>
                <figcaption className="mt-6">
                  <span className="block font-semibold text-slate-900">{t.name}</span>
                  <span className="block text-sm text-slate-700">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
