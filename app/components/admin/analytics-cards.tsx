// The Analytics page's four cards: visitors, page views, leads and conversion rate for the range, each with its
// change against the previous period of the same length, in words (for screen readers) and as an arrow and an
// amount (for the eye): never colour alone.
import { ArrowDownRight, ArrowRight, ArrowUpRight, Eye, Inbox, Percent, Users } from "lucide-react";
import { formatCount, StatGrid } from "~/components/admin/stat-card";
import { type Change, countChange, formatRate, rateChange } from "~/lib/growth";
import { cn } from "~/lib/utils";

interface Totals {
  visitors: number;
  views: number;
  leads: number | null;
  conversionRate: number | null;
}

const TONES = {
  up: { icon: ArrowUpRight, className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  down: { icon: ArrowDownRight, className: "bg-rose-50 text-rose-800 ring-rose-200" },
  flat: { icon: ArrowRight, className: "bg-slate-100 text-slate-700 ring-slate-200" },
} as const;

function ChangeLine({ change, period }: { change: Change; period: string }) {
  const tone = TONES[change.direction];
  const Icon = tone.icon;
  const amount = change.amount === "new" ? "New" : change.amount || "No change";
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <span
        aria-hidden
        className={cn(
          "inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 font-semibold ring-1",
          tone.className,
        )}
      >
        <Icon className="size-3.5" />
        {amount}
      </span>
      <span aria-hidden className="text-slate-600">
        vs {change.previous} {period}
      </span>
      <span className="sr-only">
        {change.sentence} {period}
      </span>
    </p>
  );
}

function Unknown({ children }: { children: string }) {
  return <p className="mt-3 text-xs text-slate-600">{children}</p>;
}

/** `period` finishes "Up 25% from 12 …": "in the previous 30 days", "yesterday". */
export function AnalyticsCards({
  totals,
  previous,
  period,
}: {
  totals: Totals;
  previous: Totals;
  period: string;
}) {
  const noDevice = "Leads record no device: remove the device filter to see them.";
  const rateShown = totals.conversionRate !== null && totals.visitors > 0;
  return (
    <StatGrid
      label="Totals for the period"
      columns={4}
      figures={[
        {
          label: "Visitors",
          icon: Users,
          value: totals.visitors,
          detail: <ChangeLine change={countChange(totals.visitors, previous.visitors)} period={period} />,
        },
        {
          label: "Page views",
          icon: Eye,
          value: totals.views,
          detail: <ChangeLine change={countChange(totals.views, previous.views)} period={period} />,
        },
        {
          label: "Leads",
          icon: Inbox,
          value: totals.leads === null ? "—" : formatCount(totals.leads),
          detail:
            totals.leads === null || previous.leads === null ? (
              <Unknown>{noDevice}</Unknown>
            ) : (
              <ChangeLine change={countChange(totals.leads, previous.leads)} period={period} />
            ),
        },
        {
          label: "Conversion rate",
          icon: Percent,
          value: rateShown ? formatRate(totals.conversionRate ?? 0) : "—",
          detail:
            totals.conversionRate === null || previous.conversionRate === null ? (
              <Unknown>{noDevice}</Unknown>
            ) : rateShown ? (
              <ChangeLine
                change={rateChange(totals.conversionRate, previous.conversionRate)}
                period={period}
              />
            ) : (
              <Unknown>Leads per visitor: no visitors in this period.</Unknown>
            ),
        },
      ]}
    />
  );
}
