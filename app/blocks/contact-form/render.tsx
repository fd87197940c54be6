import { useContext } from "react";
import { ContactForm } from "~/components/site/contact-form";
import type { RunningIslandProps, Typed } from "~/components/site/typed-carry-over";

// Read by the page's island just before this form replaces the plain one.
export { typedIn } from "~/components/site/typed-carry-over";

import { BlockSiteContext, SectionHeading } from "../render-parts";
import type { ContactFormBlock } from "./schema";

export function ContactFormView({ block, typed }: { block: ContactFormBlock; typed?: Typed }) {
  const headingId = `${block.id}-heading`;
  // The contact form's texts as the team wrote them: the data of a page with this block always carries them.
  const texts = useContext(BlockSiteContext).contact;
  if (!texts) throw new Error("A contact form block needs the contact form's texts in its BlockSite.");
  return (
    <section aria-labelledby={headingId} className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} className="text-center text-slate-900">
          {block.heading}
        </SectionHeading>
        {block.text ? <p className="mt-4 text-center text-lg text-slate-700">{block.text}</p> : null}
        <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <ContactForm texts={texts} sourceSection={`page_${block.id}`} typed={typed} />
        </div>
      </div>
    </section>
  );
}

/** The running form that replaces the plain one on a page (public-blocks.tsx). */
export function RunningIsland({ block, typed }: RunningIslandProps<ContactFormBlock>) {
  return <ContactFormView block={block} typed={typed} />;
}
