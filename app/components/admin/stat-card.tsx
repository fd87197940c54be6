// A dashboard figure: label, value, a short explanation and an icon.
import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Card } from "~/components/ui/card";

export function StatCard({
  label,
  value,
  detail,
  icon: Icon,
}: {
  label: string;
  value: React.ReactNode;
  detail?: React.ReactNode;
  icon: LucideIcon;
}) {
  return (
    <Card className="p-5" data-testid="stat-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</p>
        </div>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon className="size-5" aria-hidden />
        </span>
      </div>
      {detail ? <p className="mt-2 text-xs text-slate-600">{detail}</p> : null}
    </Card>
  );
}
