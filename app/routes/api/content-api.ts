// The content API: /functions/v1/content-api/blog, /academy and /pages (pages built from blocks), authenticated by the
// x-api-key header. Every answer is JSON; every error has the one shape of `errorSchema` (app/lib/content-api-schemas.ts),
// which the OpenAPI document at ./openapi.json describes. The key itself is never logged: only its id and start.
import type { z } from "zod";
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
import { CONTENT_PERMISSION } from "~/lib/api-keys";
import {
  type ApiErrorBody,
  academyCreateSchema,
  blogCreateSchema,
  CONTENT_API_BASE_PATH,
  CONTENT_COLLECTIONS,
  type ContentCollection,
  ERROR_CODES,
  type ErrorStatus,
  listQuerySchema,
  MAX_BODY_BYTES,
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
import type { Route } from "./+types/content-api";

const ALLOW = "GET, HEAD, POST";
// nosniff and the other security headers come from the server's middleware, on every response.
const BASE_HEADERS = { "Cache-Control": "no-store" };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...BASE_HEADERS, ...headers } });
}

function errorBody(status: ErrorStatus, message: string, fields?: Record<string, string[]>): ApiErrorBody {
  return { error: { status, code: ERROR_CODES[status], message, ...(fields ? { fields } : {}) } };
}

function apiError(
  status: ErrorStatus,
  message: string,
  extra: { fields?: Record<string, string[]>; headers?: Record<string, string> } = {},
): Response {
  return json(errorBody(status, message, extra.fields), status, extra.headers);
}

/** Zod issues as messages per dotted field path ("" for the body itself becomes "body"). */
function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    fields[key] ??= [];
    fields[key].push(issue.message);
  }
  return fields;
}

function collectionOf(splat: string | undefined): ContentCollection | undefined {
  const name = (splat ?? "").replace(/\/+$/, "");
  return (CONTENT_COLLECTIONS as readonly string[]).includes(name) ? (name as ContentCollection) : undefined;
}

/**
 * A refused body up to this size is still read (and thrown away) before answering 413, so the client can read the
 * answer instead of seeing its connection reset mid-upload; beyond it the connection is cut.
 */
const DRAIN_LIMIT_BYTES = 4 * 1024 * 1024;

async function tooLarge(reader: ReadableStreamDefaultReader<Uint8Array> | undefined, alreadyRead: number) {
  let size = alreadyRead;
  while (reader && size <= DRAIN_LIMIT_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
  }
  if (size > DRAIN_LIMIT_BYTES) await reader?.cancel().catch(() => {});
  return {
    ok: false as const,
    response: apiError(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`, {
      headers: { Connection: "close" },
    }),
  };
}

/**
 * The body as JSON, at most MAX_BODY_BYTES of it: a larger body (by its Content-Length, or as it turns out while
 * reading) gets 413.
 */
async function readJsonBody(
  request: Request,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const declared = request.headers.get("content-length");
  if (declared && Number(declared) > MAX_BODY_BYTES) {
    return Number(declared) > DRAIN_LIMIT_BYTES
      ? tooLarge(undefined, Number(declared))
      : tooLarge(request.body?.getReader(), 0);
  }
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    return { ok: false, response: apiError(415, "Send the body as application/json.") };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) return tooLarge(reader, size);
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: apiError(400, "The body is not valid JSON.") };
  }
}

async function authorize(
  request: Request,
  ip: string,
): Promise<{ ok: true; key: ApiKeySummary } | { ok: false; response: Response }> {
  // Failed keys count per client address (authenticateApiKey), so guessing is throttled too.
  const check = await authenticateApiKey(request.headers.get("x-api-key"), CONTENT_PERMISSION, ip);
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
        ? storeRead(cacheKey, version, 200, JSON.stringify({ data: item }))
        : storeRead(
            cacheKey,
            version,
            404,
            JSON.stringify(errorBody(404, `No published ${collection} item has the slug "${slug}".`)),
          );
    } else {
      const { items, total } = await listPublishedContent(collection, { limit, offset });
      answer = storeRead(
        cacheKey,
        version,
        200,
        JSON.stringify({ data: items, pagination: { total, limit, offset } }),
      );
    }
  }
  return new Response(new Uint8Array(answer.body), {
    status: answer.status,
    headers: { ...BASE_HEADERS, "Content-Type": "application/json" },
  });
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
      answer = page
        ? storeRead(cacheKey, version, 200, JSON.stringify({ data: { ...page, data: undefined } }))
        : storeRead(
            cacheKey,
            version,
            404,
            JSON.stringify(errorBody(404, "No published page has this path.")),
          );
    } else {
      const pages = await listPublishedPagePaths();
      answer = storeRead(cacheKey, version, 200, JSON.stringify({ data: pages }));
    }
  }
  return new Response(new Uint8Array(answer.body), {
    status: answer.status,
    headers: { ...BASE_HEADERS, "Content-Type": "application/json" },
  });
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

async function handle(request: Request, splat: string | undefined, ip: string): Promise<Response> {
  const collection = collectionOf(splat);
  const pages = (splat ?? "").replace(/\/+$/, "") === "pages";
  if (!collection && !pages) {
    return apiError(
      404,
      `Unknown collection. Use ${[...CONTENT_COLLECTIONS, "pages"].map((c) => `/${c}`).join(" or ")}.`,
    );
  }
  const method = request.method.toUpperCase();
  if (!["GET", "HEAD", "POST"].includes(method)) {
    return apiError(405, `${method} is not allowed here.`, { headers: { Allow: ALLOW } });
  }
  let keyForLog: Pick<ApiKeySummary, "id" | "keyStart"> | undefined;
  try {
    const auth = await authorize(request, ip);
    if (!auth.ok) return auth.response;
    keyForLog = auth.key;
    if (!collection) {
      return method === "POST" ? await handlePagesPost(request, auth.key, ip) : await handlePagesGet(request);
    }
    return method === "POST"
      ? await handlePost(request, collection, auth.key, ip)
      : await handleGet(request, collection);
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
