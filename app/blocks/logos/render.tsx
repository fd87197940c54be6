import { BlockLink, withKeys } from "../render-parts";
import type { LogosBlock } from "./schema";

export function LogosView({ block }: { block: LogosBlock }) {
  const headingId = `${block.id}-heading`;
  return (
    <section
      aria-labelledby={block.heading ? headingId : undefined}
      aria-label={block.heading ? undefined : "Logos"}
      className="bg-white"
    >
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {block.heading ? (
          <h2
            id={headingId}
            className="text-center text-sm font-semibold uppercase tracking-wide text-slate-700"
          >
            {block.heading}
          </h2>
        ) : null}
        <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-12 gap-y-8">
          {withKeys(block.logos, (l) => l.name).map(({ key, item: logo }) => {
            const img = (
              <img src={logo.image} alt={logo.name} className="h-10 w-auto" loading="lazy" decoding="async" />
            );
            return <li key={key}>{logo.href ? <BlockLink href={logo.href}>{img}</BlockLink> : img}</li>;
          })}
        </ul>
      </div>
    </section>
  );
}
