import { Calendar } from "lucide-react";
import { formatDate, isoDate } from "~/lib/dates";

/** A date as readable text with its machine-readable form. */
export function DateText({ value }: { value: Date | string }) {
  return <time dateTime={isoDate(value)}>{formatDate(value)}</time>;
}

/** The calendar icon and date of a card or article byline; nothing without a date. */
export function BylineDate({ value }: { value: Date | string | null | undefined }) {
  if (!value) return null;
  return (
    <span className="inline-flex items-center gap-1.5">
      <Calendar className="size-4" aria-hidden="true" />
      <DateText value={value} />
    </span>
  );
}
