// The content API: /functions/v1/content-api/blog, /academy, /pages (pages built from blocks) and /forms (built forms
// and their submissions), authenticated by the x-api-key header. Every answer is JSON; every error has the one shape of `errorSchema` (app/lib/content-api-schemas.ts),
// which the OpenAPI document at ./openapi.json describes. The key itself is never logged: only its id and start.
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "~/db/sql-helpers.server";
import {
  cachedRead,
  contentApiKeyLimit,
  contentApiKeyLimitKey,
  storeRead,
} from "~/infra/content-api-reads.server";
import { contentVersionNow } from "~/infra/content-version.server";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { CONTENT_PERMISSION, FORM_SUBMISSIONS_PERMISSION } from "~/lib/api-keys";
import {
  academyCreateSchema,
  blogCreateSchema,
  CONTENT_API_BASE_PATH,
  CONTENT_COLLECTIONS,
  type ContentCollection,
  listQuerySchema,
  withoutUnknownBlocks,
} from "~/lib/content-api-schemas";
import { parsePage } from "~/lib/page-form";
import { normalizePagePath } from "~/lib/page-paths";
import { type ApiKeySummary, authenticateApiKey } from "~/models/api-keys.server";
import {
  type ContentItemJson,
  type CreateResult,
  createAcademyItemFromApi,
  createBlogPostFromApi,
  getPublishedContent,
  listPublishedContent,
} from "~/models/content-api.server";
import { getPublishedPage, listPublishedPagePaths, savePage } from "~/models/pages.server";
import {
  FORMS_ALLOW,
  handleFormGet,
  handleFormsGet,
  handleSubmissionPost,
  SUBMISSIONS_ALLOW,
} from "~/routes/support/content-api-forms.server";
import {
  apiError,
  BASE_HEADERS,
  errorBody,
  fieldErrors,
  itemTag,
  json,
  listTag,
  readJsonBody,
} from "~/routes/support/content-api-http.server";
import { handleItemGet, handleItemPatch, ITEM_ALLOW } from "~/routes/support/content-api-items.server";
import type { Route } from "./+types/content-api";

const ALLOW = "GET, HEAD, POST";

/** Where a request goes: a collection, one item of it by id, the pages, or the forms, one form or its submissions. */
type Target =
  | { kind: "collection"; collection: ContentCollection }
  | { kind: "item"; collection: ContentCollection; id: string }
  | { kind: "pages" }
  | { kind: "forms" }
  | { kind: "form"; id: string }
  | { kind: "submissions"; id: string };

function formTargetOf(id: string | undefined, rest: string[]): Target | undefined {
  if (id === undefined) return { kind: "forms" };
  if (id === "") return undefined;
  if (rest.length === 0) return { kind: "form", id };
  return rest.length === 1 && rest[0] === "submissions" ? { kind: "submissions", id } : undefined;
}

function targetOf(splat: string | undefined): Target | undefined {
  const [name = "", id, ...rest] = (splat ?? "").replace(/\/+$/, "").split("/");
  if (name === "forms") return formTargetOf(id, rest);
  if (rest.length > 0 || id === "") return undefined;
  if (name === "pages") return id === undefined ? { kind: "pages" } : undefined;
  if (!(CONTENT_COLLECTIONS as readonly string[]).includes(name)) return undefined;
  const collection = name as ContentCollection;
  return id === undefined ? { kind: "collection", collection } : { kind: "item", collection, id };
}

/**
 * The permissions that open a target (any one of them): the forms are read with either permission (a key that sends
 * submissions needs the fields it answers), their submissions take form_submissions, the rest content_management.
 */
function permissionFor(target: Target): readonly string[] {
  if (target.kind === "submissions") return [FORM_SUBMISSIONS_PERMISSION];
  if (target.kind === "forms" || target.kind === "form")
    return [CONTENT_PERMISSION, FORM_SUBMISSIONS_PERMISSION];
  return [CONTENT_PERMISSION];
}

async function authorize(
  request: Request,
  ip: string,
  permission: readonly string[],
): Promise<{ ok: true; key: ApiKeySummary } | { ok: false; response: Response }> {
  // Failed keys count per client address (authenticateApiKey), so guessing is throttled too.
  const check = await authenticateApiKey(request.headers.get("x-api-key"), permission, ip);
  if (!check.ok) {
    const headers = check.status === 429 ? { "Retry-After": String(check.retryAfter) } : undefined;
    return { ok: false, response: apiError(check.status, check.message, { headers }) };
  }
  // Counted in memory from blocks reserved in the shared rate_limits row (ADR 020): no round trip per request.
  const limit = await contentApiKeyLimit().hit(contentApiKeyLimitKey(check.key.id));
  if (!limit.ok) {
    return {
      ok: false,
      response: apiError(429, "Too many requests for this API key. Try again later.", {
        headers: { "Retry-After": String(limit.retryAfter) },
      }),
    };
  }
  return { ok: true, key: check.key };
}

/** A cached read as the route answers it, with its entity tag when it is a 200. */
function readAnswer(answer: { status: number; body: Buffer; etag?: string }): Response {
  return new Response(new Uint8Array(answer.body), {
    status: answer.status,
    headers: {
      ...BASE_HEADERS,
      "Content-Type": "application/json",
      ...(answer.etag ? { ETag: answer.etag } : {}),
    },
  });
}

async function handleGet(request: Request, collection: ContentCollection): Promise<Response> {
  const url = new URL(request.url);
  const query = listQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    return apiError(400, "Invalid query parameters.", { fields: fieldErrors(query.error) });
  }
  const { limit, offset, slug } = query.data;
  const version = await contentVersionNow();
  // Answers are kept serialised per content version (app/infra/content-api-reads.server.ts): a hit costs no query
  // and no JSON work, and the fast path in server/app.ts answers the next identical request before Express.
  const cacheKey = url.pathname + url.search;
  let answer = cachedRead(cacheKey, version);
  if (!answer) {
    if (slug !== undefined) {
      const item = await getPublishedContent(collection, slug);
      answer = item
        ? storeRead(cacheKey, version, 200, JSON.stringify({ data: item }), itemTag(item.updated_at))
        : storeRead(
            cacheKey,
            version,
            404,
            JSON.stringify(errorBody(404, `No published ${collection} item has the slug "${slug}".`)),
          );
    } else {
      const { items, total } = await listPublishedContent(collection, { limit, offset });
      const tag = listTag([...items.map((i) => `${i.id} ${i.updated_at}`), `${total} ${limit} ${offset}`]);
      answer = storeRead(
        cacheKey,
        version,
        200,
        JSON.stringify({ data: items, pagination: { total, limit, offset } }),
        tag,
      );
    }
  }
  return readAnswer(answer);
}

async function handlePost(
  request: Request,
  collection: ContentCollection,
  key: ApiKeySummary,
  ip: string,
): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  // The key acts under its visible start: the audit trail must never hold a whole key.
  const who = auditContext(`api-key:${key.keyStart}`, request, ip);
  // Blocks of a type the site does not render are dropped, and the answer says which.
  const { body: input, warnings } = withoutUnknownBlocks(collection, body.value);
  let result: CreateResult<ContentItemJson>;
  if (collection === "blog") {
    const parsed = blogCreateSchema.safeParse(input);
    if (!parsed.success) return apiError(400, "Invalid fields.", { fields: fieldErrors(parsed.error) });
    result = await createBlogPostFromApi(parsed.data, key, who);
  } else {
    const parsed = academyCreateSchema.safeParse(input);
    if (!parsed.success) return apiError(400, "Invalid fields.", { fields: fieldErrors(parsed.error) });
    result = await createAcademyItemFromApi(parsed.data, key, who);
  }
  if (!result.ok) {
    if (result.reason === "invalid-slug") {
      return apiError(400, "Invalid fields.", {
        fields: { slug: ["The slug (or the title it is derived from) needs at least one letter or digit"] },
      });
    }
    return apiError(409, `A ${collection} item with the slug "${result.slug}" already exists.`);
  }
  const item = result.item;
  return json(warnings.length > 0 ? { data: item, warnings } : { data: item }, 201, {
    Location: `${CONTENT_API_BASE_PATH}/${collection}?slug=${encodeURIComponent(item.slug)}`,
    ETag: itemTag(item.updated_at),
  });
}

/** GET /pages: the published pages; GET /pages?path=/x: one page with its blocks. Cached per content version. */
async function handlePagesGet(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.searchParams.get("path");
  const version = await contentVersionNow();
  const cacheKey = url.pathname + url.search;
  let answer = cachedRead(cacheKey, version);
  if (!answer) {
    if (path !== null) {
      const page = await getPublishedPage(normalizePagePath(path.slice(0, 300)));
      const body = page && JSON.stringify({ data: { ...page, data: undefined } });
      answer = body
        ? storeRead(cacheKey, version, 200, body, listTag([body]))
        : storeRead(
            cacheKey,
            version,
            404,
            JSON.stringify(errorBody(404, "No published page has this path.")),
          );
    } else {
      const pages = await listPublishedPagePaths();
      const tag = listTag(pages.map((p) => `${p.path} ${p.updatedAt.toISOString()}`));
      answer = storeRead(cacheKey, version, 200, JSON.stringify({ data: pages }), tag);
    }
  }
  return readAnswer(answer);
}

/** POST /pages: a new page, validated like the editor's (blocks by their schemas); 409 when the path is taken. */
async function handlePagesPost(request: Request, key: ApiKeySummary, ip: string): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = parsePage(body.value);
  if (!parsed.ok) {
    const fields = Object.fromEntries(
      Object.entries(parsed.fieldErrors).map(([field, message]) => [field, [message ?? "Invalid."]]),
    );
    return apiError(400, "Invalid fields.", { fields });
  }
  const saved = await savePage(null, parsed.page, auditContext(`api-key:${key.keyStart}`, request, ip));
  if (!saved.ok) return apiError(409, `A page with the path "${parsed.page.path}" already exists.`);
  const { id, path, title, status, publishedAt, createdAt, updatedAt } = saved.page;
  return json(
    { data: { id, path, title, status, publishedAt, createdAt, updatedAt, blocks: saved.page.blocks } },
    201,
    {
      Location: `${CONTENT_API_BASE_PATH}/pages?path=${encodeURIComponent(path)}`,
    },
  );
}

const ALLOWED: Record<Target["kind"], string> = {
  collection: ALLOW,
  pages: ALLOW,
  item: ITEM_ALLOW,
  forms: FORMS_ALLOW,
  form: FORMS_ALLOW,
  submissions: SUBMISSIONS_ALLOW,
};

async function route(request: Request, target: Target, method: string, key: ApiKeySummary, ip: string) {
  if (target.kind === "forms") return handleFormsGet();
  if (target.kind === "form") return handleFormGet(target.id);
  if (target.kind === "item") {
    return method === "PATCH"
      ? handleItemPatch(request, target.collection, target.id, key, ip)
      : handleItemGet(target.collection, target.id);
  }
  if (method === "POST" && request.headers.has("if-match")) {
    return apiError(
      400,
      "If-Match applies to updating one item (PATCH /blog/{id} or /academy/{id}); a create has no earlier version to match.",
    );
  }
  if (target.kind === "submissions") return handleSubmissionPost(request, target.id, key, ip);
  if (target.kind === "pages") {
    return method === "POST" ? handlePagesPost(request, key, ip) : handlePagesGet(request);
  }
  return method === "POST"
    ? handlePost(request, target.collection, key, ip)
    : handleGet(request, target.collection);
}

async function handle(request: Request, splat: string | undefined, ip: string): Promise<Response> {
  const target = targetOf(splat);
  if (!target) {
    return apiError(
      404,
      `Unknown collection. Use ${[...CONTENT_COLLECTIONS, "pages", "forms"].map((c) => `/${c}`).join(" or ")}, or ` +
        `${[...CONTENT_COLLECTIONS, "forms"].map((c) => `/${c}/{id}`).join(" or ")} for one item, or ` +
        "/forms/{id}/submissions to send a form's answers.",
    );
  }
  const method = request.method.toUpperCase();
  const allow = ALLOWED[target.kind];
  if (!allow.split(", ").includes(method)) {
    return apiError(405, `${method} is not allowed here.`, { headers: { Allow: allow } });
  }
  const collection = "collection" in target ? target.collection : target.kind;
  let keyForLog: Pick<ApiKeySummary, "id" | "keyStart"> | undefined;
  try {
    const auth = await authorize(request, ip, permissionFor(target));
    if (!auth.ok) return auth.response;
    keyForLog = auth.key;
    return await route(request, target, method, auth.key, ip);
  } catch (error) {
    // Identify the key by id and visible start only: the full key must never reach a log.
    logger.error(
      { err: error, collection, method, apiKeyId: keyForLog?.id, apiKeyStart: keyForLog?.keyStart },
      "content API request failed",
    );
    if (isDatabaseUnavailable(error)) {
      return apiError(503, DATABASE_UNAVAILABLE_MESSAGE, {
        headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
      });
    }
    return apiError(500, "Something went wrong. Please try again.");
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handle(request, params["*"], requestInfo(context).ip);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handle(request, params["*"], requestInfo(context).ip);
}
