// A page's blocks as the public site hydrates them: live blocks are components; the others arrive as the static
// HTML the server rendered (static-html.server.tsx) and stay so. The contact form works as plain HTML until its
// code has loaded after the first paint, then becomes the full form (checks in the browser, sending without leaving).
import { type ComponentType, useEffect, useState } from "react";
import type { ContactFormBlock } from "./contact-form/schema";
import { SplitHero } from "./hero/render";
import { NewsletterView } from "./newsletter/render";
import type { PageData } from "./page-data";
import { type BlockSite, BlockSiteContext } from "./render-parts";
import type { PageBlock } from "./types";

export type PublicBlock =
  | { live: true; block: PageBlock }
  | { live: false; id: string; type: PageBlock["type"]; html: string; island?: ContactFormBlock };

/** Markup the server rendered (static-html.server.tsx), put in place as it is. */
export function StaticHtml({ html }: { html: string }) {
  // display: contents, so the wrapper changes nothing in the layout.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React rendered on the server from validated blocks (every text escaped), not stored HTML.
  return <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}

function ContactIsland({ html, block }: { html: string; block: ContactFormBlock }) {
  const [View, setView] = useState<ComponentType<{ block: ContactFormBlock }> | null>(null);
  useEffect(() => {
    let live = true;
    import("./contact-form/render").then(
      (m) => live && setView(() => m.ContactFormView),
      () => {}, // Stays the plain form, which posts without JavaScript.
    );
    return () => {
      live = false;
    };
  }, []);
  return View ? <View block={block} /> : <StaticHtml html={html} />;
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
        if (entry.island) return <ContactIsland key={entry.id} html={entry.html} block={entry.island} />;
        return <StaticHtml key={entry.id} html={entry.html} />;
      })}
    </BlockSiteContext.Provider>
  );
}
