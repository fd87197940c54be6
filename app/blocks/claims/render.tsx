import { withKeys } from "../render-parts";
import type { ClaimsBlock } from "./schema";

export function ClaimsView({ block }: { block: ClaimsBlock }) {
  const headingId = `${block.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="border-y border-slate-200 bg-white">
      <h2 id={headingId} className="sr-only">
        {block.heading}
      </h2>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 text-center sm:px-6 lg:grid-cols-4 lg:px-8">
        {withKeys(block.items, (c) => c.label).map(({ key, item: c }) => (
          <div key={key} className="flex flex-col">
            <dt className="text-sm text-slate-700">{c.label}</dt>
            <dd className="order-first text-4xl font-extrabold text-brand-700">{c.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
