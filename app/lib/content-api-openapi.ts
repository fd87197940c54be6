// The content API's OpenAPI 3.1 document, generated from the same zod schemas the server validates with
// (app/lib/content-api-schemas.ts).

import { z } from "zod";
import { PRODUCT_NAME } from "~/lib/brand";
import { API_KEY_PREFIX } from "./api-keys";
import {
  academyCreateSchema,
  academyItemSchema,
  blogCreateSchema,
  blogPostSchema,
  CONTENT_API_BASE_PATH,
  type ContentCollection,
  DEFAULT_PAGE_SIZE,
  errorSchema,
  MAX_BODY_BYTES,
  MAX_PAGE_SIZE,
  paginationSchema,
  richBlockSchema,
} from "./content-api-schemas";

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
/** `{ data: <item> }`, the answer of a create or single read. */
const single = (name: string) => ({ type: "object", properties: { data: ref(name) }, required: ["data"] });
/** `{ data: [<item>…], pagination }`, the answer of a list read. */
const page = (name: string) => ({
  type: "object",
  properties: {
    data: { type: "array", items: ref(name) },
    pagination: jsonSchemaOf(paginationSchema, "output"),
  },
  required: ["data", "pagination"],
});
/** `{ data: <item>, warnings? }`, the answer of a create. */
const created = (name: string) => ({
  type: "object",
  properties: {
    data: ref(name),
    warnings: {
      type: "array",
      items: { type: "string" },
      description:
        "Only when something sent was left out: one line per block of a type the site does not render, which " +
        'was dropped from the stored item, e.g. `content.2: a block of type "image" is not supported and was ' +
        "dropped (supported: header, paragraph, list, quote).`",
    },
  },
  required: ["data"],
});
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
          description:
            "Created. The Location header is the item's GET-by-slug URL. Blocks of a type the site does not " +
            "render are dropped, not refused; `warnings` names each one.",
          headers: { Location: { schema: { type: "string" } } },
          content: jsonContent(ref(`${itemName}Created`)),
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
      title: `${PRODUCT_NAME} Content API`,
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
        BlogPostSingle: single("BlogPost"),
        AcademyContentSingle: single("AcademyContent"),
        BlogPostCreated: created("BlogPost"),
        AcademyContentCreated: created("AcademyContent"),
        BlogPostList: page("BlogPost"),
        AcademyContentList: page("AcademyContent"),
        Error: jsonSchemaOf(errorSchema, "output"),
        RichBlock: jsonSchemaOf(richBlockSchema, "input"),
      },
    },
  };
}
