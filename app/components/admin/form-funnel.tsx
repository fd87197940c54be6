// A form's funnel on its screen: how often the running form was shown, first touched and sent in the last 30 days,
// in total and by page, counted without cookies (app/models/form-funnel.server.ts).
import { Card } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";

export interface FunnelFigures {
  page: string;
  views: number;
  starts: number;
  submissions: number;
}

const COLUMNS = [
  { key: "page", label: "Page" },
  { key: "views", label: "Views", numeric: true },
  { key: "starts", label: "Starts", numeric: true },
  { key: "submissions", label: "Submissions", numeric: true },
  { key: "rate", label: "Sent per view", numeric: true },
];

const rate = (row: FunnelFigures) =>
  row.views ? `${Math.round((Math.min(row.submissions, row.views) / row.views) * 100)} %` : "–";

export function FormFunnel({
  total,
  pages,
  days,
}: {
  total: FunnelFigures;
  pages: FunnelFigures[];
  days: number;
}) {
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold text-slate-900">Funnel, last {days} days</h2>
      <p className="mt-1 text-sm text-slate-700">
        A view is the form shown on a page with JavaScript; a start, its first field touched. Counted without
        cookies; bots are left out.
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-3 text-center" data-testid="form-funnel">
        {(
          [
            ["Views", total.views],
            ["Starts", total.starts],
            ["Submissions", total.submissions],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {pages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          Nothing counted yet: put the form on a page with the Form block.
        </p>
      ) : (
        <DataTable label="Funnel by page" columns={COLUMNS} dense className="mt-3 overflow-x-auto">
          {pages.map((row) => (
            <tr key={row.page} className="border-b border-slate-100 last:border-0">
              <td className="px-3 py-2 font-mono text-xs text-slate-800">{row.page}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.views}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.starts}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.submissions}</td>
              <td className="px-3 py-2 text-right tabular-nums">{rate(row)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
