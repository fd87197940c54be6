// The back office's product rules, shared by the admin forms (browser) and the admin actions (server): the
// form schemas, status transitions, meta-tag guidance, the local "AI Optimize" templates, growth rate, and
// the conversions between the block editor's document and the stored block list (docs/product.md, Blog CMS,
// Academy CMS).
import { z } from "zod";
// Types only from the schema: importing its values would pull Drizzle into the browser bundle.
import type { ContentStatus, DifficultyLevel } from "~/db/schema";
import { parseDuration, parseTags, type RichBlock, slugify, toRichBlocks } from "./content";

export const CONTENT_STATUSES = [
  "draft",
  "published",
  "archived",
] as const satisfies readonly ContentStatus[];
export const DIFFICULTY_LEVELS = [
  "beginner",
  "intermediate",
  "advanced",
] as const satisfies readonly DifficultyLevel[];

export const BRAND_SUFFIX = " | Asimov";
export const META_TITLE_LIMIT = 60;
export const META_DESCRIPTION_LIMIT = 160;
export const DEFAULT_BLOG_AUTHOR = "Admin";

export const BLOG_MESSAGES = {
  required: "Please fill in title and slug",
  created: "Blog post created successfully",
  updated: "Blog post updated successfully",
  createFailed: "Failed to create blog post",
  updateFailed: "Failed to update blog post",
  deleted: "Post deleted successfully",
  deleteFailed: "Failed to delete post",
  published: "Post published successfully",
  drafted: "Post drafted successfully",
  statusFailed: "Failed to update post status",
  optimizeFailed: "Failed to optimize with AI",
  optimized: "Meta title optimized!",
  /** The blog had no message of its own for missing input, so this mirrors the academy's wording. */
  optimizeNeedsInput: "Please fill in title and excerpt first",
  deleteConfirm: "Are you sure you want to delete this post?",
} as const;

export const ACADEMY_MESSAGES = {
  required: "Please fill in title, slug, and category",
  created: "Academy content created successfully",
  updated: "Academy content updated successfully",
  createFailed: "Failed to create academy content",
  updateFailed: "Failed to update academy content",
  loadFailed: "Failed to load academy content",
  published: "Content published successfully",
  drafted: "Content drafted successfully",
  statusFailed: "Failed to update content status",
  deleted: "Content deleted successfully",
  deleteFailed: "Failed to delete content",
  optimizeNeedsInput: "Please fill in title and category first",
  descriptionOptimized: "Description optimized with AI!",
  summaryOptimized: "Summary optimized with AI!",
  deleteConfirm: "Are you sure you want to delete this content?",
  empty: "No academy content yet. Create your first content above.",
} as const;

export const SLUG_TAKEN = "Another item already uses this slug. Choose a different one.";

// ---------------------------------------------------------------------------------------------------------
// Status transitions (docs/product.md, Content statuses)

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

// ---------------------------------------------------------------------------------------------------------
// Meta guidance and the local "AI Optimize" templates (generated locally, no call is made; docs/product.md,
// Meta guidance and AI Optimize)

/** A new post's meta title: the title plus the brand suffix. */
export function defaultMetaTitle(title: string): string {
  const t = title.trim();
  return t ? `${t}${BRAND_SUFFIX}` : "";
}

/** Cuts text to at most `max` characters at a word boundary (no ellipsis: meta tags are cut by engines anyway). */
export function fitToLength(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(" ");
  const result = lastSpace > max * 0.5 ? cut.slice(0, lastSpace) : clean.slice(0, max);
  return result.replace(/[\s,;:–—-]+$/u, "");
}

/** Blog SEO: a meta title within 60 characters ending with the brand, and a description from the excerpt. */
export function optimizeBlogMeta(input: { title: string; excerpt: string }): {
  metaTitle: string;
  metaDescription: string;
} {
  const title = input.title.replace(/\s+/g, " ").trim();
  const excerpt = input.excerpt.replace(/\s+/g, " ").trim();
  if (!title || !excerpt) throw new Error(BLOG_MESSAGES.optimizeNeedsInput);
  const room = META_TITLE_LIMIT - BRAND_SUFFIX.length;
  const metaTitle = `${fitToLength(title, room)}${BRAND_SUFFIX}`;
  const lead = "Read on the Asimov blog: ";
  const base = excerpt.length < 120 ? `${excerpt} ${lead.replace(": ", ".")}` : excerpt;
  return { metaTitle, metaDescription: fitToLength(base, META_DESCRIPTION_LIMIT) };
}

export interface AcademyTemplateInput {
  title: string;
  category: string;
  difficulty: DifficultyLevel | string;
}

function academyTemplateParts(input: AcademyTemplateInput) {
  const title = input.title.replace(/\s+/g, " ").trim();
  const category = input.category.replace(/\s+/g, " ").trim();
  if (!title || !category) throw new Error(ACADEMY_MESSAGES.optimizeNeedsInput);
  const difficulty = (DIFFICULTY_LEVELS as readonly string[]).includes(input.difficulty)
    ? input.difficulty
    : "beginner";
  const audience = {
    beginner: "newcomers who want a clear, practical start",
    intermediate: "practitioners ready to go deeper",
    advanced: "experienced teams looking for expert techniques",
  }[difficulty as DifficultyLevel];
  return { title, category, difficulty, audience };
}

/** Academy description from title, category and difficulty. */
export function optimizeAcademyDescription(input: AcademyTemplateInput): string {
  const { title, category, difficulty, audience } = academyTemplateParts(input);
  return `${title}: a ${difficulty}-level ${category} lesson for ${audience}. Learn the key concepts step by step and apply proven strategies to grow revenue with AI.`;
}

/** Academy summary from title, category and difficulty: one short sentence for cards and meta descriptions. */
export function optimizeAcademySummary(input: AcademyTemplateInput): string {
  const { title, category, difficulty } = academyTemplateParts(input);
  return fitToLength(
    `Master ${title} in this ${difficulty} ${category} lesson with practical, actionable takeaways.`,
    META_DESCRIPTION_LIMIT,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Figures

/** Growth of leads this month against last month, as a whole percentage; null when last month had none. */
export function growthRate(thisMonth: number, lastMonth: number): number | null {
  if (lastMonth <= 0) return null;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
}

export function formatGrowth(thisMonth: number, lastMonth: number): string {
  const rate = growthRate(thisMonth, lastMonth);
  if (rate === null) return thisMonth > 0 ? "New" : "0%";
  return `${rate > 0 ? "+" : ""}${rate}%`;
}

// ---------------------------------------------------------------------------------------------------------
// Form schemas (one per form, validated again on the server)

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, `Use at most ${max} characters`));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim())
  .pipe(
    z
      .string()
      .max(2000, "Use at most 2000 characters")
      .refine((v) => v === "" || v.startsWith("/") || /^https?:\/\/\S+$/i.test(v), {
        message: "Enter an http(s) URL or a path starting with /",
      }),
  )
  .transform((v) => v || null);

const status = z
  .string()
  .optional()
  .transform((v) => v || "draft")
  .pipe(z.enum(CONTENT_STATUSES, { message: "Choose draft, published or archived" }));

/** A slug typed by hand is normalised by the same rule as the derived one, so URLs stay clean. */
const slugField = z
  .string()
  .optional()
  .transform((v) => slugify(v ?? "").slice(0, 200));

export const blogPostSchema = z.object({
  title: text(200),
  slug: slugField,
  excerpt: text(1000),
  body: z
    .string()
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.string().max(200_000, "The body is too long")),
  author: text(100).transform((v) => v || DEFAULT_BLOG_AUTHOR),
  category: text(100),
  tags: text(1000).transform((v) => parseTags(v)),
  featuredImage: optionalUrl,
  status,
  metaTitle: text(300),
  metaDescription: text(1000),
});
export type BlogPostInput = z.output<typeof blogPostSchema>;

export const academySchema = z.object({
  title: text(200),
  slug: slugField,
  category: text(100),
  difficulty: z
    .string()
    .optional()
    .transform((v) => v || "beginner")
    .pipe(z.enum(DIFFICULTY_LEVELS, { message: "Choose beginner, intermediate or advanced" })),
  duration: z
    .string()
    .optional()
    .transform((v) => parseDuration(v)),
  tags: text(1000).transform((v) => parseTags(v)),
  featured: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
  thumbnailUrl: optionalUrl,
  videoUrl: optionalUrl,
  audioUrl: optionalUrl,
  description: text(5000),
  summary: text(1000),
  status,
});
export type AcademyInput = z.output<typeof academySchema>;

// ---------------------------------------------------------------------------------------------------------
// Body: the block editor's document ⇄ the stored block list, and a plain-text form for use without JavaScript

/**
 * The blocks of a submitted body. The editor submits the block list as JSON; without JavaScript the body is a
 * textarea in a small Markdown-like syntax (see textToBlocks).
 */
export function parseBody(body: string): RichBlock[] {
  const trimmed = body.trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    try {
      return toRichBlocks(JSON.parse(trimmed));
    } catch {
      // Not JSON after all: treat it as text.
    }
  }
  return textToBlocks(body);
}

/**
 * Plain text to blocks: "# " to "###### " start a header, "- " or "* " an unordered list item, "1. " an ordered
 * one, "> " a quote; other lines form paragraphs separated by blank lines.
 */
export function textToBlocks(input: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  let list: { style: "ordered" | "unordered"; items: string[] } | null = null;
  let quote: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", data: { text: paragraph.join(" ") } });
    if (list?.items.length) blocks.push({ type: "list", data: list });
    if (quote.length) blocks.push({ type: "quote", data: { text: quote.join(" ") } });
    paragraph = [];
    list = null;
    quote = [];
  };
  for (const raw of input.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const header = line.match(/^(#{1,6})\s+(.*)$/);
    const unordered = line.match(/^[-*]\s+(.*)$/);
    const ordered = line.match(/^\d+[.)]\s+(.*)$/);
    const quoted = line.match(/^>\s?(.*)$/);
    if (header?.[1] && header[2]?.trim()) {
      flush();
      blocks.push({ type: "header", data: { level: header[1].length, text: header[2].trim() } });
    } else if (unordered || ordered) {
      const style = ordered ? "ordered" : "unordered";
      const item = ((ordered ?? unordered)?.[1] ?? "").trim();
      if (!list || list.style !== style) {
        flush();
        list = { style, items: [] };
      }
      if (item) list.items.push(item);
    } else if (quoted) {
      if (!quote.length) flush();
      if (quoted[1]?.trim()) quote.push(quoted[1].trim());
    } else {
      if (list || quote.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** Blocks back to the plain-text syntax of textToBlocks (the no-JavaScript editor's initial text). */
export function blocksToText(blocks: readonly RichBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case "header":
          return `${"#".repeat(block.data.level)} ${block.data.text}`;
        case "paragraph":
          return block.data.text;
        case "list":
          return block.data.items
            .map((item, i) => (block.data.style === "ordered" ? `${i + 1}. ${item}` : `- ${item}`))
            .join("\n");
        case "quote":
          return `> ${block.data.text}`;
        default:
          return "";
      }
    })
    .filter(Boolean)
    .join("\n\n");
}

/** A ProseMirror/TipTap JSON node (only what the conversion reads). */
export interface DocNode {
  type: string;
  attrs?: Record<string, unknown>;
  text?: string;
  content?: DocNode[];
}

const CAPTION_PREFIX = "— ";

function nodeText(node: DocNode): string {
  if (node.type === "text") return node.text ?? "";
  if (node.type === "hardBreak") return " ";
  return (node.content ?? []).map(nodeText).join("");
}

function listItems(list: DocNode): string[] {
  const items: string[] = [];
  for (const item of list.content ?? []) {
    // An item's own paragraphs form its text; nested lists are flattened into following items, because the
    // stored list block has no nesting.
    const own = (item.content ?? []).filter((c) => c.type !== "bulletList" && c.type !== "orderedList");
    const text = own.map(nodeText).join(" ").replace(/\s+/g, " ").trim();
    if (text) items.push(text);
    for (const nested of item.content ?? []) {
      if (nested.type === "bulletList" || nested.type === "orderedList") items.push(...listItems(nested));
    }
  }
  return items;
}

/** The editor's document to the stored block list (header, paragraph, list, quote); empty blocks are dropped. */
export function docToBlocks(doc: DocNode | null | undefined): RichBlock[] {
  const blocks: RichBlock[] = [];
  for (const node of doc?.content ?? []) {
    switch (node.type) {
      case "heading": {
        const text = nodeText(node).trim();
        const level = Number(node.attrs?.level);
        if (text)
          blocks.push({ type: "header", data: { level: level >= 1 && level <= 6 ? level : 2, text } });
        break;
      }
      case "paragraph": {
        const text = nodeText(node).trim();
        if (text) blocks.push({ type: "paragraph", data: { text } });
        break;
      }
      case "bulletList":
      case "orderedList": {
        const items = listItems(node);
        if (items.length)
          blocks.push({
            type: "list",
            data: { style: node.type === "orderedList" ? "ordered" : "unordered", items },
          });
        break;
      }
      case "blockquote": {
        const parts = (node.content ?? []).map((c) => nodeText(c).trim()).filter(Boolean);
        let caption: string | undefined;
        const last = parts.at(-1);
        if (parts.length > 1 && last?.startsWith(CAPTION_PREFIX)) {
          caption = last.slice(CAPTION_PREFIX.length).trim() || undefined;
          parts.pop();
        }
        const text = parts.join(" ");
        if (text) blocks.push({ type: "quote", data: caption ? { text, caption } : { text } });
        break;
      }
    }
  }
  return blocks;
}

const textNode = (text: string): DocNode[] => (text ? [{ type: "text", text }] : []);
const paragraphNode = (text: string): DocNode => ({ type: "paragraph", content: textNode(text) });

/** The stored block list to the editor's document (a quote's caption becomes a last "— caption" line). */
export function blocksToDoc(blocks: readonly RichBlock[]): DocNode {
  const content: DocNode[] = blocks.map((block) => {
    switch (block.type) {
      case "header":
        return { type: "heading", attrs: { level: block.data.level }, content: textNode(block.data.text) };
      case "list":
        return {
          type: block.data.style === "ordered" ? "orderedList" : "bulletList",
          content: block.data.items.map((item) => ({ type: "listItem", content: [paragraphNode(item)] })),
        };
      case "quote":
        return {
          type: "blockquote",
          content: [
            paragraphNode(block.data.text),
            ...(block.data.caption ? [paragraphNode(`${CAPTION_PREFIX}${block.data.caption}`)] : []),
          ],
        };
      default:
        return paragraphNode(block.data.text);
    }
  });
  return { type: "doc", content: content.length ? content : [{ type: "paragraph" }] };
}
