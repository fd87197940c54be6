// The server side of "only blocks that need it hydrate": blocks without behaviour are rendered here to static HTML,
// which the page carries as it is; the browser loads no code for them (ADR 033, the landing page's budget).
import { renderToStaticMarkup } from "react-dom/server";
import type { PageData } from "./page-data";
import type { PublicBlock } from "./public-blocks";
import { type BlockSite, BlockSiteContext } from "./render-parts";
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
