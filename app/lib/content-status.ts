// Status transitions of blog posts and academy items (docs/product.md, Content statuses).
import type { ContentStatus } from "./content-enums";

/** The blog eye button and the academy list toggle: published → draft; draft or archived → published. */
export function toggledStatus(current: ContentStatus): "published" | "draft" {
  return current === "published" ? "draft" : "published";
}

/**
 * published_at after a status change. Going to published from another status sets it to now (an already
 * published item keeps its date when only edited); going to draft clears it; archiving keeps the history.
 */
export function publishedAtAfter(
  previous: { status: ContentStatus; publishedAt: Date | null } | null,
  next: ContentStatus,
  now: Date = new Date(),
): Date | null {
  if (next === "draft") return null;
  if (next === "published") {
    return previous?.status === "published" && previous.publishedAt ? previous.publishedAt : now;
  }
  return previous?.publishedAt ?? null;
}
