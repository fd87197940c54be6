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
import { type ComponentType, createContext, useContext, useEffect, useState } from "react";
import type { RunningIslandProps, Typed } from "~/components/site/typed-carry-over";
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

/**
 * A form block: the plain form until its chunk (loaded only by pages that have such a block) gives the running one,
 * which starts from what the visitor typed by then, read at the last moment before the swap. Should the chunk fail
 * to load, the plain form stays: it posts without JavaScript.
 */
function FormIsland({
  id,
  html,
  block,
  form,
}: {
  id: string;
  html?: string;
  block: ContactFormBlock | FormBlock;
  form?: PublicForm;
}) {
  const [running, setRunning] = useState<{ View: ComponentType<RunningIslandProps<never>>; typed?: Typed }>();
  useEffect(() => {
    let live = true;
    (block.type === "form" ? import("./form/render") : import("./contact-form/render")).then(
      (chunk) => live && setRunning({ View: chunk.RunningIsland, typed: chunk.typedIn(id) }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [id, block.type]);
  if (!running) return <StaticHtml id={id} html={html} />;
  return <running.View block={block as never} form={form} typed={running.typed} />;
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
        // A built form deleted or put back to draft since: nothing to run (its static markup is empty).
        if (entry.island && (entry.island.type !== "form" || entry.form))
          return (
            <FormIsland
              key={entry.id}
              id={entry.id}
              html={entry.html}
              block={entry.island}
              form={entry.form}
            />
          );
        return <StaticHtml key={entry.id} id={entry.id} html={entry.html} />;
      })}
    </BlockSiteContext.Provider>
  );
}
