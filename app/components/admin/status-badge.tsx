// Status and difficulty badges of the content lists (docs/product.md, Content statuses: scheduled yellow; difficulty
// beginner green, intermediate yellow, advanced red).
import { Badge } from "~/components/ui/badge";
import { formatInZone } from "~/lib/site-time";

const statusVariant = {
  published: "success",
  draft: "neutral",
  archived: "outline",
  // A form's: taking submissions, or not.
  open: "success",
  closed: "outline",
} as const;
const difficultyVariant = { beginner: "success", intermediate: "warning", advanced: "danger" } as const;

const capitalise = (s: string) => `${s[0]?.toUpperCase() ?? ""}${s.slice(1)}`;

/** A published item whose publication time is still ahead shows "Scheduled" (its date is beside it in the row). */
export function StatusBadge({ status, scheduled = false }: { status: string; scheduled?: boolean }) {
  const variant = scheduled ? "warning" : (statusVariant[status as keyof typeof statusVariant] ?? "neutral");
  return (
    <Badge variant={variant} data-testid="status-badge">
      {scheduled ? "Scheduled" : capitalise(status)}
    </Badge>
  );
}

export function DifficultyBadge({ level }: { level: string }) {
  const variant = difficultyVariant[level as keyof typeof difficultyVariant] ?? "neutral";
  return (
    <Badge variant={variant} data-testid="difficulty-badge">
      {capitalise(level)}
    </Badge>
  );
}

/** "Scheduled for Mar 2, 2026, 9:00 AM (UTC)": beside a scheduled item's badge, in the site's time zone. */
export function ScheduledFor({ date, timeZone }: { date: Date; timeZone: string }) {
  return (
    <span className="font-medium text-slate-800">
      Scheduled for{" "}
      <time dateTime={date.toISOString()}>
        {formatInZone(date, timeZone)} ({timeZone})
      </time>
    </span>
  );
}
