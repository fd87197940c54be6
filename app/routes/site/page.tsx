// Every page built from blocks: "/" (the landing page), "/pricing" and any other path no built-in route answers
// (a campaign page, ADR 033). The published page at the path is rendered from its blocks; without one, the
// site's 404 page. A preview link (/preview/page/<token>) shows its page whatever its status, rendered the same
// way under the preview banner, never cached and never indexed (docs/product.md, Preview links).
import { AlertTriangle } from "lucide-react";
import { data, isRouteErrorResponse } from "react-router";
import { PublicBlocks, StaticHtml } from "~/blocks/public-blocks";
import { notFoundHtml, publicBlocks } from "~/blocks/static-html.server";
import { ContentState } from "~/components/site/content-state";
import { PreviewBanner, PreviewUnavailable, previewErrorTitle } from "~/components/site/preview-parts";
import { env } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { normalizePagePath } from "~/lib/page-paths";
import { PREVIEW_HEADERS, previewHeadersOr } from "~/lib/preview";
import { requestInfo } from "~/lib/request-context.server";
import { errorMeta, pageMeta, siteInfo } from "~/lib/seo";
import { faqPageJsonLd } from "~/lib/structured-data";
import { getPublishedPage, type PublicPage, publicPageOf } from "~/models/pages.server";
import { getSettings } from "~/models/settings.server";
import { openPreviewPage, type PreviewBannerText } from "~/routes/support/preview.server";
import type { Route } from "./+types/page";

/** The page a request is for: a client navigation asks for "/pricing.data" (and "/_.data" for "/"). */
function pagePathOf(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const path = pathname.slice(0, -".data".length);
  return path === "/_" || path === "/_root" ? "/" : path;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.token !== undefined) {
    const { item, banner } = await openPreviewPage("page", params.token, requestInfo(context).ip);
    return data(await shownPage(await publicPageOf(item), banner), { headers: PREVIEW_HEADERS });
  }
  const { pathname } = new URL(request.url);
  const page = await getPublishedPage(normalizePagePath(pagePathOf(pathname)));
  if (page) return shownPage(page, null);
  logger.warn({ path: pathname }, "404: page not found");
  return data({ page: null, jsonLd: [], preview: null, notFound: notFoundHtml() }, { status: 404 });
}

async function shownPage(page: PublicPage, preview: PreviewBannerText | null) {
  const settings = await getSettings();
  const { blocks, data: blockData, ...head } = page;
  const site = { signupUrl: env().productSignupUrl, newsletterEnabled: settings.newsletterEnabled };
  // Built here, on the server, so the JSON-LD builders stay out of the browser's first load (ADR 011).
  const faq = blocks.flatMap((block) => (block.type === "faq" ? block.items : []));
  return {
    page: { ...head, blocks: publicBlocks(blocks, blockData, site), showcase: blockData.showcase, site },
    jsonLd: faq.length > 0 ? [faqPageJsonLd(faq)] : [],
    preview,
  };
}

/** A preview (and its error pages) answers no-store and noindex; a public page keeps the page cache's headers. */
export function headers(args: Route.HeadersArgs) {
  return previewHeadersOr(args);
}

/** A preview link's error (404 unknown, 410 expired or revoked, 429 too many tries) names its reason. */
const reasonOf = (error: unknown) =>
  (isRouteErrorResponse(error) && (error.data as { reason?: string } | null)?.reason) || "failed";

/** The landing page's head is the site's own (site title and description) unless its SEO fields say otherwise. */
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  const site = siteInfo(matches);
  if (error) return errorMeta(site, previewErrorTitle(reasonOf(error)) ?? "Failed to load page");
  const page = loaderData?.page;
  if (!page) return errorMeta(site, "Page not found");
  const home = page.path === "/";
  return pageMeta(site, {
    title: page.metaTitle || (home ? site.siteTitle : page.title),
    fullTitle: home && !page.metaTitle,
    description: page.metaDescription || (home ? site.siteDescription : null),
    path: page.canonical || page.path,
    image: page.socialImage,
    noindex: page.noindex || Boolean(loaderData.preview),
    jsonLd: loaderData.jsonLd.length > 0 ? loaderData.jsonLd : undefined,
  });
};

export default function Page({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page) return <StaticHtml html={loaderData.notFound} />;
  const { page, preview } = loaderData;
  return (
    <>
      {preview ? (
        <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
          <PreviewBanner {...preview} />
        </div>
      ) : null}
      <PublicBlocks
        blocks={page.blocks}
        data={{ showcase: page.showcase, latest: {}, images: {} }}
        site={page.site}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const reason = reasonOf(error);
  return (
    <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      {previewErrorTitle(reason) ? (
        <PreviewUnavailable reason={reason} />
      ) : (
        <ContentState icon={AlertTriangle} title="Failed to load page" headingLevel={1} role="alert">
          <p>Something went wrong while loading this page. Please try again in a moment.</p>
        </ContentState>
      )}
    </div>
  );
}
