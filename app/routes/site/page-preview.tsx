// A page's preview link (/preview/page/<token>): the page whatever its status, rendered as visitors would see it
// under the preview banner, never cached and never indexed (docs/product.md, Preview links).
import { AlertTriangle } from "lucide-react";
import { data, isRouteErrorResponse } from "react-router";
import { ContentState } from "~/components/site/content-state";
import { PreviewBanner, PreviewUnavailable, previewErrorTitle } from "~/components/site/preview-parts";
import { requestInfo } from "~/infra/request-context.server";
import { PREVIEW_HEADERS, previewHeadersOr } from "~/lib/preview";
import { errorMeta, siteInfo } from "~/lib/seo";
import { publicPageOf } from "~/models/pages.server";
import { openPreviewPage } from "~/routes/support/preview.server";
import { ShownPageBlocks, shownPageMeta } from "~/routes/support/public-page";
import { shownPage } from "~/routes/support/public-page.server";
import type { Route } from "./+types/page-preview";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { item, banner } = await openPreviewPage("page", params.token, requestInfo(context).ip);
  const shown = await shownPage(await publicPageOf(item), context);
  return data({ ...shown, preview: banner }, { headers: PREVIEW_HEADERS });
}

/** A preview and its error pages answer no-store and noindex. */
export function headers(args: Route.HeadersArgs) {
  return previewHeadersOr(args);
}

/** A preview link's error (404 unknown, 410 expired or revoked, 429 too many tries) names its reason. */
const reasonOf = (error: unknown) =>
  (isRouteErrorResponse(error) && (error.data as { reason?: string } | null)?.reason) || "failed";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  const site = siteInfo(matches);
  if (error || !loaderData)
    return errorMeta(site, previewErrorTitle(reasonOf(error)) ?? "Failed to load page");
  return shownPageMeta(site, loaderData, true);
};

export default function PagePreview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
        <PreviewBanner {...loaderData.preview} />
      </div>
      <ShownPageBlocks page={loaderData.page} />
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
