// Status transitions of blog posts and academy items (docs/product.md, Content statuses).
import type { ContentStatus } from "./content-enums";

/** The blog eye button and the academy list toggle: published → draft; draft or archived → published. */
export function toggledStatus(current: ContentStatus): "published" | "draft" {
  return current === "published" ? "draft" : "published";
}

/**
 * published_at after a save (docs/product.md, Content statuses). Going to draft clears it; archiving keeps the
 * history. Going to or staying published takes the `requested` time when one is given (a future one schedules the
 * item, a past one backdates it), and otherwise keeps the date of an item that is already live, or stamps `now`:
 * publishing without a date, and clearing the date of a scheduled item, publish at once.
 */
export function publishedAtAfter(
  previous: { status: ContentStatus; publishedAt: Date | null } | null,
  next: ContentStatus,
  now: Date = new Date(),
  requested?: Date | null,
): Date | null {
  if (next === "draft") return null;
  if (next !== "published") return previous?.publishedAt ?? null;
  const kept = previous?.status === "published" ? previous.publishedAt : null;
  if (requested) {
    // The form shows minutes: the same minute sent back is the stored time, seconds and all.
    return kept && sameMinute(kept, requested) ? kept : requested;
  }
  return kept && kept.getTime() <= now.getTime() ? kept : now;
}

function sameMinute(a: Date, b: Date): boolean {
  return Math.floor(a.getTime() / 60_000) === Math.floor(b.getTime() / 60_000);
}
