// Every page built from blocks: "/" (the landing page), "/pricing" and any other path no built-in route answers
// (a campaign page, ADR 033). The published page at the path is rendered from its blocks; without one, the
// site's 404 page.
import { data } from "react-router";
import { PublicBlocks, StaticHtml } from "~/blocks/public-blocks";
import { notFoundHtml, publicBlocks } from "~/blocks/static-html.server";
import { env } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { normalizePagePath } from "~/lib/page-paths";
import { errorMeta, pageMeta, siteInfo } from "~/lib/seo";
import { faqPageJsonLd } from "~/lib/structured-data";
import { getPublishedPage } from "~/models/pages.server";
import { getSettings } from "~/models/settings.server";
import type { Route } from "./+types/page";

/** The page a request is for: a client navigation asks for "/pricing.data" (and "/_.data" for "/"). */
function pagePathOf(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const path = pathname.slice(0, -".data".length);
  return path === "/_" || path === "/_root" ? "/" : path;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const [page, settings] = await Promise.all([
    getPublishedPage(normalizePagePath(pagePathOf(pathname))),
    getSettings(),
  ]);
  if (page) {
    const { blocks, data: blockData, ...head } = page;
    const site = { signupUrl: env().productSignupUrl, newsletterEnabled: settings.newsletterEnabled };
    // Built here, on the server, so the JSON-LD builders stay out of the browser's first load (ADR 011).
    const faq = blocks.flatMap((block) => (block.type === "faq" ? block.items : []));
    return {
      page: { ...head, blocks: publicBlocks(blocks, blockData, site), showcase: blockData.showcase, site },
      jsonLd: faq.length > 0 ? [faqPageJsonLd(faq)] : [],
    };
  }
  logger.warn({ path: pathname }, "404: page not found");
  return data({ page: null, jsonLd: [], notFound: notFoundHtml() }, { status: 404 });
}

/** The landing page's head is the site's own (site title and description) unless its SEO fields say otherwise. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteInfo(matches);
  const page = loaderData?.page;
  if (!page) return errorMeta(site, "Page not found");
  const home = page.path === "/";
  return pageMeta(site, {
    title: page.metaTitle || (home ? site.siteTitle : page.title),
    fullTitle: home && !page.metaTitle,
    description: page.metaDescription || (home ? site.siteDescription : null),
    path: page.canonical || page.path,
    image: page.socialImage,
    noindex: page.noindex,
    jsonLd: loaderData.jsonLd.length > 0 ? loaderData.jsonLd : undefined,
  });
};

export default function Page({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page) return <StaticHtml html={loaderData.notFound} />;
  const { page } = loaderData;
  return (
    <PublicBlocks
      blocks={page.blocks}
      data={{ showcase: page.showcase, latest: {}, images: {} }}
      site={page.site}
    />
  );
}
