// The server side of "only blocks that need it hydrate": blocks without behaviour are rendered here to static HTML,
// which the page carries as it is; the browser loads no code for them (ADR 033, the landing page's budget).
import { renderToStaticMarkup } from "react-dom/server";
import type { PageData } from "./page-data";
import type { PublicBlock } from "./public-blocks";
import { type BlockSite, BlockSiteContext, buttonVariants } from "./render-parts";
import { BlockView } from "./renderers";
import type { PageBlock } from "./types";

/** Blocks the browser runs: the hero beside the showcase (carousel, demo dialog) and the newsletter form. */
const isLive = (block: PageBlock) =>
  (block.type === "hero" && block.layout === "split") || block.type === "newsletter";

export function publicBlocks(blocks: readonly PageBlock[], data: PageData, site: BlockSite): PublicBlock[] {
  return blocks.map((block) => {
    if (isLive(block)) return { live: true, block };
    const html = renderToStaticMarkup(
      <BlockSiteContext.Provider value={site}>
        <BlockView block={block} data={data} />
      </BlockSiteContext.Provider>,
    );
    return block.type === "contact-form"
      ? { live: false, id: block.id, type: block.type, html, island: block }
      : { live: false, id: block.id, type: block.type, html };
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
