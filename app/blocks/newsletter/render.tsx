import { useContext } from "react";
import { NewsletterForm } from "~/components/site/newsletter-form";
import { BlockSiteContext } from "../render-parts";
import type { NewsletterBlock } from "./schema";

export function NewsletterView({ block }: { block: NewsletterBlock }) {
  if (!useContext(BlockSiteContext).newsletterEnabled) return null;
  const headingId = `${block.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="bg-slate-950">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-2xl font-bold text-white">
          {block.heading}
        </h2>
        {block.text ? <p className="mt-2 text-slate-300">{block.text}</p> : null}
        <NewsletterForm idPrefix={`newsletter-${block.id}`} sourceSection={`page_${block.id}`} />
      </div>
    </section>
  );
}
