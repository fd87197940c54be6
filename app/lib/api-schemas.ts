// The content API's contract in one place: the admin key form, the request and response schemas of
// /functions/v1/content-api/*, and the OpenAPI 3.1 document generated from those same zod schemas, so the
// documentation cannot drift from what the server validates. Shared by the browser (key form, masking) and the
// server; it must not import server-only modules (nor ~/db/schema, which would pull Drizzle into the browser).
import { z } from "zod";
import { toRichBlocks } from "~/lib/content";

// ---------------------------------------------------------------------------------------------------------
// API keys
// ---------------------------------------------------------------------------------------------------------

/** Every content key starts with this, so a leaked key is recognisable (secret scanners, logs) as ours. */
export const API_KEY_PREFIX = "ak_content_";
/** The only permission there is; new keys get exactly this list (docs/product.md, API keys). */
export const CONTENT_PERMISSION = "content_management";
/** How much of a key the list shows (docs/product.md, API keys): its first 12 and last 4 characters. */
export const KEY_VISIBLE_START = 12;
export const KEY_VISIBLE_END = 4;
export const KEY_NAME_MAX = 100;

export const createApiKeySchema = z.object({
  keyName: z
    .string({ error: "Please enter a key name" })
    .trim()
    .min(1, "Please enter a key name")
    .max(KEY_NAME_MAX, `Key names have at most ${KEY_NAME_MAX} characters`),
});

/** The list's masked form: the stored start and end with the middle hidden. */
export function maskApiKey(start: string, last4: string): string {
  return `${start}${"•".repeat(8)}${last4}`;
}

// ---------------------------------------------------------------------------------------------------------
// Content API requests
// ---------------------------------------------------------------------------------------------------------

export const CONTENT_API_BASE_PATH = "/functions/v1/content-api";
export const CONTENT_COLLECTIONS = ["blog", "academy"] as const;
export type ContentCollection = (typeof CONTENT_COLLECTIONS)[number];
/** Largest accepted request body; larger ones get 413 before or while being read. */
export const MAX_BODY_BYTES = 256 * 1024;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

// The content model's own lists (app/lib/content-enums.ts), under the names the API documentation uses.
import { DIFFICULTY_LEVELS as API_DIFFICULTIES, CONTENT_STATUSES as API_STATUSES } from "./content-enums";

export { API_DIFFICULTIES, API_STATUSES };

const httpUrl = z
  .url({ protocol: /^https?$/, error: "Must be an absolute http(s) URL" })
  .max(2000)
  .meta({ pattern: "^https?://" });

/** Postgres text cannot hold NUL characters: refuse them with a clear message instead of failing the insert. */
const NO_NUL = "Must not contain NUL characters";
const noNul = (v: string) => !v.includes("\u0000");

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).refine(noNul, NO_NUL);

const tagsInput = z.union([z.array(text(50)).max(30), text(1500)]).meta({
  description: "A list of tags, or comma-separated text. Trimmed; empty and duplicate tags dropped.",
});

const slugInput = text(200).meta({
  description:
    "Optional. Normalised with the site's slug rule (lower-case; letters, digits and hyphens). Derived from the " +
    "title when absent. Must be unique within the collection (409 otherwise).",
});

const statusInput = z
  .enum(API_STATUSES)
  .default("draft")
  .meta({ description: "Only published items are public. Publishing stamps published_at." });

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
export const academyBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("paragraph"), data: z.object({ text: nonEmptyText }) }),
  z.object({ type: z.literal("video"), data: z.object({ url: httpUrl }) }),
  z.object({ type: z.literal("audio"), data: z.object({ url: httpUrl }) }),
]);

const blogBlockList = z.array(richBlockSchema).max(500);
/** The document describes the blocks once (components.schemas.RichBlock); the body's shapes point at it. */
const RICH_BLOCK_REF = { $ref: "#/components/schemas/RichBlock" };

/**
 * A blog body in any shape the data model allows (docs/product.md, Rich blocks): a block list, `{ blocks }`,
 * `{ text }` or plain text. The shape is only recognised here; the blocks are checked after, by one schema, so a
 * bad block gets the same field message (e.g. `content.0.data.text`) whichever wrapper it came in. Text becomes
 * paragraph blocks (split at blank lines), so every post is stored in the one shape the admin editor writes.
 */
export const blogContentInput = z
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

export const blogCreateSchema = z
  .object({
    title: text(200).min(1, "Required"),
    slug: slugInput.optional(),
    description: text(2000).optional().meta({ description: "The post's excerpt." }),
    category: text(100).optional(),
    tags: tagsInput.optional(),
    status: statusInput,
    content: blogContentInput.optional().meta({
      description:
        'The article body: a rich block list, {blocks: [...]}, {text: "..."} or a plain string (text becomes ' +
        "paragraph blocks). Stored as rich_content blocks, like the admin editor's. Without it the body is the " +
        "description.",
    }),
    author: text(100).optional().meta({ description: "Defaults to Admin." }),
    meta_title: text(200).optional().meta({ description: "Defaults to the title plus the brand suffix." }),
    meta_description: text(500).optional().meta({ description: "Defaults to the description." }),
    featured_image: httpUrl.optional(),
  })
  .meta({ title: "BlogPostCreate" });

export const academyCreateSchema = z
  .object({
    title: text(200).min(1, "Required"),
    slug: slugInput.optional(),
    description: text(2000).optional(),
    summary: text(5000).optional(),
    category: text(100).min(1, "Required"),
    tags: tagsInput.optional(),
    status: statusInput,
    difficulty_level: z.enum(API_DIFFICULTIES).default("beginner"),
    duration_minutes: z.int().min(0).max(100_000).default(0),
    thumbnail_url: httpUrl.optional(),
    video_url: httpUrl.optional(),
    audio_url: httpUrl.optional(),
    is_featured: z.boolean().default(false),
    author: text(100).optional().meta({ description: "The team is shown when absent." }),
    content: z.array(academyBlockSchema).max(500).optional().meta({
      description:
        "Content blocks. Without them: the description as a paragraph, then the video and audio URLs when given.",
    }),
    rich_content: z.array(richBlockSchema).max(500).optional(),
  })
  .meta({ title: "AcademyContentCreate" });

export type BlogCreateInput = z.output<typeof blogCreateSchema>;
export type AcademyCreateInput = z.output<typeof academyCreateSchema>;

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
  slug: text(200).pipe(z.string().min(1)).optional(),
});

// ---------------------------------------------------------------------------------------------------------
// Content API responses
// ---------------------------------------------------------------------------------------------------------

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
    status: z.enum(API_STATUSES),
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
    difficulty_level: z.enum(API_DIFFICULTIES),
    duration_minutes: z.int().min(0),
    thumbnail_url: z.string().nullable(),
    video_url: z.string().nullable(),
    audio_url: z.string().nullable(),
    is_featured: z.boolean(),
    status: z.enum(API_STATUSES),
    view_count: z.int().min(0),
    author: z.string().nullable(),
    published_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ title: "AcademyContent" });

export type BlogPostJson = z.output<typeof blogPostSchema>;
export type AcademyItemJson = z.output<typeof academyItemSchema>;

const paginationSchema = z.object({
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

// ---------------------------------------------------------------------------------------------------------
// The OpenAPI 3.1 document
// ---------------------------------------------------------------------------------------------------------

type JsonObject = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonObject;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonContent = (schema: JsonObject) => ({ "application/json": { schema } });
const errorResponse = (description: string, headers?: JsonObject) => ({
  description,
  ...(headers ? { headers } : {}),
  content: jsonContent(ref("Error")),
});

const COMMON_ERRORS = {
  "401": errorResponse("The x-api-key header is missing or the key is unknown."),
  "403": errorResponse("The key is deactivated or lacks the content_management permission."),
  "405": errorResponse("Method not allowed. The Allow header lists the methods.", {
    Allow: { schema: { type: "string" }, description: "GET, HEAD, POST" },
  }),
  "429": errorResponse("Too many requests for this key, or too many failed key attempts from this address.", {
    "Retry-After": {
      schema: { type: "integer", minimum: 1 },
      description: "Seconds until the limit resets.",
    },
  }),
  "500": errorResponse("Unexpected server error."),
  "503": errorResponse("The database is briefly unreachable; nothing was saved. Retry after Retry-After.", {
    "Retry-After": {
      schema: { type: "integer", minimum: 1 },
      description: "Seconds to wait before retrying.",
    },
  }),
};

function collectionPath(collection: ContentCollection, itemName: string, createName: string, label: string) {
  return {
    get: {
      operationId: `list${itemName}`,
      summary: `List published ${label}, newest first, or get one by slug`,
      tags: [collection],
      parameters: [
        {
          name: "limit",
          in: "query",
          description: `Page size (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}).`,
          schema: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
        },
        {
          name: "offset",
          in: "query",
          description: "Items to skip.",
          schema: { type: "integer", minimum: 0, maximum: 1_000_000, default: 0 },
        },
        {
          name: "slug",
          in: "query",
          description: "Return the one published item with this slug instead of a list.",
          schema: { type: "string", minLength: 1, maxLength: 200 },
        },
      ],
      responses: {
        "200": {
          description: "A page of published items (or, with `slug`, `{ data: item }`).",
          content: jsonContent({ oneOf: [ref(`${itemName}List`), ref(`${itemName}Single`)] }),
        },
        "400": errorResponse("Invalid query parameters."),
        ...COMMON_ERRORS,
        "404": errorResponse("No published item has this slug."),
      },
    },
    post: {
      operationId: `create${itemName}`,
      summary: `Create one ${label.replace(/s$/, "")}`,
      tags: [collection],
      requestBody: { required: true, content: jsonContent(ref(createName)) },
      responses: {
        "201": {
          description: "Created. The Location header is the item's GET-by-slug URL.",
          headers: { Location: { schema: { type: "string" } } },
          content: jsonContent(ref(`${itemName}Single`)),
        },
        "400": errorResponse("Invalid JSON or invalid fields (see `error.fields`)."),
        ...COMMON_ERRORS,
        "409": errorResponse("An item with this slug already exists."),
        "413": errorResponse(`The body is larger than ${MAX_BODY_BYTES} bytes.`),
        "415": errorResponse("The body is not application/json."),
      },
    },
  };
}

/** The API's OpenAPI 3.1 document for a server at `baseUrl`. */
export function contentApiOpenApi(baseUrl: string): JsonObject {
  return {
    openapi: "3.1.0",
    info: {
      title: "Asimov Content API",
      version: "1.0.0",
      description:
        "Create and read blog posts and academy content. Authenticate with an API key from the admin's API Keys " +
        `page in the \`x-api-key\` header. Every key is rate limited; bodies are limited to ${MAX_BODY_BYTES} ` +
        "bytes. Errors always have the `Error` shape.",
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: `${baseUrl}${CONTENT_API_BASE_PATH}` }],
    security: [{ apiKey: [] }],
    tags: [
      { name: "blog", description: "Blog posts" },
      { name: "academy", description: "Academy content" },
    ],
    paths: {
      "/blog": collectionPath("blog", "BlogPost", "BlogPostCreate", "blog posts"),
      "/academy": collectionPath("academy", "AcademyContent", "AcademyContentCreate", "academy items"),
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "x-api-key",
          description: `Starts with ${API_KEY_PREFIX}`,
        },
      },
      schemas: {
        BlogPostCreate: jsonSchemaOf(blogCreateSchema, "input"),
        AcademyContentCreate: jsonSchemaOf(academyCreateSchema, "input"),
        BlogPost: jsonSchemaOf(blogPostSchema, "output"),
        AcademyContent: jsonSchemaOf(academyItemSchema, "output"),
        BlogPostSingle: { type: "object", properties: { data: ref("BlogPost") }, required: ["data"] },
        AcademyContentSingle: {
          type: "object",
          properties: { data: ref("AcademyContent") },
          required: ["data"],
        },
        BlogPostList: {
          type: "object",
          properties: {
            data: { type: "array", items: ref("BlogPost") },
            pagination: jsonSchemaOf(paginationSchema, "output"),
          },
          required: ["data", "pagination"],
        },
        AcademyContentList: {
          type: "object",
          properties: {
            data: { type: "array", items: ref("AcademyContent") },
            pagination: jsonSchemaOf(paginationSchema, "output"),
          },
          required: ["data", "pagination"],
        },
        Error: jsonSchemaOf(errorSchema, "output"),
        RichBlock: jsonSchemaOf(richBlockSchema, "input"),
      },
    },
  };
}
