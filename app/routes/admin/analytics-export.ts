// GET /admin/analytics/export: the Analytics page's figures as CSV, for the same range and filters (the page's
// query string). Aggregates only: no person is in it, so unlike the lead exports it is not an audited event.
import { requireCan } from "~/auth/permissions.server";
import { dayOf, parseAnalyticsQuery } from "~/lib/analytics-query";
import { analyticsCsv, analyticsReport } from "~/models/analytics-report.server";
import type { Route } from "./+types/analytics-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "analytics.view");
  const query = parseAnalyticsQuery(new URL(request.url).searchParams, dayOf(new Date()));
  if (query.error) {
    return new Response(query.error.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const csv = analyticsCsv(query, await analyticsReport(query));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="analytics-${query.range.from}-to-${query.range.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
