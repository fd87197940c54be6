// /admin/analytics: first-party visitor analytics (docs/product.md, Analytics). The range and filters live in the
// URL (app/lib/analytics-query.ts); the figures come from one report (app/models/analytics-report.server.ts),
// the same one the CSV export writes: four cards against the previous period, visitors and leads per day (chart
// and table), and the lists by page, source, campaign, referrer and device, each linking to a filtered view.
import { BarChart3, Download } from "lucide-react";
import { data, useNavigation } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { AnalyticsBreakdown, type BreakdownColumn } from "~/components/admin/analytics-breakdown";
import { AnalyticsCards } from "~/components/admin/analytics-cards";
import { AnalyticsToolbar, previousPeriodWords } from "~/components/admin/analytics-toolbar";
import { TrafficChart } from "~/components/admin/traffic-chart";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import {
  analyticsSearch,
  dayOf,
  type FilterKey,
  leadsKnown,
  parseAnalyticsQuery,
} from "~/lib/analytics-query";
import { adminTitle } from "~/lib/brand";
import { cn } from "~/lib/utils";
import { analyticsReport } from "~/models/analytics-report.server";
import type { Route } from "./+types/analytics";

export function meta() {
  return [{ title: adminTitle("Analytics") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "analytics.view");
  const today = dayOf(new Date());
  const query = parseAnalyticsQuery(new URL(request.url).searchParams, today);
  const report = await analyticsReport(query);
  // A custom range that cannot be shown is the admin's input to correct: 400, with the default range meanwhile.
  return data(
    { query, report, today },
    { status: query.error ? 400 : 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

const withConversion =
  (first: BreakdownColumn[]) =>
  (leads: boolean): BreakdownColumn[] =>
    leads ? [...first, "leads" as const, "conversion" as const] : first;

/** The page's lists: which report rows, the filter a row sets, and the columns (leads unless unknown). */
const LISTS = [
  {
    title: "Top pages",
    note: "Views of each page; entries are visitors whose day started there, and leads and conversion count them.",
    filterKey: "path",
    heading: "Page",
    rows: "pages",
    columns: withConversion(["views", "entries"]),
    empty: "No page views in this period.",
  },
  {
    title: "Sources",
    note: "The UTM source, else the referring site; direct when neither.",
    filterKey: "source",
    heading: "Source",
    rows: "sources",
    columns: withConversion(["visitors"]),
    empty: "No visitors in this period.",
  },
  {
    title: "Top referrers",
    note: "Other sites that sent visitors here.",
    filterKey: "referrer",
    heading: "Referrer",
    rows: "referrers",
    columns: withConversion(["visitors"]),
    empty: "No visitor came from another site in this period.",
  },
  {
    title: "UTM campaigns",
    note: undefined,
    filterKey: "campaign",
    heading: "Campaign",
    rows: "campaigns",
    columns: withConversion(["visitors"]),
    empty: "No visitors in this period.",
  },
  {
    title: "Devices",
    note: "Leads record no device.",
    filterKey: "device",
    heading: "Device",
    rows: "devices",
    columns: () => ["visitors", "views"],
    empty: "No visitors in this period.",
  },
] as const satisfies ReadonlyArray<{
  title: string;
  note: string | undefined;
  filterKey: FilterKey;
  heading: string;
  rows: "pages" | "sources" | "referrers" | "campaigns" | "devices";
  columns: (leads: boolean) => BreakdownColumn[];
  empty: string;
}>;

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { query, report, today } = loaderData;
  const navigation = useNavigation();
  const pending =
    navigation.state === "loading" && navigation.location?.pathname === "/admin/analytics"
      ? parseAnalyticsQuery(new URLSearchParams(navigation.location.search), today)
      : undefined;
  const updating = pending !== undefined;
  const period = previousPeriodWords(query);
  const leads = leadsKnown(query.filter);
  return (
    <>
      <AdminPageHeader
        title="Analytics"
        description="Visitors, sources and conversions, counted on this server: no cookies, no third party."
        actions={
          report.hasTraffic ? (
            <a
              href={`/admin/analytics/export${analyticsSearch(query)}`}
              download
              className={buttonVariants({ variant: "outline" })}
            >
              <Download aria-hidden />
              Export CSV
            </a>
          ) : null
        }
      />
      {report.hasTraffic ? (
        <>
          <AnalyticsToolbar query={query} today={today} pending={pending} />
          <div
            aria-busy={updating || undefined}
            className={cn("space-y-6 transition-opacity duration-200", updating && "opacity-60")}
          >
            <AnalyticsCards totals={report.totals} previous={report.previousTotals} period={period} />
            <TrafficChart days={report.daily} />
            {/* Pages first and full width (they have the most columns), then the others two by two. */}
            {(() => {
              const [pages, ...others] = LISTS.map((list) => (
                <AnalyticsBreakdown
                  key={list.filterKey}
                  {...list}
                  rows={report[list.rows]}
                  columns={list.columns(leads)}
                  query={query}
                />
              ));
              return (
                <>
                  {pages}
                  <div className="grid gap-6 lg:grid-cols-2">{others}</div>
                </>
              );
            })()}
          </div>
        </>
      ) : (
        <NoTrafficYet />
      )}
    </>
  );
}

function NoTrafficYet() {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      <span className="rounded-full bg-brand-50 p-3 text-brand-700">
        <BarChart3 className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">No visitors yet</h2>
      <p className="mt-2 max-w-md text-sm text-slate-600">
        Visits are counted on this server as soon as people open the public site: nothing to install, no
        cookie, no third party. Figures appear here about a second after the first visit.
      </p>
      <a
        href="/"
        target="_blank"
        rel="noreferrer"
        className={cn(buttonVariants({ variant: "outline" }), "mt-6")}
      >
        Open the website
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Card>
  );
}
