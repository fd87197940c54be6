// The content API's OpenAPI 3.1 document, generated from the same zod schemas the server validates with
// (app/lib/content-api-schemas.ts; for pages, the page form's and the blocks' own, app/blocks/registry.ts; for forms,
// app/lib/content-api-forms.ts, in content-api-openapi-forms.ts).
import { BLOCK_TYPES, BLOCKS, MAX_BLOCKS } from "~/blocks/registry";
import { PRODUCT_NAME } from "~/lib/brand";
import { API_KEY_PREFIX } from "./api-keys";
import { FORM_PATHS, FORM_SCHEMAS, FORMS_TAG } from "./content-api-openapi-forms";
import {
  COMMON_ERRORS,
  errorResponse,
  type JsonObject,
  jsonContent,
  jsonSchemaOf,
  ref,
  single,
} from "./content-api-openapi-parts";
import {
  academyCreateSchema,
  academyItemSchema,
  academyUpdateSchema,
  blogCreateSchema,
  blogPostSchema,
  blogUpdateSchema,
  CONTENT_API_BASE_PATH,
  type ContentCollection,
  DEFAULT_PAGE_SIZE,
  errorSchema,
  MAX_BODY_BYTES,
  MAX_PAGE_SIZE,
  paginationSchema,
  richBlockSchema,
} from "./content-api-schemas";
import { CONTENT_STATUSES } from "./content-enums";
import { pageHeadSchema } from "./page-form";

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

const ETAG_HEADER = {
  ETag: {
    schema: { type: "string" },
    description:
      "Strong entity tag. One item's names its version (the time of its last save): send it back in If-Match " +
      "to update the item only if nobody changed it since. A list's is derived from the items it holds.",
  },
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
          headers: ETAG_HEADER,
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
          headers: { Location: { schema: { type: "string" } }, ...ETAG_HEADER },
          content: jsonContent(ref(`${itemName}Created`)),
        },
        "400": errorResponse("Invalid JSON or invalid fields (see `error.fields`), or an If-Match header."),
        ...COMMON_ERRORS,
        "409": errorResponse("An item with this slug already exists."),
        "413": errorResponse(`The body is larger than ${MAX_BODY_BYTES} bytes.`),
        "415": errorResponse("The body is not application/json."),
      },
    },
  };
}

/** /{collection}/{id}: one item, published or not, read with its ETag and updated with If-Match. */
function itemPath(collection: ContentCollection, itemName: string, updateName: string, label: string) {
  const one = label.replace(/s$/, "");
  return {
    parameters: [
      { name: "id", in: "path", required: true, description: `The ${one}'s id.`, schema: { type: "string" } },
    ],
    get: {
      operationId: `get${itemName}`,
      summary: `Get one ${one} by id, whatever its status, with its ETag`,
      tags: [collection],
      responses: {
        "200": {
          description: `The ${one}. Its ETag names its version, for an update's If-Match.`,
          headers: ETAG_HEADER,
          content: jsonContent(ref(`${itemName}Single`)),
        },
        ...COMMON_ERRORS,
        "404": errorResponse(`No ${one} has this id.`),
      },
    },
    patch: {
      operationId: `update${itemName}`,
      summary: `Change fields of one ${one}`,
      description:
        "The fields sent replace the stored ones, checked as on create; the others stay. The save is kept in " +
        "the item's history and audited like a save in the back office. With If-Match, the update is made only " +
        "if the item is still at that version: otherwise 412, and nothing changes. Without it, the fields sent " +
        "are saved over whatever is stored.",
      tags: [collection],
      parameters: [
        {
          name: "If-Match",
          in: "header",
          description: 'The ETag of the item as last read, e.g. `"2026-03-02T09:00:00.000Z"`, or `*`.',
          schema: { type: "string" },
        },
      ],
      requestBody: { required: true, content: jsonContent(ref(updateName)) },
      responses: {
        "200": {
          description: "Updated: the item as now stored, with its new ETag (and `warnings` as on create).",
          headers: ETAG_HEADER,
          content: jsonContent(ref(`${itemName}Created`)),
        },
        "400": errorResponse(
          "Invalid JSON, invalid fields (see `error.fields`), no field to change, or an If-Match header that is " +
            "not a list of quoted ETags.",
        ),
        ...COMMON_ERRORS,
        "404": errorResponse(`No ${one} has this id.`),
        "409": errorResponse("Another item already has this slug."),
        "412": errorResponse(
          "The item changed since the read whose ETag If-Match names: who saved it and when are in the " +
            "message, its current ETag in the ETag header. Nothing was changed.",
          ETAG_HEADER,
        ),
        "413": errorResponse(`The body is larger than ${MAX_BODY_BYTES} bytes.`),
        "415": errorResponse("The body is not application/json."),
      },
    },
  };
}

/** One block of a page, of any type: each type's own schema, told apart by `type`. */
const pageBlock = (io: "input" | "output") => ({
  oneOf: BLOCK_TYPES.map((type) => {
    const schema = jsonSchemaOf(BLOCKS[type].schema, io) as { properties?: { id?: JsonObject } };
    // The id's default is drawn at random per block: the document says so rather than show one drawn value.
    if (schema.properties?.id) {
      const { default: _drawn, ...id } = schema.properties.id;
      schema.properties.id = { ...id, description: "Unique within the page; given when absent." };
    }
    return schema;
  }),
  description:
    "A block of a page, checked by its type's schema. Without an `id`, one is given. A page holds at most " +
    `${MAX_BLOCKS} blocks and one contact form.`,
});

const nullableText = { type: ["string", "null"] };
const dateTime = { type: "string", format: "date-time" };
const blockList = (io: "input" | "output") => ({
  type: "array",
  maxItems: MAX_BLOCKS,
  items: ref(io === "input" ? "PageBlockInput" : "PageBlock"),
});

/** What the API answers for pages (app/routes/api/content-api.ts) and takes to create one. */
const PAGE_SCHEMAS = {
  PageCreate: (() => {
    const head = jsonSchemaOf(pageHeadSchema, "input") as { properties?: JsonObject; required?: string[] };
    return {
      ...head,
      properties: { ...head.properties, blocks: blockList("input") },
      required: [...new Set([...(head.required ?? []), "path", "title"])],
      description:
        "A page built from blocks, validated like the page editor's save. `path` is normalised (lower case, no " +
        "trailing slash) and may not be one the site's own routes use. `publishAt`: when a published page goes " +
        "live (empty: now).",
    };
  })(),
  PageSummary: {
    type: "object",
    properties: { path: { type: "string" }, updatedAt: dateTime },
    required: ["path", "updatedAt"],
  },
  Page: {
    type: "object",
    properties: {
      path: { type: "string" },
      title: { type: "string" },
      metaTitle: nullableText,
      metaDescription: nullableText,
      socialImage: nullableText,
      noindex: { type: "boolean" },
      canonical: nullableText,
      blocks: blockList("output"),
    },
    required: [
      "path",
      "title",
      "metaTitle",
      "metaDescription",
      "socialImage",
      "noindex",
      "canonical",
      "blocks",
    ],
  },
  PageCreatedItem: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      path: { type: "string" },
      title: { type: "string" },
      status: { enum: [...CONTENT_STATUSES] },
      publishedAt: { anyOf: [dateTime, { type: "null" }] },
      createdAt: dateTime,
      updatedAt: dateTime,
      blocks: blockList("output"),
    },
    required: ["id", "path", "title", "status", "publishedAt", "createdAt", "updatedAt", "blocks"],
  },
  PageSummaryList: {
    type: "object",
    properties: { data: { type: "array", items: ref("PageSummary") } },
    required: ["data"],
  },
  PageSingle: single("Page"),
  PageCreated: single("PageCreatedItem"),
  PageBlock: pageBlock("output"),
  PageBlockInput: pageBlock("input"),
};

const PAGES_PATH = {
  get: {
    operationId: "listPages",
    summary: "List the published pages (path and last change), or get one with its blocks by path",
    tags: ["pages"],
    parameters: [
      {
        name: "path",
        in: "query",
        description: "Return the one published page at this path (e.g. `/pricing`) with its blocks.",
        schema: { type: "string", minLength: 1, maxLength: 300 },
      },
    ],
    responses: {
      "200": {
        description:
          "The published pages, by path, without those kept out of search results (or, with `path`, " +
          "`{ data: page }`).",
        content: jsonContent({ oneOf: [ref("PageSummaryList"), ref("PageSingle")] }),
      },
      ...COMMON_ERRORS,
      "404": errorResponse("No published page has this path."),
    },
  },
  post: {
    operationId: "createPage",
    summary: "Create one page from blocks",
    tags: ["pages"],
    requestBody: { required: true, content: jsonContent(ref("PageCreate")) },
    responses: {
      "201": {
        description: "Created. The Location header is the page's GET-by-path URL.",
        headers: { Location: { schema: { type: "string" } } },
        content: jsonContent(ref("PageCreated")),
      },
      "400": errorResponse(
        "Invalid JSON or invalid fields (see `error.fields`, keyed like `path` or `blocks.0.headline`).",
      ),
      ...COMMON_ERRORS,
      "409": errorResponse("A page with this path already exists."),
      "413": errorResponse(`The body is larger than ${MAX_BODY_BYTES} bytes.`),
      "415": errorResponse("The body is not application/json."),
    },
  },
};

/** The API's OpenAPI 3.1 document for a server at `baseUrl`. */
export function contentApiOpenApi(baseUrl: string): JsonObject {
  return {
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} Content API`,
      version: "1.0.0",
      description:
        "Create, read and update blog posts and academy content, create and read pages built from blocks, and " +
        "read the forms built in the back office and send submissions to them. " +
        "An item's read carries an ETag; an update sent with it in If-Match is refused (412) if the item changed " +
        "meanwhile. Authenticate with an API key from the admin's API Keys " +
        `page in the \`x-api-key\` header. Every key is rate limited; bodies are limited to ${MAX_BODY_BYTES} ` +
        "bytes. Errors always have the `Error` shape.",
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: `${baseUrl}${CONTENT_API_BASE_PATH}` }],
    security: [{ apiKey: [] }],
    tags: [
      { name: "blog", description: "Blog posts" },
      { name: "academy", description: "Academy content" },
      { name: "pages", description: "Pages built from blocks: the landing page, pricing and campaign pages" },
      FORMS_TAG,
    ],
    paths: {
      "/blog": collectionPath("blog", "BlogPost", "BlogPostCreate", "blog posts"),
      "/academy": collectionPath("academy", "AcademyContent", "AcademyContentCreate", "academy items"),
      "/blog/{id}": itemPath("blog", "BlogPost", "BlogPostUpdate", "blog posts"),
      "/academy/{id}": itemPath("academy", "AcademyContent", "AcademyContentUpdate", "academy items"),
      "/pages": PAGES_PATH,
      ...FORM_PATHS,
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
        BlogPostUpdate: jsonSchemaOf(blogUpdateSchema, "input"),
        AcademyContentUpdate: jsonSchemaOf(academyUpdateSchema, "input"),
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
        ...PAGE_SCHEMAS,
        ...FORM_SCHEMAS,
      },
    },
  };
}
