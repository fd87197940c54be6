// The content API's request and response schemas (/functions/v1/content-api/*), validated by the server and
// turned into the OpenAPI document (app/lib/content-api-openapi.ts), so the documentation cannot drift from what
// the server checks. Browser-safe: no server-only modules, nor ~/db/schema (it would pull Drizzle in).
import { z } from "zod";
import { toRichBlocks } from "~/lib/content";
import { CONTENT_STATUSES, DIFFICULTY_LEVELS } from "./content-enums";
import { NAME_MAX, SLUG_MAX, TITLE_MAX, URL_MAX } from "./limits";

// Requests
export const CONTENT_API_BASE_PATH = "/functions/v1/content-api";
export const CONTENT_COLLECTIONS = ["blog", "academy"] as const;
export type ContentCollection = (typeof CONTENT_COLLECTIONS)[number];
/** Largest accepted request body; larger ones get 413 before or while being read. */
export const MAX_BODY_BYTES = 256 * 1024;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const httpUrl = z
  .url({ protocol: /^https?$/, error: "Must be an absolute http(s) URL" })
  .max(URL_MAX)
  .meta({ pattern: "^https?://" });

/**
 * Postgres text cannot hold NUL characters, nor jsonb (an item's blocks, its revisions) half of a surrogate pair
 * (JSON's "\ud83d" alone): refuse them with a clear message instead of failing the insert.
 */
const NO_NUL = "Must not contain NUL characters";
const noNul = (v: string) => !v.includes("\u0000");
const BROKEN = "Must not contain half of a character (a lone UTF-16 surrogate)";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(noNul, NO_NUL)
    .refine((v) => v.isWellFormed(), BROKEN);

const tagsInput = z.union([z.array(text(50)).max(30), text(1500)]).meta({
  description: "A list of tags, or comma-separated text. Trimmed; empty and duplicate tags dropped.",
});

const slugInput = text(SLUG_MAX).meta({
  description:
    "Optional. Normalised with the site's slug rule (lower-case; letters, digits and hyphens). Derived from the " +
    "title when absent. Must be unique within the collection (409 otherwise).",
});

const statusInput = z.enum(CONTENT_STATUSES).default("draft").meta({
  description:
    "Only published items are public. Publishing stamps published_at (now, or the published_at given).",
});

const publishedAtInput = z.iso
  .datetime({
    offset: true,
    error: "Must be an ISO 8601 date and time with a time zone, e.g. 2026-03-02T09:00:00Z",
  })
  .meta({
    description:
      "Only with status published: when the item goes public. A future time schedules it: it stays off the " +
      "site, the feeds and this API's reads until then, and content.published is sent at that time. A past " +
      "time publishes it now with that date. Default: now.",
  })
  .transform((v) => new Date(v));

/** published_at is a publication time: only a published item takes one. */
function publishedAtNeedsPublished(
  value: { status: string; published_at?: Date | null },
  ctx: z.RefinementCtx,
) {
  if (value.published_at && value.status !== "published") {
    ctx.addIssue({
      code: "custom",
      path: ["published_at"],
      message: 'Only a published item takes published_at: set "status": "published" or leave it out',
    });
  }
}

const nonEmptyText = text(10_000).pipe(z.string().min(1, "Required"));

/** Rich blocks the site renders: header, paragraph, list, quote (docs/product.md, Rich blocks). */
export const richBlockSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("header"),
    data: z.object({ text: nonEmptyText, level: z.int().min(1).max(6).default(2) }),
  }),
  z.object({ type: z.literal("paragraph"), data: z.object({ text: nonEmptyText }) }),
  z.object({
    type: z.literal("list"),
    data: z.object({
      style: z.enum(["ordered", "unordered"]).default("unordered"),
      items: z.array(nonEmptyText).min(1).max(200),
    }),
  }),
  z.object({
    type: z.literal("quote"),
    data: z.object({ text: nonEmptyText, caption: text(500).optional() }),
  }),
]);

/**
 * Academy content blocks (docs/product.md, Rich blocks): paragraph with text, video with url, audio with url.
 */
const academyBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("paragraph"), data: z.object({ text: nonEmptyText }) }),
  z.object({ type: z.literal("video"), data: z.object({ url: httpUrl }) }),
  z.object({ type: z.literal("audio"), data: z.object({ url: httpUrl }) }),
]);

/** The block types each kind of list holds (the site's renderers ignore any other type). */
const typesOf = (schema: { options: ReadonlyArray<{ shape: { type: { value: string } } }> }) =>
  schema.options.map((option) => option.shape.type.value);
const RICH_BLOCK_TYPES: readonly string[] = typesOf(richBlockSchema);
const ACADEMY_BLOCK_TYPES: readonly string[] = typesOf(academyBlockSchema);

/** Where a create body holds block lists, and which types each takes. */
const BLOCK_LISTS: Record<ContentCollection, { field: string; types: readonly string[] }[]> = {
  blog: [{ field: "content", types: RICH_BLOCK_TYPES }],
  academy: [
    { field: "content", types: ACADEMY_BLOCK_TYPES },
    { field: "rich_content", types: RICH_BLOCK_TYPES },
  ],
};

/**
 * A create body without its blocks of an unknown type, and a warning for each one dropped (older content and other
 * systems' exports carry types the site does not render; the importer need not strip them first). Only a block
 * whose `type` is a text the list does not know is dropped: one without a type, or a known type with bad data, is
 * left for the schema to refuse. A warning names the block as field errors do (`content.3`, whether the list came
 * bare or as `{ blocks }`).
 */
export function withoutUnknownBlocks(
  collection: ContentCollection,
  body: unknown,
): { body: unknown; warnings: string[] } {
  const warnings: string[] = [];
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { body, warnings };
  const record = body as Record<string, unknown>;
  const result: Record<string, unknown> = { ...record };
  for (const { field, types } of BLOCK_LISTS[collection]) {
    const value = record[field];
    const wrapped =
      typeof value === "object" && value !== null && !Array.isArray(value) && "blocks" in value
        ? (value as { blocks: unknown })
        : undefined;
    const list = wrapped ? wrapped.blocks : value;
    if (!Array.isArray(list)) continue;
    const kept = list.filter((block, index) => {
      const type = (block as { type?: unknown } | null)?.type;
      if (typeof type !== "string" || types.includes(type)) return true;
      warnings.push(
        `${field}.${index}: a block of type ${JSON.stringify(type)} is not supported and was dropped ` +
          `(supported: ${types.join(", ")}).`,
      );
      return false;
    });
    if (kept.length !== list.length) result[field] = wrapped ? { ...wrapped, blocks: kept } : kept;
  }
  return { body: result, warnings };
}

const blogBlockList = z.array(richBlockSchema).max(500);
/** The document describes the blocks once (components.schemas.RichBlock); the body's shapes point at it. */
const RICH_BLOCK_REF = { $ref: "#/components/schemas/RichBlock" };

/**
 * A blog body in any shape the data model allows (docs/product.md, Rich blocks): a block list, `{ blocks }`,
 * `{ text }` or plain text. The shape is only recognised here; the blocks are checked after, by one schema, so a
 * bad block gets the same field message (e.g. `content.0.data.text`) whichever wrapper it came in. Text becomes
 * paragraph blocks (split at blank lines), so every post is stored in the one shape the admin editor writes.
 */
const blogContentInput = z
  .union([
    z
      .array(z.unknown())
      .meta({ description: "Rich blocks: header, paragraph, list, quote.", items: RICH_BLOCK_REF }),
    z
      .object({ blocks: z.array(z.unknown()).meta({ items: RICH_BLOCK_REF }) })
      .meta({ description: "The same blocks, wrapped." }),
    z.object({ text: z.string() }).meta({ description: "Plain text; blank lines separate paragraphs." }),
    z.string().meta({ description: "Plain text; blank lines separate paragraphs." }),
  ])
  .transform((body): unknown[] => {
    if (Array.isArray(body)) return body;
    if (typeof body === "string") return toRichBlocks(body);
    return "blocks" in body ? body.blocks : toRichBlocks(body.text);
  })
  .pipe(blogBlockList);

const blogCreateFields = z.object({
  title: text(TITLE_MAX).min(1, "Required"),
  slug: slugInput.optional(),
  description: text(2000).optional().meta({ description: "The post's excerpt." }),
  category: text(NAME_MAX).optional(),
  tags: tagsInput.optional(),
  status: statusInput,
  content: blogContentInput.optional().meta({
    description:
      'The article body: a rich block list, {blocks: [...]}, {text: "..."} or a plain string (text becomes ' +
      "paragraph blocks). Stored as rich_content blocks, like the admin editor's. Without it the body is the " +
      "description. A block of another type than header, paragraph, list or quote is dropped, and the answer's " +
      "`warnings` says so.",
  }),
  author: text(NAME_MAX).optional().meta({ description: "Defaults to Admin." }),
  meta_title: text(200).optional().meta({ description: "Defaults to the title plus the brand suffix." }),
  meta_description: text(500).optional().meta({ description: "Defaults to the description." }),
  featured_image: httpUrl.optional(),
  published_at: publishedAtInput.optional(),
});

export const blogCreateSchema = blogCreateFields
  .superRefine(publishedAtNeedsPublished)
  .meta({ title: "BlogPostCreate" });

const academyCreateFields = z.object({
  title: text(TITLE_MAX).min(1, "Required"),
  slug: slugInput.optional(),
  description: text(2000).optional(),
  summary: text(5000).optional(),
  category: text(NAME_MAX).min(1, "Required"),
  tags: tagsInput.optional(),
  status: statusInput,
  difficulty_level: z.enum(DIFFICULTY_LEVELS).default("beginner"),
  duration_minutes: z.int().min(0).max(100_000).default(0),
  thumbnail_url: httpUrl.optional(),
  video_url: httpUrl.optional(),
  audio_url: httpUrl.optional(),
  is_featured: z.boolean().default(false),
  author: text(NAME_MAX).optional().meta({ description: "The team is shown when absent." }),
  content: z
    .array(academyBlockSchema)
    .max(500)
    .optional()
    .meta({
      description:
        "Content blocks. Without them: the description as a paragraph, then the video and audio URLs when given. " +
        "A block of another type than paragraph, video or audio is dropped, and the answer's `warnings` says so.",
    }),
  rich_content: z.array(richBlockSchema).max(500).optional().meta({
    description:
      "Rich blocks (header, paragraph, list, quote); a block of another type is dropped, with a warning.",
  }),
  published_at: publishedAtInput.optional(),
});

export const academyCreateSchema = academyCreateFields
  .superRefine(publishedAtNeedsPublished)
  .meta({ title: "AcademyContentCreate" });

export type BlogCreateInput = z.output<typeof blogCreateSchema>;
export type AcademyCreateInput = z.output<typeof academyCreateSchema>;

/** A create's field as an update's: left out means unchanged, so no default applies. */
type Change<T extends z.ZodType> = z.ZodOptional<z.ZodType<Exclude<z.output<T>, undefined>, z.input<T>>>;

/**
 * An update's fields: the create's, each optional and without its default, checked by the same rules. The URL
 * fields also take null, which empties them.
 */
function changesOf<S extends Record<string, z.ZodType>, N extends keyof S>(
  shape: S,
  clearable: readonly N[],
): { [K in keyof S]: K extends N ? z.ZodOptional<z.ZodNullable<Change<S[K]>>> : Change<S[K]> } {
  const fields: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(shape)) {
    let inner: z.ZodType = field;
    while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional)
      inner = inner.unwrap() as z.ZodType;
    fields[key] = (clearable as readonly string[]).includes(key)
      ? inner.nullable().optional()
      : inner.optional();
  }
  return fields as never;
}

/** published_at on an update: refused with another status sent; the status kept is checked by the model. */
function publishedAtNeedsPublishedIfSent(
  value: { status?: string; published_at?: Date | null },
  ctx: z.RefinementCtx,
) {
  if (value.status !== undefined) publishedAtNeedsPublished({ ...value, status: value.status }, ctx);
}

const UPDATE_DESCRIPTION =
  "The fields to change, each checked as on create: a field sent replaces the stored one, a field left out stays " +
  "as it is (no defaults apply), null empties a URL field. At least one field.";

export const blogUpdateSchema = z
  .object(changesOf(blogCreateFields.shape, ["featured_image"]))
  .superRefine(publishedAtNeedsPublishedIfSent)
  .meta({ title: "BlogPostUpdate", description: UPDATE_DESCRIPTION });

export const academyUpdateSchema = z
  .object(changesOf(academyCreateFields.shape, ["thumbnail_url", "video_url", "audio_url"]))
  .superRefine(publishedAtNeedsPublishedIfSent)
  .meta({ title: "AcademyContentUpdate", description: UPDATE_DESCRIPTION });

export type BlogUpdateInput = z.output<typeof blogUpdateSchema>;
export type AcademyUpdateInput = z.output<typeof academyUpdateSchema>;

export const listQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "Must be a whole number" })
    .int("Must be a whole number")
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
  offset: z.coerce
    .number({ error: "Must be a whole number" })
    .int("Must be a whole number")
    .min(0)
    .max(1_000_000)
    .default(0),
  slug: text(SLUG_MAX).pipe(z.string().min(1)).optional(),
});

// Responses

const timestamp = z.iso.datetime();
const anyJson = z.unknown().meta({
  description:
    "Stored JSON. Blog: rich_content holds the body's blocks and content {blocks} with the excerpt as a " +
    "paragraph (older items may hold {text}). Academy: content holds the block list.",
});

export const blogPostSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    slug: z.string(),
    excerpt: z.string().nullable(),
    content: anyJson,
    rich_content: anyJson,
    author: z.string(),
    category: z.string().nullable(),
    tags: z.array(z.string()),
    status: z.enum(CONTENT_STATUSES),
    published_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    meta_title: z.string().nullable(),
    meta_description: z.string().nullable(),
    featured_image: z.string().nullable(),
  })
  .meta({ title: "BlogPost" });

export const academyItemSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    summary: z.string().nullable(),
    content: anyJson,
    rich_content: anyJson,
    category: z.string(),
    tags: z.array(z.string()),
    difficulty_level: z.enum(DIFFICULTY_LEVELS),
    duration_minutes: z.int().min(0),
    thumbnail_url: z.string().nullable(),
    video_url: z.string().nullable(),
    audio_url: z.string().nullable(),
    is_featured: z.boolean(),
    status: z.enum(CONTENT_STATUSES),
    view_count: z.int().min(0),
    author: z.string().nullable(),
    published_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ title: "AcademyContent" });

export type BlogPostJson = z.output<typeof blogPostSchema>;
export type AcademyItemJson = z.output<typeof academyItemSchema>;

export const paginationSchema = z.object({
  total: z.int().min(0).meta({ description: "Published items in the collection." }),
  limit: z.int().min(1).max(MAX_PAGE_SIZE),
  offset: z.int().min(0),
});

export const ERROR_CODES = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  412: "precondition_failed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  500: "internal_error",
  503: "service_unavailable",
} as const;
export type ErrorStatus = keyof typeof ERROR_CODES;

export const errorSchema = z
  .object({
    error: z.object({
      status: z.int(),
      code: z.enum(Object.values(ERROR_CODES) as [string, ...string[]]),
      message: z.string(),
      fields: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .meta({ description: "Only on 400: messages per field path (e.g. `title`, `content.0.data.text`)." }),
    }),
  })
  .meta({ title: "Error" });

export type ApiErrorBody = z.output<typeof errorSchema>;
