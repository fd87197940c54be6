// How the edit dialog's history names and compares the fields of a revision (docs/product.md, Revisions): one list
// per kind of content, in form order, with each field's label and how its value reads as text. Browser-safe.
import { blocksToText } from "./blocks";
import { toRichBlocks } from "./content";
import type { ItemKind } from "./content-enums";
import { formatInZone } from "./site-time";

/** text: compared word by word; the others are shown as before → after. */
type Shape = "text" | "blocks" | "academy-blocks" | "page-blocks" | "tags" | "flag" | "date";

export interface RevisionField {
  key: string;
  label: string;
  shape: Shape;
}

const field = (key: string, label: string, shape: Shape = "text"): RevisionField => ({ key, label, shape });

// The blog's `content` column is derived from the excerpt, so it is neither listed nor compared.
export const REVISION_FIELDS: Record<ItemKind, readonly RevisionField[]> = {
  blog: [
    field("title", "Title"),
    field("slug", "Slug"),
    field("excerpt", "Excerpt"),
    field("richContent", "Body", "blocks"),
    field("author", "Author"),
    field("category", "Category"),
    field("tags", "Tags", "tags"),
    field("featuredImage", "Featured image"),
    field("status", "Status"),
    field("publishedAt", "Publish date", "date"),
    field("metaTitle", "Meta title"),
    field("metaDescription", "Meta description"),
  ],
  academy: [
    field("title", "Title"),
    field("slug", "Slug"),
    field("category", "Category"),
    field("difficultyLevel", "Difficulty"),
    field("durationMinutes", "Duration (minutes)"),
    field("tags", "Tags", "tags"),
    field("isFeatured", "Featured", "flag"),
    field("thumbnailUrl", "Thumbnail"),
    field("videoUrl", "Video URL"),
    field("audioUrl", "Audio URL"),
    field("description", "Description"),
    field("summary", "Summary"),
    field("content", "Content blocks", "academy-blocks"),
    field("richContent", "Body", "blocks"),
    field("author", "Author"),
    field("status", "Status"),
    field("publishedAt", "Publish date", "date"),
  ],
  page: [
    field("title", "Title"),
    field("path", "Path"),
    field("blocks", "Blocks", "page-blocks"),
    field("metaTitle", "Meta title"),
    field("metaDescription", "Meta description"),
    field("socialImage", "Social image"),
    field("canonical", "Canonical address"),
    field("noindex", "Kept out of search results", "flag"),
    field("status", "Status"),
    field("publishedAt", "Publish date", "date"),
  ],
};

/** The fields holding the URL of one file (a picture, a video, an audio file), which may be from the media library. */
export const FILE_FIELDS: Record<ItemKind, readonly string[]> = {
  blog: ["featuredImage"],
  academy: ["thumbnailUrl", "videoUrl", "audioUrl"],
  page: ["socialImage"],
};

/** "Title, Body and Status": the changed fields a history entry names (fields without a label are left out). */
export function changedSummary(kind: ItemKind, changed: readonly string[]): string {
  const labels = REVISION_FIELDS[kind].filter((f) => changed.includes(f.key)).map((f) => f.label);
  if (labels.length <= 1) return labels[0] ?? "";
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

/** An academy block as a line of text: its paragraph, or "Video: <url>". */
function academyBlockLine(block: unknown): string {
  const { type, data } = (block ?? {}) as { type?: string; data?: { text?: string; url?: string } };
  if (type === "paragraph") return data?.text ?? "";
  if (type === "video" || type === "audio")
    return `${type === "video" ? "Video" : "Audio"}: ${data?.url ?? ""}`;
  return "";
}

/** A page block as a line of text: its type, then every text it holds ("hero: Spring launch · Start now"). */
function pageBlockLine(block: unknown): string {
  if (typeof block !== "object" || block === null) return "";
  const texts: string[] = [];
  const collect = (value: unknown, key: string) => {
    if (key === "id" || key === "type") return;
    if (typeof value === "string" && value.trim()) texts.push(value.trim());
    else if (Array.isArray(value)) for (const item of value) collect(item, "");
    else if (typeof value === "object" && value !== null)
      for (const [k, v] of Object.entries(value)) collect(v, k);
  };
  collect(block, "");
  return `${String((block as { type?: unknown }).type ?? "block")}: ${texts.join(" · ")}`;
}

/** A stored value as the text the comparison shows, in the site's time zone for dates. */
export function fieldText(f: RevisionField, value: unknown, zone: string): string {
  if (value === null || value === undefined) return "";
  switch (f.shape) {
    case "blocks":
      return blocksToText(toRichBlocks(value));
    case "academy-blocks":
      return Array.isArray(value) ? value.map(academyBlockLine).filter(Boolean).join("\n\n") : "";
    case "page-blocks":
      return Array.isArray(value) ? value.map(pageBlockLine).filter(Boolean).join("\n\n") : "";
    case "tags":
      return Array.isArray(value) ? value.join(", ") : "";
    case "flag":
      return value === true ? "Yes" : "No";
    case "date": {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? "" : `${formatInZone(date, zone)} (${zone})`;
    }
    default:
      return String(value);
  }
}

/** Whether a field is compared word by word (long text) rather than shown as before → after. */
export function comparesWords(f: RevisionField): boolean {
  return f.shape !== "flag" && f.shape !== "date";
}

/** Columns that are not the editor's: identity, timestamps, the view counter and the scheduler's marker. */
const NOT_EDITABLE = new Set(["id", "createdAt", "updatedAt", "viewCount", "publicationPending"]);

/**
 * A row as a revision keeps it: the editor's fields only, dates as ISO strings, absent values as null. The same on
 * the server (revisions, a refused save's version) and in the browser (what an edit dialog opened).
 */
export function snapshotOf(row: object): Record<string, unknown> {
  const snapshot: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (NOT_EDITABLE.has(key)) continue;
    snapshot[key] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return snapshot;
}
