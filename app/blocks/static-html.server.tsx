// The server side of "only blocks that need it hydrate": blocks without behaviour are rendered here to static HTML,
// which the page carries as it is; the browser loads no code for them (ADR 033, the landing page's budget).
import { renderToStaticMarkup } from "react-dom/server";
import { createContext } from "react-router";
import type { PageData } from "./page-data";
import type { PublicBlock } from "./public-blocks";
import { type BlockSite, BlockSiteContext, buttonVariants } from "./render-parts";
import { BlockView } from "./renderers";
import type { PageBlock } from "./types";

/** Blocks the browser runs: the hero beside the showcase (carousel, demo dialog) and the newsletter form. */
const isLive = (block: PageBlock) =>
  (block.type === "hero" && block.layout === "split") || block.type === "newsletter";

/**
 * While a document renders: the static blocks' markup by block id (public-blocks.tsx, StaticMarkup), set for each
 * document request by the HTTP layer; null for a client navigation's data, which carries the markup itself.
 */
export const staticMarkupContext = createContext<Map<string, string> | null>(null);

/** `markup`: where the static blocks' HTML goes instead of the entries (a document; see staticMarkupContext). */
export function publicBlocks(
  blocks: readonly PageBlock[],
  data: PageData,
  site: BlockSite,
  markup: Map<string, string> | null,
): PublicBlock[] {
  return blocks.map((block) => {
    if (isLive(block)) return { live: true, block };
    const rendered = renderToStaticMarkup(
      <BlockSiteContext.Provider value={site}>
        <BlockView block={block} data={data} />
      </BlockSiteContext.Provider>,
    );
    markup?.set(block.id, rendered);
    const html = markup ? undefined : rendered;
    // The forms run once their code has loaded after the first paint (public-blocks.tsx, islands).
    if (block.type === "contact-form")
      return { live: false, id: block.id, type: block.type, html, island: block };
    if (block.type === "form") {
      const form = data.forms?.[block.id];
      return form
        ? { live: false, id: block.id, type: block.type, html, island: block, form }
        : { live: false, id: block.id, type: block.type, html };
    }
    return { live: false, id: block.id, type: block.type, html };
  });
}

/** The 404 page's content: static too, so the route's JavaScript carries none of it. */
export function notFoundHtml(): string {
  return renderToStaticMarkup(
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-28 text-center">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for doesn't exist or has moved.</p>
      <a href="/" className={buttonVariants({ className: "mt-8" })}>
        Return to Home
      </a>
    </section>,
  );
}
