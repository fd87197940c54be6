import { withKeys } from "../render-parts";
import type { FaqBlock } from "./schema";

export function FaqView({ block }: { block: FaqBlock }) {
  const headingId = `${block.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {block.heading}
        </h2>
        <div className="mt-10 space-y-3">
          {withKeys(block.items, (q) => q.question).map(({ key, item }) => (
            <details key={key} className="group rounded-xl border border-slate-200 bg-white p-5">
              <summary className="flex min-h-6 cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900">
                {item.question}
                <span aria-hidden className="text-brand-700 transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 text-slate-700">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
