// A page's blocks as the public site hydrates them: live blocks are components; the others arrive as the static
// HTML the server rendered (static-html.server.tsx) and stay so. The contact form works as plain HTML until its
// code has loaded after the first paint, then becomes the full form (checks in the browser, sending without leaving),
// which starts from whatever the visitor had already typed into the plain one.
//
// In a document that markup is written once, in the page itself: the loader data the browser hydrates from leaves
// it out (publicBlocks hands it to the render through StaticMarkup instead) and the browser reads it back from the
// document, the way the inlined stylesheet is read back. That keeps each block's HTML from travelling twice, which
// on the landing page was a fifth of the document. A client-side navigation's data carries the markup, as there is
// no document to read it from.
import { createContext, useContext, useEffect, useState } from "react";
import type { Typed } from "~/components/site/typed-carry-over";
import type { PublicForm } from "~/lib/form-builder/availability";
import type { ContactFormBlock } from "./contact-form/schema";
import type { FormBlock } from "./form/schema";
import { SplitHero } from "./hero/render";
import { NewsletterView } from "./newsletter/render";
import type { PageData } from "./page-data";
import { type BlockSite, BlockSiteContext } from "./render-parts";
import type { PageBlock } from "./types";

export type PublicBlock =
  | { live: true; block: PageBlock }
  | {
      live: false;
      id: string;
      type: PageBlock["type"];
      /** Absent in a document's data: the markup is in the document (StaticMarkup). */
      html?: string;
      /** A form block: plain HTML first, then the running form once its code has loaded. */
      island?: ContactFormBlock | FormBlock;
      /** A form block's form (the running form needs its fields). */
      form?: PublicForm;
    };

/** On the server, while a document renders: the static blocks' markup by block id, which its data leaves out. */
export const StaticMarkup = createContext<ReadonlyMap<string, string> | null>(null);

/**
 * Markup the server rendered (static-html.server.tsx), put in place as it is: `html` when the data carries it, else
 * (a document) the server's StaticMarkup, and in the browser the markup the document already holds under `id`.
 */
export function StaticHtml({ id, html }: { id?: string; html?: string }) {
  const markup = useContext(StaticMarkup);
  // The read-back Stylesheet (components/ui/stylesheet.tsx) makes too. Not shared: on the landing page a module of
  // both would be a chunk of its own, 160 bytes gzip more than its JavaScript budget allows. Block ids are [\w-]
  // only (blockBase), so one needs no escaping in the selector.
  const [kept] = useState(
    () =>
      html ??
      (id && (markup?.get(id) ?? globalThis.document?.querySelector(`[data-block="${id}"]`)?.innerHTML)),
  );
  // display: contents, so the wrapper changes nothing in the layout.
  return (
    <div
      className="contents"
      data-block={id}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React rendered on the server from validated blocks (every text escaped), not stored HTML.
      dangerouslySetInnerHTML={{ __html: html ?? kept ?? "" }}
    />
  );
}

/** The chunks of the form blocks' running forms, each loaded only by pages that have such a block. */
const loadContactForm = () => import("./contact-form/render");
const loadBuiltForm = () => import("./form/render");

/**
 * A form block's running form: its chunk once loaded (nothing if it fails: the plain form posts without JavaScript),
 * with what the visitor typed into the plain form by then, read at the last moment before the swap.
 */
function useRunningForm<M extends { typedIn(id: string): Typed | undefined }>(
  id: string,
  load: () => Promise<M>,
) {
  const [running, setRunning] = useState<{ chunk: M; typed?: Typed } | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (chunk) => live && setRunning({ chunk, typed: chunk.typedIn(id) }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [id, load]);
  return running;
}

function ContactIsland({ id, html, block }: { id: string; html?: string; block: ContactFormBlock }) {
  const running = useRunningForm(id, loadContactForm);
  if (!running) return <StaticHtml id={id} html={html} />;
  const { ContactFormView } = running.chunk;
  return <ContactFormView block={block} typed={running.typed} />;
}

function FormIsland({
  id,
  html,
  block,
  form,
}: {
  id: string;
  html?: string;
  block: FormBlock;
  form: PublicForm;
}) {
  const running = useRunningForm(id, loadBuiltForm);
  if (!running) return <StaticHtml id={id} html={html} />;
  const { FormBlockView } = running.chunk;
  const data = { showcase: [], latest: {}, images: {}, forms: { [block.id]: form } };
  return <FormBlockView block={block} data={data} typed={running.typed} live />;
}

function LiveBlock({ block, data }: { block: PageBlock; data: PageData }) {
  if (block.type === "hero") return <SplitHero block={block} data={data} />;
  if (block.type === "newsletter") return <NewsletterView block={block} />;
  return null;
}

export function PublicBlocks({
  blocks,
  data,
  site,
}: {
  blocks: readonly PublicBlock[];
  data: PageData;
  site: BlockSite;
}) {
  return (
    <BlockSiteContext.Provider value={site}>
      {blocks.map((entry) => {
        if (entry.live) return <LiveBlock key={entry.block.id} block={entry.block} data={data} />;
        if (entry.island?.type === "form" && entry.form)
          return (
            <FormIsland
              key={entry.id}
              id={entry.id}
              html={entry.html}
              block={entry.island}
              form={entry.form}
            />
          );
        if (entry.island?.type === "contact-form")
          return <ContactIsland key={entry.id} id={entry.id} html={entry.html} block={entry.island} />;
        return <StaticHtml key={entry.id} id={entry.id} html={entry.html} />;
      })}
    </BlockSiteContext.Provider>
  );
}
