// Every page built from blocks: "/" (the landing page), "/pricing" and any other path no built-in route answers
// (a campaign page, ADR 033). The published page at the path is rendered from its blocks; without one, the
// site's 404 page. Preview links have their own module (page-preview.tsx), so none of their parts weigh on the
// landing page's JavaScript.
import { data } from "react-router";
import { StaticHtml } from "~/blocks/public-blocks";
import { notFoundHtml } from "~/blocks/static-html.server";
import { logger } from "~/infra/logger.server";
import { normalizePagePath } from "~/lib/page-paths";
import { dataRequestPage } from "~/lib/routed-path";
import { errorMeta, siteInfo } from "~/lib/seo";
import { getPublishedPage } from "~/models/pages.server";
import { ShownPageBlocks, shownPageMeta } from "~/routes/support/public-page";
import { shownPage } from "~/routes/support/public-page.server";
import type { Route } from "./+types/page";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const page = await getPublishedPage(normalizePagePath(dataRequestPage(pathname) ?? pathname));
  if (page) return shownPage(page, context);
  logger.warn({ path: pathname }, "404: page not found");
  return data({ page: null, jsonLd: [], notFound: notFoundHtml() }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteInfo(matches);
  if (!loaderData?.page) return errorMeta(site, "Page not found");
  return shownPageMeta(site, loaderData, false);
};

export default function Page({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page) return <StaticHtml html={loaderData.notFound} />;
  return <ShownPageBlocks page={loaderData.page} />;
}
