// What the public page module and the page preview module share in the browser: the head of a page built from
// blocks and its body. Two modules, so the landing page's JavaScript carries none of the preview's parts.
import type { MetaDescriptor } from "react-router";
import type { ShowcaseSlide } from "~/blocks/page-data";
import { type PublicBlock, PublicBlocks } from "~/blocks/public-blocks";
import type { BlockSite } from "~/blocks/render-parts";
import { type JsonLd, pageMeta, type SiteInfo } from "~/lib/seo";
import type { PublicPage } from "~/models/pages.server";

/** A page as its loader hands it to the browser (routes/support/public-page.server.ts builds it). */
export interface ShownPage {
  page: Omit<PublicPage, "blocks" | "data"> & {
    blocks: PublicBlock[];
    showcase: ShowcaseSlide[];
    site: BlockSite;
  };
  jsonLd: JsonLd[];
}

/** The landing page's head is the site's own (site title and description) unless its SEO fields say otherwise. */
export function shownPageMeta(
  site: SiteInfo,
  { page, jsonLd }: ShownPage,
  preview: boolean,
): MetaDescriptor[] {
  const home = page.path === "/";
  return pageMeta(site, {
    title: page.metaTitle || (home ? site.siteTitle : page.title),
    fullTitle: home && !page.metaTitle,
    description: page.metaDescription || (home ? site.siteDescription : null),
    path: page.canonical || page.path,
    image: page.socialImage,
    noindex: page.noindex || preview,
    jsonLd: jsonLd.length > 0 ? jsonLd : undefined,
  });
}

export function ShownPageBlocks({ page }: { page: ShownPage["page"] }) {
  return (
    <PublicBlocks
      blocks={page.blocks}
      data={{ showcase: page.showcase, latest: {}, images: {} }}
      site={page.site}
    />
  );
}
