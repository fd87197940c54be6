// How a history names and compares the fields of a revision (docs/product.md, Revisions): one list per kind of
// document (posts, academy items, pages, newsletter drafts, each settings tab), in form order, with each field's
// label as its form shows it and how its value reads as text. The edit-conflict notice compares with the same lists.
// Browser-safe.
import { blocksToText } from "./blocks";
import { toRichBlocks } from "./content";
import type { ItemKind, RevisionKind } from "./content-enums";
import type { SettingsTab } from "./settings-tabs";
import { formatInZone } from "./site-time";

/** text: compared word by word; the others are shown as before → after. */
type Shape =
  | "text"
  | "blocks"
  | "academy-blocks"
  | "page-blocks"
  | "form"
  | "routing"
  | "tags"
  | "flag"
  | "date";

export interface RevisionField {
  key: string;
  label: string;
  shape: Shape;
}

const field = (key: string, label: string, shape: Shape = "text"): RevisionField => ({ key, label, shape });

/** A snapshot's text field ("" when absent). */
export const snapshotText = (value: unknown) => (typeof value === "string" ? value : "");
/** A snapshot's optional text field (null when absent or empty). */
export const snapshotTextOrNull = (value: unknown) => (typeof value === "string" && value ? value : null);
/** A snapshot's tags (none when absent). */
export const snapshotTags = (snapshot: Record<string, unknown>) =>
  Array.isArray(snapshot.tags) ? snapshot.tags.map(String) : [];

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

/** A newsletter draft: the compose form's fields, the audience's three one by one (app/lib/newsletter-conflict.ts). */
export const NEWSLETTER_FIELDS: readonly RevisionField[] = [
  field("subject", "Subject"),
  field("preheader", "Preheader"),
  field("body", "Body", "blocks"),
  field("sourcePage", "Signed up on"),
  field("signedUpFrom", "Signed up from"),
  field("signedUpTo", "Signed up until"),
];

/**
 * Each settings tab's settings, in form order, with the labels the form shows (the Social tab's are its links:
 * socialFields). None of them is a secret: every value is published in the site's pages (the analytics and pixel
 * IDs, the chat widget's code), so revisions keep them as they are.
 */
export const SETTINGS_TAB_FIELDS: Record<Exclude<SettingsTab, "social">, readonly RevisionField[]> = {
  general: [
    field("contactEmail", "Contact email"),
    field("contactPhone", "Phone"),
    field("companyAddress", "Company address"),
    field("blogEnabled", "Blog", "flag"),
    field("contactFormEnabled", "Contact form", "flag"),
    field("newsletterEnabled", "Newsletter", "flag"),
  ],
  seo: [
    field("siteTitle", "Site title"),
    field("siteDescription", "Meta description"),
    field("metaKeywords", "Meta keywords"),
    field("ogImage", "Open Graph image URL"),
    field("googleAnalyticsId", "Analytics ID"),
    field("facebookPixelId", "Pixel ID"),
  ],
  analytics: [
    field("googleAnalyticsId", "Google Analytics ID"),
    field("facebookPixelId", "Meta pixel ID"),
    field("hotjarId", "Hotjar site ID"),
  ],
  chat: [field("chatEnabled", "Enable chat widget", "flag"), field("chatWidget", "Chat widget embed code")],
};

/** The Social tab's fields: each platform's URL and its Active switch. */
export function socialFields(links: readonly { id: string; platform: string }[]): RevisionField[] {
  return links.flatMap((l) => [
    field(`socialUrl.${l.id}`, `${l.platform} URL`),
    field(`socialActive.${l.id}`, `${l.platform} active`, "flag"),
  ]);
}

/** A settings tab's fields; the Social tab's are those of the social links it shows. */
export function settingsTabFields(
  tab: SettingsTab,
  links: readonly { id: string; platform: string }[],
): readonly RevisionField[] {
  return tab === "social" ? socialFields(links) : SETTINGS_TAB_FIELDS[tab];
}

/** The fields holding the URL of one file (a picture, a video, an audio file), which may be from the media library. */
export const FILE_FIELDS: Record<RevisionKind, readonly string[]> = {
  blog: ["featuredImage"],
  academy: ["thumbnailUrl", "videoUrl", "audioUrl"],
  page: ["socialImage"],
  newsletter: [],
  settings: ["ogImage"],
  form: [],
};

/** "Title, Body and Status": the changed fields a history entry names (fields without a label are left out). */
export function changedSummary(fields: readonly RevisionField[], changed: readonly string[]): string {
  const labels = fields.filter((f) => changed.includes(f.key)).map((f) => f.label);
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

/** A form's definition as lines of text: each field ("email: Work email, required"), then what success does. */
function formLines(value: unknown): string {
  const { fields, submitLabel, success } = (value ?? {}) as {
    fields?: Array<{ type?: string; label?: string; name?: string; required?: boolean }>;
    submitLabel?: string;
    success?: { kind?: string; message?: string; to?: string };
  };
  const lines = (fields ?? []).map(
    (f) => `${f.type ?? "field"}: ${f.label || f.name || ""}${f.required ? ", required" : ""}`,
  );
  if (submitLabel) lines.push(`Button: ${submitLabel}`);
  if (success?.kind === "redirect") lines.push(`On success: go to ${success.to ?? ""}`);
  else if (success?.message) lines.push(`On success: ${success.message}`);
  return lines.join("\n");
}

/** A built form's routing as lines: how submissions are handed out, to whom, and the confirmation. */
function routingLines(value: unknown): string {
  const { mode, members, addresses, confirmation } = (value ?? {}) as {
    mode?: string;
    members?: unknown[];
    addresses?: unknown[];
    confirmation?: { enabled?: boolean; subject?: string; text?: string };
  };
  const lines = [
    `${mode === "round-robin" ? "In turn among" : "Alert"} ${members?.length ?? 0} member(s)`,
    addresses?.length ? `Also alert: ${addresses.join(", ")}` : "",
    confirmation?.enabled
      ? `Confirmation: ${confirmation.subject ?? ""}\n${confirmation.text ?? ""}`
      : "No confirmation",
  ];
  return lines.filter(Boolean).join("\n");
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
    case "form":
      return formLines(value);
    case "routing":
      return routingLines(value);
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
