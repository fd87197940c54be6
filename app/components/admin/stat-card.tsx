// Dashboard and analytics figures: label, value, a short explanation and an icon, in a responsive grid.
import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Card } from "~/components/ui/card";

const counts = new Intl.NumberFormat("en-US");

/** 12,345: the figures and the counts in their explanations. */
export function formatCount(n: number): string {
  return counts.format(n);
}

interface StatFigure {
  label: string;
  value: number | string;
  detail?: React.ReactNode;
  icon: LucideIcon;
}

/** The figures of a page, one card each: two columns on small screens, `columns` on wide ones. */
export function StatGrid({
  label,
  figures,
  columns,
}: {
  label: string;
  figures: StatFigure[];
  columns: 3 | 4;
}) {
  return (
    <section
      aria-label={label}
      className={`grid gap-4 sm:grid-cols-2 ${columns === 3 ? "xl:grid-cols-3" : "xl:grid-cols-4"}`}
    >
      {figures.map((figure) => (
        <StatCard key={figure.label} {...figure} />
      ))}
    </section>
  );
}

function StatCard({
  label,
  value,
  detail,
  icon: Icon,
}: {
  label: string;
  /** Numbers are printed with thousands separators. */
  value: number | string;
  detail?: React.ReactNode;
  icon: LucideIcon;
}) {
  return (
    <Card className="p-5" data-testid="stat-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
            {typeof value === "number" ? formatCount(value) : value}
          </p>
        </div>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon className="size-5" aria-hidden />
        </span>
      </div>
      {typeof detail === "string" ? (
        <p className="mt-2 text-xs text-slate-600">{detail}</p>
      ) : (
        (detail ?? null)
      )}
    </Card>
  );
}
