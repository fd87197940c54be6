// One list of the Analytics page (pages, sources, campaigns, referrers, devices): a table whose first column
// links to the same page filtered by that value, with a quiet bar behind it showing its share of the leading
// figure. Ten rows first, the rest on demand.
import { useId, useState } from "react";
import { Link } from "react-router";
import { formatCount } from "~/components/admin/stat-card";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { type AnalyticsQuery, analyticsSearch, type FilterKey, valueLabel } from "~/lib/analytics-query";
import { formatRate } from "~/lib/growth";

interface BreakdownItem {
  key: string;
  views: number;
  visitors: number;
  leads: number | null;
  conversionRate: number | null;
}

export type BreakdownColumn = "views" | "visitors" | "entries" | "leads" | "conversion";

const HEADINGS: Record<BreakdownColumn, string> = {
  views: "Views",
  visitors: "Visitors",
  entries: "Entries",
  leads: "Leads",
  conversion: "Conversion",
};

const FIRST_ROWS = 10;

function cell(row: BreakdownItem, column: BreakdownColumn): string {
  switch (column) {
    case "views":
      return formatCount(row.views);
    case "visitors":
    case "entries":
      return formatCount(row.visitors);
    case "leads":
      return row.leads === null ? "—" : formatCount(row.leads);
    case "conversion":
      return row.conversionRate === null || row.visitors === 0 ? "—" : formatRate(row.conversionRate);
  }
}

export function AnalyticsBreakdown({
  title,
  note,
  filterKey,
  heading,
  rows,
  columns,
  query,
  empty,
}: {
  title: string;
  /** A line under the title explaining the figures. */
  note?: string;
  /** Which filter a row's link sets. */
  filterKey: FilterKey;
  /** The first column's heading ("Page", "Source" …). */
  heading: string;
  rows: BreakdownItem[];
  columns: BreakdownColumn[];
  query: AnalyticsQuery;
  empty: string;
}) {
  const [all, setAll] = useState(false);
  const bodyId = useId();
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  const lead = columns[0] === "views" ? "views" : "visitors";
  const max = Math.max(1, ...rows.map((r) => r[lead]));
  const current = query.filter[filterKey];
  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {note ? <p className="text-xs text-slate-600">{note}</p> : null}
      </CardHeader>
      <CardContent className="flex-1">
        {rows.length === 0 ? (
          <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">{empty}</p>
        ) : (
          // Scrolls sideways on narrow screens.
          <ScrollRegion label={title} className="-mx-1 overflow-x-auto px-1">
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs font-semibold text-slate-600">
                  <th scope="col" className="py-2 pr-3 text-left">
                    {heading}
                  </th>
                  {columns.map((c) => (
                    <th key={c} scope="col" className="py-2 pl-3 text-right whitespace-nowrap">
                      {HEADINGS[c]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody id={bodyId} className="tabular-nums">
                {shown.map((row) => {
                  const label = valueLabel(filterKey, row.key);
                  const share = `${Math.max(2, (row[lead] / max) * 100)}%`;
                  return (
                    <tr key={row.key} className="border-b border-slate-100 last:border-0">
                      <th
                        scope="row"
                        className="relative w-full max-w-0 min-w-28 py-1 pr-3 text-left font-normal"
                      >
                        <span
                          aria-hidden
                          className="absolute inset-y-1 left-0 rounded-md bg-brand-50"
                          style={{ width: share }}
                        />
                        {current === row.key ? (
                          <span className="relative block truncate px-2 py-1.5 font-medium text-slate-900">
                            {label}
                          </span>
                        ) : (
                          <Link
                            to={`/admin/analytics${analyticsSearch(query, { filter: { [filterKey]: row.key } })}`}
                            preventScrollReset
                            title={`Show only ${label}`}
                            className={`relative block truncate rounded-md px-2 py-1.5 hover:underline ${row.key === "" ? "text-slate-600 italic" : "text-slate-900"}`}
                          >
                            <span className="sr-only">Filter by {heading.toLowerCase()}: </span>
                            {label}
                          </Link>
                        )}
                      </th>
                      {columns.map((c) => (
                        <td key={c} className="py-1 pl-3 text-right whitespace-nowrap text-slate-800">
                          {cell(row, c)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        {rows.length > FIRST_ROWS ? (
          <button
            type="button"
            aria-expanded={all}
            aria-controls={bodyId}
            onClick={() => setAll((v) => !v)}
            className="mt-3 min-h-9 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            {all ? "Show fewer" : `Show all ${formatCount(rows.length)}`}
          </button>
        ) : null}
      </CardContent>
    </Card>
  );
}
