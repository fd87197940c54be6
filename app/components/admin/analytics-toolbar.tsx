// The Analytics page's controls: the date range (presets as links, a custom from/to form), the period shown and
// the one it is compared with, and the active filters as removable chips. All of it lives in the URL, so a view
// can be shared and back/forward step through it; every control is a link or a plain GET form.
import { CalendarRange, ChevronDown, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import {
  type AnalyticsQuery,
  activeFilters,
  analyticsSearch,
  FILTERS,
  filterLabel,
  RANGE_PRESETS,
} from "~/lib/analytics-query";
import { formatDayRange } from "~/lib/dates";
import { cn } from "~/lib/utils";

const PAGE = "/admin/analytics";

const segment = (active: boolean) =>
  cn(
    "inline-flex min-h-9 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors",
    active
      ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-200"
      : "text-slate-600 hover:text-slate-900",
  );

/** What the cards compare with, finishing "Up 25% from 12 …": "in the previous 30 days", "yesterday". */
export function previousPeriodWords(query: AnalyticsQuery): string {
  if (query.preset === "today") return "yesterday";
  if (query.days === 1) return "on the day before";
  return `in the previous ${query.days} days`;
}

export function AnalyticsToolbar({
  query,
  today,
  pending,
}: {
  query: AnalyticsQuery;
  today: string;
  /** The query being loaded, if any: its preset shows as chosen at once, and "Updating figures" spins. */
  pending?: AnalyticsQuery;
}) {
  const updating = pending !== undefined;
  const custom = query.preset === "custom";
  const filters = activeFilters(query.filter);
  return (
    <section aria-label="Date range and filters" className="mb-6 space-y-3">
      <nav aria-label="Date range" className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <ul className="grid shrink-0 grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1">
          {RANGE_PRESETS.map((preset) => {
            const shown = pending ?? query;
            const active = shown.preset === preset.id && !shown.error;
            return (
              <li key={preset.id}>
                <Link
                  to={`${PAGE}${analyticsSearch(query, { preset: preset.id })}`}
                  aria-current={active ? "true" : undefined}
                  preventScrollReset
                  className={cn(segment(active), "w-full")}
                >
                  {preset.label}
                </Link>
              </li>
            );
          })}
        </ul>
        <CustomRange query={query} today={today} active={custom} />
      </nav>
      <div className="flex min-h-6 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        {updating ? <Spinner label="Updating figures" className="text-brand-700 [&_svg]:size-4" /> : null}
        <p>
          <span className="font-medium text-slate-900">
            {formatDayRange(query.range.from, query.range.to)}
          </span>{" "}
          compared with {formatDayRange(query.previous.from, query.previous.to)}
          <span> · UTC days</span>
        </p>
      </div>
      {filters.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-600">Filtered by</span>
          <ul className="flex flex-wrap gap-2">
            {filters.map(({ key, value }) => {
              const label = filterLabel(key, value);
              return (
                <li key={key}>
                  <Link
                    to={`${PAGE}${analyticsSearch(query, { filter: { [key]: null } })}`}
                    preventScrollReset
                    aria-label={`Remove filter ${label}`}
                    className="inline-flex min-h-8 max-w-full items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 text-sm font-medium text-brand-800 hover:bg-brand-100"
                  >
                    <span className="max-w-[16rem] truncate">{label}</span>
                    <X className="size-3.5 shrink-0" aria-hidden />
                  </Link>
                </li>
              );
            })}
          </ul>
          {filters.length > 1 ? (
            <Link
              to={`${PAGE}${analyticsSearch({ ...query, filter: {} })}`}
              preventScrollReset
              className="text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              Clear filters
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * "Custom range": a disclosure with a plain GET form (from, to and the active filters), so it works with the
 * keyboard and without JavaScript. On wide screens it opens as a panel over the page; Escape or a click outside
 * closes it. A refused range reopens it with the dates typed and the reason.
 */
function CustomRange({ query, today, active }: { query: AnalyticsQuery; today: string; active: boolean }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent && event.key !== "Escape") return;
      if (event.type === "pointerdown" && details.contains(event.target as Node)) return;
      details.open = false;
      if (event instanceof KeyboardEvent) details.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, []);
  return (
    // Keyed by the range, so a new range closes it.
    <details
      ref={ref}
      key={`${query.range.from}-${query.range.to}`}
      open={query.error !== undefined}
      className="relative"
    >
      <summary
        className={cn(
          buttonVariants({ variant: "outline" }),
          "w-full cursor-pointer list-none sm:w-auto [&::-webkit-details-marker]:hidden",
          active && "border-brand-600 bg-brand-50 text-brand-800 hover:bg-brand-100",
        )}
      >
        <CalendarRange aria-hidden />
        {active ? formatDayRange(query.range.from, query.range.to) : "Custom range"}
        <ChevronDown className="size-4 opacity-70" aria-hidden />
      </summary>
      <Form
        method="get"
        action={PAGE}
        preventScrollReset
        aria-label="Custom date range"
        className="mt-2 grid grid-cols-2 items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-lg sm:absolute sm:top-full sm:left-0 sm:z-20 sm:flex sm:w-max sm:max-w-[calc(100vw-2rem)] sm:flex-wrap"
      >
        {(["from", "to"] as const).map((name) => (
          <Field key={name} id={`range-${name}`} label={name === "from" ? "From" : "To"}>
            {(aria) => (
              <Input
                {...aria}
                type="date"
                name={name}
                required
                max={today}
                aria-invalid={query.error ? true : undefined}
                aria-describedby={query.error ? "range-error" : undefined}
                defaultValue={query.error?.[name] ?? query.range[name]}
              />
            )}
          </Field>
        ))}
        {FILTERS.map(({ key, param }) =>
          query.filter[key] !== undefined ? (
            <input key={key} type="hidden" name={param} value={query.filter[key]} />
          ) : null,
        )}
        <Button type="submit" className="col-span-2 sm:col-span-1">
          Apply
        </Button>
        {query.error ? (
          <p id="range-error" role="alert" className="col-span-2 basis-full text-sm font-medium text-red-700">
            {query.error.message}
          </p>
        ) : null}
      </Form>
    </details>
  );
}
