// The Analytics page's time series: visitors and leads per day. The chart itself (recharts) is imported in the
// browser after the page has hydrated, so the library stays out of the server render, out of the admin pages'
// first load and far from any public page; until then (or if it cannot load) the card keeps its height with a
// quiet placeholder. The same figures are always in a table behind "Show as table", the chart's text alternative.
import { ChevronRight } from "lucide-react";
import { type ComponentType, useEffect, useState } from "react";
import { formatCount } from "~/components/admin/stat-card";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatDayRange, formatShortDate } from "~/lib/dates";
import { formatRate } from "~/lib/growth";
import type { ChartDay } from "./traffic-chart-impl";

interface Day extends ChartDay {
  views: number;
}

type Impl = ComponentType<{ days: ChartDay[] }>;
// Colours of the legend; the same values as the chart's (traffic-chart-impl.tsx), kept here so the legend does
// not wait for the chart's code.
const VISITORS = "bg-brand-600";
const LEADS = "bg-emerald-500";

export function TrafficChart({ days }: { days: Day[] }) {
  const [chart, setChart] = useState<{ Impl: Impl } | "failed" | null>(null);
  useEffect(() => {
    let alive = true;
    import("./traffic-chart-impl").then(
      (m) => alive && setChart({ Impl: m.TrafficChartImpl }),
      () => alive && setChart("failed"),
    );
    return () => {
      alive = false;
    };
  }, []);

  const withLeads = days.some((d) => d.leads !== null);
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  const label = `Chart of visitors${withLeads ? " and leads" : ""} per day, ${formatDayRange(first, last)}. The figures are in the table under Show as table.`;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <CardTitle>Visitors{withLeads ? " and leads" : ""} per day</CardTitle>
        {days.length > 1 ? (
          <ul aria-hidden className="flex items-center gap-4 text-xs text-slate-700">
            <li className="flex items-center gap-1.5">
              <span className={`h-2.5 w-4 rounded-sm ${VISITORS}`} />
              Visitors (left scale)
            </li>
            {withLeads ? (
              <li className="flex items-center gap-1.5">
                <span className={`h-2.5 w-2.5 rounded-sm ${LEADS}`} />
                Leads (right scale)
              </li>
            ) : null}
          </ul>
        ) : null}
      </CardHeader>
      <CardContent>
        {days.length < 2 ? (
          <p className="rounded-lg bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">
            One day has no trend to draw: its figures are in the cards above and in the table. Choose 7 days
            or more to see the chart.
          </p>
        ) : (
          <div role="img" aria-label={label} className="h-[280px] w-full" data-testid="traffic-chart">
            {chart && chart !== "failed" ? (
              <chart.Impl days={days} />
            ) : (
              <div className="flex h-full items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-600">
                {chart === "failed" ? "The chart could not load; the figures are in the table below." : null}
              </div>
            )}
          </div>
        )}
        <details className="group mt-4 border-t border-slate-100 pt-3">
          <summary className="inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 [&::-webkit-details-marker]:hidden">
            <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden />
            Show as table
          </summary>
          <ScrollRegion
            label="Figures per day"
            className="mt-3 max-h-96 overflow-auto rounded-lg border border-slate-200"
          >
            <table className="w-full min-w-[28rem] text-sm">
              <caption className="sr-only">Visitors, page views and leads per day (UTC)</caption>
              <thead className="sticky top-0 bg-slate-50 text-left text-xs font-semibold text-slate-600">
                <tr>
                  {["Day", "Visitors", "Page views", ...(withLeads ? ["Leads", "Conversion"] : [])].map(
                    (h, i) => (
                      <th key={h} scope="col" className={i === 0 ? "px-3 py-2" : "px-3 py-2 text-right"}>
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 tabular-nums">
                {days.map((d) => (
                  <tr key={d.day}>
                    <th scope="row" className="px-3 py-1.5 text-left font-normal text-slate-800">
                      <time dateTime={d.day}>{formatShortDate(d.day)}</time>
                    </th>
                    <td className="px-3 py-1.5 text-right">{formatCount(d.visitors)}</td>
                    <td className="px-3 py-1.5 text-right">{formatCount(d.views)}</td>
                    {withLeads ? (
                      <>
                        <td className="px-3 py-1.5 text-right">{formatCount(d.leads ?? 0)}</td>
                        <td className="px-3 py-1.5 text-right">
                          {d.visitors > 0 ? formatRate((d.leads ?? 0) / d.visitors) : "—"}
                        </td>
                      </>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
      </CardContent>
    </Card>
  );
}
