// The Analytics page's chart (recharts), imported on demand by traffic-chart.tsx so that neither the server
// render nor any public page loads it. Visitors as a soft area on the left axis, leads as bars on the right one
// (they are a much smaller number); no animation, so the chart is calm and a screenshot shows what is there.
import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Tooltip,
  type TooltipContentProps,
  type TooltipValueType,
  XAxis,
  YAxis,
} from "recharts";
import { formatCount } from "~/components/admin/stat-card";
import { formatMonthDay, formatShortDate } from "~/lib/dates";

export interface ChartDay {
  day: string;
  visitors: number;
  leads: number | null;
}

const VISITOR_COLOUR = "#4f46e5"; // brand-600
const LEAD_COLOUR = "#10b981"; // emerald-500
const AXIS = { fontSize: 12, fill: "#64748b" }; // slate-500

function DayTooltip({ active, payload, label }: TooltipContentProps<TooltipValueType, string | number>) {
  if (!active || !payload?.length) return null;
  const day = payload[0]?.payload as ChartDay | undefined;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
      <p className="mb-1 font-semibold text-slate-900">{formatShortDate(String(label))}</p>
      <p className="text-slate-700">
        <span className="mr-1.5 inline-block size-2 rounded-full" style={{ background: VISITOR_COLOUR }} />
        {formatCount(day?.visitors ?? 0)} visitors
      </p>
      {day?.leads !== null && day?.leads !== undefined ? (
        <p className="text-slate-700">
          <span className="mr-1.5 inline-block size-2 rounded-full" style={{ background: LEAD_COLOUR }} />
          {formatCount(day.leads)} leads
        </p>
      ) : null}
    </div>
  );
}

export function TrafficChartImpl({ days }: { days: ChartDay[] }) {
  const withLeads = days.some((d) => d.leads !== null);
  return (
    <ComposedChart
      data={days}
      responsive
      style={{ width: "100%", height: 280 }}
      margin={{ top: 8, right: withLeads ? 4 : 12, bottom: 0, left: 0 }}
      // The wrapper is an image with a text label and the table is the way to read the figures, so the chart
      // itself takes no keyboard focus.
      accessibilityLayer={false}
    >
      <defs>
        <linearGradient id="visitors-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={VISITOR_COLOUR} stopOpacity={0.22} />
          <stop offset="100%" stopColor={VISITOR_COLOUR} stopOpacity={0.02} />
        </linearGradient>
      </defs>
      <CartesianGrid vertical={false} stroke="#e2e8f0" strokeDasharray="3 4" />
      <XAxis
        dataKey="day"
        tickFormatter={(day: string) => formatMonthDay(day)}
        tick={AXIS}
        tickLine={false}
        axisLine={{ stroke: "#cbd5e1" }}
        minTickGap={24}
        interval="preserveStartEnd"
      />
      <YAxis
        yAxisId="visitors"
        allowDecimals={false}
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        width={44}
        tickFormatter={(n: number) => formatCount(n)}
      />
      {withLeads ? (
        <YAxis
          yAxisId="leads"
          orientation="right"
          allowDecimals={false}
          // Leads stay in the lower part of the chart, under the visitors' line, instead of towering over it.
          domain={[0, (max: number) => Math.max(4, Math.ceil(max * 2.5))]}
          tick={{ ...AXIS, fill: "#047857" }}
          tickLine={false}
          axisLine={false}
          width={32}
        />
      ) : null}
      <Tooltip content={DayTooltip} cursor={{ stroke: "#94a3b8", strokeDasharray: "3 3" }} />
      {withLeads ? (
        <Bar
          yAxisId="leads"
          dataKey="leads"
          name="Leads"
          fill={LEAD_COLOUR}
          fillOpacity={0.8}
          radius={[3, 3, 0, 0]}
          maxBarSize={10}
          isAnimationActive={false}
        />
      ) : null}
      <Area
        yAxisId="visitors"
        type="monotone"
        dataKey="visitors"
        name="Visitors"
        stroke={VISITOR_COLOUR}
        strokeWidth={2}
        fill="url(#visitors-fill)"
        dot={days.length <= 14 ? { r: 3, fill: VISITOR_COLOUR, strokeWidth: 0 } : false}
        activeDot={{ r: 4 }}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}
