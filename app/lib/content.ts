// Content rules shared by the browser and the server: blocks, slugs, tags and durations (media links: embed.ts).

type HeaderBlock = { type: "header"; data: { text: string; level: number } };
type ParagraphBlock = { type: "paragraph"; data: { text: string } };
type ListBlock = { type: "list"; data: { style: "ordered" | "unordered"; items: string[] } };
type QuoteBlock = { type: "quote"; data: { text: string; caption?: string } };
export type RichBlock = HeaderBlock | ParagraphBlock | ListBlock | QuoteBlock;

export type AcademyBlock =
  | { type: "paragraph"; data: { text: string } }
  | { type: "video"; data: { url: string } }
  | { type: "audio"; data: { url: string } };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const asText = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/**
 * The renderable blocks of a stored body. Accepts the block list, `{blocks}`, `{text}` or plain text (the shapes
 * docs/product.md lists under Rich blocks); blocks of other types, and malformed ones, are dropped.
 */
export function toRichBlocks(value: unknown): RichBlock[] {
  if (typeof value === "string") {
    return value
      .split(/\n{2,}/)
      .map((text) => text.trim())
      .filter(Boolean)
      .map((text) => ({ type: "paragraph", data: { text } }));
  }
  if (isRecord(value) && !Array.isArray(value)) {
    if (Array.isArray(value.blocks)) return toRichBlocks(value.blocks);
    if (typeof value.text === "string") return toRichBlocks(value.text);
    return [];
  }
  if (!Array.isArray(value)) return [];
  const blocks: RichBlock[] = [];
  for (const raw of value) {
    if (!isRecord(raw) || !isRecord(raw.data)) continue;
    const data = raw.data;
    switch (raw.type) {
      case "header": {
        const text = asText(data.text);
        const level = Number(data.level);
        if (text)
          blocks.push({ type: "header", data: { text, level: level >= 1 && level <= 6 ? level : 2 } });
        break;
      }
      case "paragraph": {
        const text = asText(data.text);
        if (text) blocks.push({ type: "paragraph", data: { text } });
        break;
      }
      case "list": {
        const items = Array.isArray(data.items)
          ? data.items
              .map((item) => (isRecord(item) ? asText(item.content) : asText(item)))
              .filter((t): t is string => !!t)
          : [];
        if (items.length)
          blocks.push({
            type: "list",
            data: { style: data.style === "ordered" ? "ordered" : "unordered", items },
          });
        break;
      }
      case "quote": {
        const text = asText(data.text);
        if (text) blocks.push({ type: "quote", data: { text, caption: asText(data.caption) || undefined } });
        break;
      }
    }
  }
  return blocks;
}

/** The first blocks a body offers: rich_content when present, otherwise content. */
export function bodyBlocks(richContent: unknown, content: unknown): RichBlock[] {
  const rich = toRichBlocks(richContent);
  return rich.length > 0 ? rich : toRichBlocks(content);
}

/**
 * Academy content blocks: the description as a paragraph, then the video and audio when given
 * (docs/product.md, Academy CMS).
 */
export function academyBlocks(description: string | null, videoUrl: string | null, audioUrl: string | null) {
  const blocks: AcademyBlock[] = [];
  if (description?.trim()) blocks.push({ type: "paragraph", data: { text: description.trim() } });
  if (videoUrl?.trim()) blocks.push({ type: "video", data: { url: videoUrl.trim() } });
  if (audioUrl?.trim()) blocks.push({ type: "audio", data: { url: audioUrl.trim() } });
  return blocks;
}

/**
 * The slug rule (docs/product.md, Slugs): lower-cased; anything but letters, digits, spaces and hyphens
 * removed; runs of whitespace turned into a hyphen; repeated hyphens collapsed; hyphens trimmed from both
 * ends. Letters and digits are Unicode-aware, so "Café" keeps its "é".
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Tags typed comma-separated: trimmed, empty entries dropped, duplicates removed. */
export function parseTags(input: string | readonly string[] | null | undefined): string[] {
  const parts = typeof input === "string" ? input.split(",") : (input ?? []);
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

/** Duration in minutes: parsed as an integer, 0 when not a number or negative. */
export function parseDuration(input: string | number | null | undefined): number {
  const n = typeof input === "number" ? Math.trunc(input) : Number.parseInt(String(input ?? "").trim(), 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 100_000) : 0;
}
