import { BuiltForm } from "~/components/site/built-form";
import type { RunningIslandProps, Typed } from "~/components/site/typed-carry-over";

// Read by the page's island just before this form replaces the plain one.
export { typedIn } from "~/components/site/typed-carry-over";

import type { PageData } from "../page-data";
import { SectionHeading } from "../render-parts";
import type { FormBlock } from "./schema";

export function FormBlockView({
  block,
  data,
  typed,
  live,
}: {
  block: FormBlock;
  data: PageData;
  typed?: Typed;
  /** The running form (the page's island, once its code has loaded); the plain HTML form without. */
  live?: boolean;
}) {
  const form = data.forms?.[block.id];
  // A form deleted, or put back to draft, since the page was saved: the block shows nothing.
  if (!form) return null;
  const headingId = `${block.id}-heading`;
  return (
    <section aria-labelledby={block.heading ? headingId : undefined} className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        {block.heading ? (
          <SectionHeading id={headingId} className="text-center text-slate-900">
            {block.heading}
          </SectionHeading>
        ) : null}
        {block.text ? <p className="mt-4 text-center text-lg text-slate-700">{block.text}</p> : null}
        <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <BuiltForm
            form={form}
            label={block.heading || "Form"}
            sourceSection={`page_${block.id}`}
            typed={typed}
            live={live}
          />
        </div>
      </div>
    </section>
  );
}

/** The running form that replaces the plain one on a page (public-blocks.tsx), with its form. */
export function RunningIsland({ block, form, typed }: RunningIslandProps<FormBlock>) {
  if (!form) return null;
  const data = { showcase: [], latest: {}, images: {}, forms: { [block.id]: form } };
  return <FormBlockView block={block} data={data} typed={typed} live />;
}
