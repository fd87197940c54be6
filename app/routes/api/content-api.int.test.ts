// Contract tests of the content API: the route modules called with real Requests on a real database, every
// response checked against the OpenAPI document the API serves (validated with a standard OpenAPI validator).
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setupTestDatabase } from "../../../tests/support/test-db";

// Read once by env(); set before anything asks for it. A small per-key limit keeps the 429 test quick.
const RATE_LIMIT = 40;
process.env.CONTENT_API_RATE_LIMIT = String(RATE_LIMIT);
process.env.RATE_LIMIT_FACTOR = "1";

const { rowsOf } = await import("~/db/client.server");
const { apiKeys, academyContent, blogPosts } = await import("~/db/schema");
const { CONTENT_API_BASE_PATH, MAX_BODY_BYTES } = await import("~/lib/content-api-schemas");
const { API_KEY_PREFIX } = await import("~/lib/api-keys");
const { currentContentVersion } = await import("~/lib/content-version.server");
const { logger } = await import("~/lib/logger.server");
const { requestInfoContext } = await import("~/lib/request-context.server");
const { createApiKey, deleteApiKey, FAILED_KEY_LIMIT, setApiKeyActive } = await import(
  "~/models/api-keys.server"
);
const contentApi = await import("./content-api");
const openApiRoute = await import("./content-api-openapi");

const test = setupTestDatabase();
const who = { actor: "model-test@example.com" };
const ORIGIN = "http://localhost:3000";

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked against the OpenAPI schemas, not typed
type Json = Record<string, any>;
interface ApiResponse {
  status: number;
  headers: Headers;
  body: Json;
}

let doc: Json;
let ajv: InstanceType<typeof Ajv2020>;

beforeAll(async () => {
  const response = await openApiRoute.loader();
  doc = await response.json();
  ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema(doc, "openapi.json");
});

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** Asserts the body matches the schema the OpenAPI document gives for this path, method and status. */
function expectDocumented(path: string, method: string, status: number, body: unknown) {
  const operation = doc.paths[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  expect(operation.responses[String(status)], `${method} ${path} documents ${status}`).toBeDefined();
  const validate = ajv.compile({
    $ref: `openapi.json#/${pointer("paths", path, method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`,
  });
  const ok = validate(body);
  expect(ok, JSON.stringify(validate.errors, null, 2)).toBe(true);
}

function context(ip = "203.0.113.9") {
  const ctx = new RouterContextProvider();
  ctx.set(requestInfoContext, { ip, nonce: "" });
  return ctx;
}

async function call(
  method: string,
  path: string,
  options: {
    key?: string;
    body?: unknown;
    raw?: BodyInit;
    headers?: Record<string, string>;
    ip?: string;
  } = {},
): Promise<ApiResponse> {
  const url = new URL(`${ORIGIN}${CONTENT_API_BASE_PATH}${path}`);
  const headers = new Headers(options.headers);
  if (options.key !== undefined) headers.set("x-api-key", options.key);
  let body: BodyInit | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(url, { method, headers, body, duplex: "half" } as RequestInit);
  const args = {
    request,
    params: { "*": url.pathname.slice(CONTENT_API_BASE_PATH.length + 1) },
    context: context(options.ip),
  } as never;
  const isRead = method === "GET" || method === "HEAD";
  const response = (isRead ? await contentApi.loader(args) : await contentApi.action(args)) as Response;
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  const json = (await response.json()) as Json;
  const documentedPath = url.pathname.slice(CONTENT_API_BASE_PATH.length);
  if (doc.paths[documentedPath]?.[method.toLowerCase()]) {
    expectDocumented(documentedPath, method, response.status, json);
  } else {
    // Paths and methods outside the document still answer with the one error shape.
    const validate = ajv.compile({ $ref: "openapi.json#/components/schemas/Error" });
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
  }
  return { status: response.status, headers: response.headers, body: json };
}

async function newKey(name = "test key") {
  return createApiKey(name, who);
}

const COLLECTIONS = ["blog", "academy"] as const;
const validBody = (collection: (typeof COLLECTIONS)[number], title: string, extra: Json = {}) =>
  collection === "blog"
    ? { title, description: `About ${title}`, category: "Sales", tags: ["a", "b"], ...extra }
    : { title, description: `About ${title}`, category: "Sales", tags: "x, y, ,x", ...extra };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document for this server", async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0].url).toBe(`${ORIGIN}${CONTENT_API_BASE_PATH}`);
    expect(Object.keys(doc.paths)).toEqual(["/blog", "/academy", "/pages"]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
  });
});

describe.each(COLLECTIONS)("the %s collection", (collection) => {
  const path = `/${collection}`;

  it("401 without a key, with a malformed key and with an unknown key", async () => {
    for (const key of [undefined, "", "not-a-key", `${API_KEY_PREFIX}${"A".repeat(43)}`]) {
      const get = await call("GET", path, { key });
      expect(get.status).toBe(401);
      expect(get.body.error).toMatchObject({ status: 401, code: "unauthorized" });
      const post = await call("POST", path, { key, body: validBody(collection, "Nope") });
      expect(post.status).toBe(401);
    }
  });

  it("403 for a deactivated key and for a key without the permission", async () => {
    const { key, plaintext } = await newKey();
    await setApiKeyActive(key.id, false, who);
    const inactive = await call("GET", path, { key: plaintext });
    expect(inactive.status).toBe(403);
    expect(inactive.body.error.code).toBe("forbidden");
    expect((await call("POST", path, { key: plaintext, body: validBody(collection, "No") })).status).toBe(
      403,
    );

    const other = await newKey();
    await test
      .handle()
      .db.update(apiKeys)
      .set({ permissions: ["analytics_read"] })
      .where(eq(apiKeys.id, other.key.id));
    const denied = await call("GET", path, { key: other.plaintext });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toMatch(/content_management/);
  });

  it("405 with an Allow header for other methods", async () => {
    const { plaintext } = await newKey();
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await call(method, path, { key: plaintext, body: {} });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
      expect(response.body.error.code).toBe("method_not_allowed");
    }
  });

  it("creates a draft with a derived slug (201), hidden from public reads", async () => {
    const { plaintext } = await newKey();
    const before = await currentContentVersion();
    const created = await call("POST", path, {
      key: plaintext,
      body: validBody(collection, "  Hello, World! Draft   Post  ", { description: "  About it " }),
    });
    expect(created.status).toBe(201);
    const item = created.body.data;
    expect(item).toMatchObject({
      title: "Hello, World! Draft   Post",
      slug: "hello-world-draft-post",
      status: "draft",
    });
    expect(item.published_at).toBeNull();
    expect(created.headers.get("location")).toBe(
      `${CONTENT_API_BASE_PATH}${path}?slug=hello-world-draft-post`,
    );
    if (collection === "blog") {
      expect(item).toMatchObject({
        excerpt: "About it",
        author: "Admin",
        tags: ["a", "b"],
        meta_title: "Hello, World! Draft   Post | Asimov",
        // The admin's shape: the excerpt as one paragraph block (no more `{text}`).
        content: { blocks: [{ type: "paragraph", data: { text: "About it" } }] },
      });
    } else {
      expect(item).toMatchObject({
        tags: ["x", "y"],
        difficulty_level: "beginner",
        duration_minutes: 0,
        is_featured: false,
        view_count: 0,
        content: [{ type: "paragraph", data: { text: "About it" } }],
      });
    }
    // Drafts change nothing public.
    expect(await currentContentVersion()).toBe(before);
    const read = await call("GET", `${path}?slug=hello-world-draft-post`, { key: plaintext });
    expect(read.status).toBe(404);
    expect(read.body.error.code).toBe("not_found");
  });

  it("published_at: a future one schedules (hidden from reads until then), a past one backdates, bad ones are 400", async () => {
    const { plaintext } = await newKey();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const before = await currentContentVersion();
    const scheduled = await call("POST", path, {
      key: plaintext,
      body: validBody(collection, `Scheduled ${collection}`, { status: "published", published_at: future }),
    });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.data).toMatchObject({ status: "published", published_at: future });
    // Not public yet: no cache bump, no read by slug, not in the list.
    expect(await currentContentVersion()).toBe(before);
    const slug = scheduled.body.data.slug as string;
    expect((await call("GET", `${path}?slug=${slug}`, { key: plaintext })).status).toBe(404);
    const list = await call("GET", `${path}?limit=100`, { key: plaintext });
    expect(list.body.data.map((i: Json) => i.slug)).not.toContain(slug);

    const backdated = await call("POST", path, {
      key: plaintext,
      body: validBody(collection, `Backdated ${collection}`, {
        status: "published",
        published_at: "2024-05-01T10:00:00+02:00",
      }),
    });
    expect(backdated.status).toBe(201);
    expect(backdated.body.data.published_at).toBe("2024-05-01T08:00:00.000Z");
    expect((await call("GET", `${path}?slug=${backdated.body.data.slug}`, { key: plaintext })).status).toBe(
      200,
    );

    for (const [published_at, status, message] of [
      ["next monday", "published", /ISO 8601/],
      ["2026-03-02T09:00:00", "published", /time zone/],
      ["2026-02-30T09:00:00Z", "published", /ISO 8601/],
      [future, "draft", /Only a published item/],
    ] as const) {
      const refused = await call("POST", path, {
        key: plaintext,
        body: validBody(collection, `Refused ${published_at}`, { status, published_at }),
      });
      expect(refused.status, published_at).toBe(400);
      expect(refused.body.error.fields.published_at[0]).toMatch(message);
    }
  });

  it("creates a published item with every field, invalidates the public cache and reads it back by slug", async () => {
    const { plaintext } = await newKey();
    const before = await currentContentVersion();
    const extra =
      collection === "blog"
        ? {
            slug: "My Custom Slug",
            content: [
              { type: "header", data: { text: "Intro", level: 2 } },
              { type: "paragraph", data: { text: "Body" } },
              { type: "list", data: { style: "ordered", items: ["one", "two"] } },
              { type: "quote", data: { text: "Quote", caption: "Someone" } },
            ],
            author: "Jane",
            meta_title: "Meta",
            meta_description: "Meta description",
            featured_image: "https://example.com/image.png",
            status: "published",
          }
        : {
            slug: "My Custom Slug",
            summary: "Summary",
            difficulty_level: "advanced",
            duration_minutes: 42,
            thumbnail_url: "https://example.com/t.png",
            video_url: "https://www.youtube.com/watch?v=abcdefg",
            audio_url: "https://example.com/a.mp3",
            is_featured: true,
            author: "Jane",
            status: "published",
          };
    const created = await call("POST", path, {
      key: plaintext,
      body: validBody(collection, "Full item", extra),
    });
    expect(created.status).toBe(201);
    expect(created.body.data.slug).toBe("my-custom-slug");
    expect(created.body.data.status).toBe("published");
    expect(created.body.data.published_at).not.toBeNull();
    if (collection === "academy") {
      expect(created.body.data.content).toEqual([
        { type: "paragraph", data: { text: "About Full item" } },
        { type: "video", data: { url: "https://www.youtube.com/watch?v=abcdefg" } },
        { type: "audio", data: { url: "https://example.com/a.mp3" } },
      ]);
    } else {
      expect(created.body.data.rich_content).toHaveLength(4);
    }
    expect(await currentContentVersion()).toBeGreaterThan(before);

    const read = await call("GET", `${path}?slug=my-custom-slug`, { key: plaintext });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(created.body.data);

    const audit = rowsOf<{ action: string; actor: string }>(
      await test
        .handle()
        .db.execute(sql`select action, actor from audit_log where entity_id = ${created.body.data.id}`),
    );
    expect(audit).toEqual([
      { action: `${collection}.create`, actor: expect.stringMatching(/^api-key:ak_content_/) },
    ]);
  });

  it("409 for a duplicate slug, explicit or derived", async () => {
    const { plaintext } = await newKey();
    expect(
      (await call("POST", path, { key: plaintext, body: validBody(collection, "Same title") })).status,
    ).toBe(201);
    const derived = await call("POST", path, { key: plaintext, body: validBody(collection, "Same Title!") });
    expect(derived.status).toBe(409);
    expect(derived.body.error).toMatchObject({ status: 409, code: "conflict" });
    const explicit = await call("POST", path, {
      key: plaintext,
      body: validBody(collection, "Another", { slug: "same-title" }),
    });
    expect(explicit.status).toBe(409);
  });

  it("400 with field errors for invalid bodies and queries", async () => {
    const { plaintext } = await newKey();
    const cases: { body?: unknown; raw?: string; fields?: string[] }[] = [
      { raw: "{not json" },
      { body: [1, 2] },
      { body: { description: "no title" }, fields: ["title"] },
      { body: validBody(collection, "x", { status: "live" }), fields: ["status"] },
      { body: validBody(collection, "x", { tags: [1] }), fields: ["tags"] },
      { body: validBody(collection, "!!!"), fields: ["slug"] },
      {
        body: validBody(
          collection,
          "x",
          collection === "blog" ? { featured_image: "javascript:alert(1)" } : { video_url: "ftp://x" },
        ),
        fields: [collection === "blog" ? "featured_image" : "video_url"],
      },
      {
        body: validBody(collection, "x", {
          content: [{ type: collection === "blog" ? "header" : "video", data: {} }],
        }),
      },
    ];
    // Postgres text cannot hold NUL: a clear 400 rather than a failed insert (found by the fuzzing spec).
    cases.push({ body: validBody(collection, "a\u0000b"), fields: ["title"] });
    cases.push({ body: validBody(collection, "x", { tags: ["ok", "n\u0000l"] }), fields: ["tags.1"] });
    // Nor can jsonb (the revision's snapshot) hold half an emoji: a clear 400 too.
    cases.push({ body: validBody(collection, "half \ud83d"), fields: ["title"] });
    if (collection === "academy") {
      cases.push({ body: { title: "No category" }, fields: ["category"] });
      cases.push({
        body: validBody(collection, "x", { duration_minutes: -1 }),
        fields: ["duration_minutes"],
      });
    }
    for (const c of cases) {
      const response = await call("POST", path, {
        key: plaintext,
        body: c.body,
        raw: c.raw,
        headers: c.raw ? { "content-type": "application/json" } : undefined,
      });
      expect(response.status, JSON.stringify(c)).toBe(400);
      expect(response.body.error.code).toBe("invalid_request");
      for (const field of c.fields ?? [])
        expect(Object.keys(response.body.error.fields ?? {})).toContain(field);
    }
    for (const query of ["limit=0", "limit=101", "limit=abc", "offset=-1", "offset=1.5", "slug=a%00b"]) {
      const response = await call("GET", `${path}?${query}`, { key: plaintext });
      expect(response.status, query).toBe(400);
      expect(response.body.error.fields).toBeDefined();
    }
  });

  it("413 for bodies over the limit, by header and by the bytes actually sent", async () => {
    const { plaintext } = await newKey();
    const big = JSON.stringify(validBody(collection, "Big", { description: "x".repeat(MAX_BODY_BYTES) }));
    const byHeader = await call("POST", path, {
      key: plaintext,
      raw: "{}",
      headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
    });
    expect(byHeader.status).toBe(413);
    // No Content-Length (a streamed body): the reader stops once the limit is passed.
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 16_384)
          controller.enqueue(encoder.encode(big.slice(i, i + 16_384)));
        controller.close();
      },
    });
    const byBytes = await call("POST", path, {
      key: plaintext,
      raw: stream,
      headers: { "content-type": "application/json" },
    });
    expect(byBytes.status).toBe(413);
    expect(byBytes.body.error.code).toBe("payload_too_large");
  });

  it("415 for bodies that are not JSON", async () => {
    const { plaintext } = await newKey();
    const response = await call("POST", path, {
      key: plaintext,
      raw: "title=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
  });

  it("429 with Retry-After past the per-key limit, other keys unaffected", async () => {
    const { plaintext } = await newKey();
    for (let i = 0; i < RATE_LIMIT; i++) {
      expect((await call("GET", `${path}?limit=1`, { key: plaintext })).status).toBe(200);
    }
    const limited = await call("GET", path, { key: plaintext });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.error.code).toBe("rate_limited");
    const other = await newKey();
    expect((await call("GET", path, { key: other.plaintext })).status).toBe(200);
  });
});

describe("the pages collection", () => {
  it("answers reads, creates and refusals as the document describes them", async () => {
    const { ensureBuiltInPages } = await import("~/models/pages.server");
    await ensureBuiltInPages();
    const { plaintext } = await newKey("pages contract");
    // `call` checks every answer of a documented path and method against its schema in the document.
    expect((await call("GET", "/pages", { key: plaintext })).body.data.map((p: Json) => p.path)).toEqual([
      "/",
      "/pricing",
    ]);
    const pricing = await call("GET", "/pages?path=/pricing", { key: plaintext });
    expect(pricing.body.data.blocks.length).toBeGreaterThan(0);
    expect((await call("GET", "/pages?path=/lp/none", { key: plaintext })).status).toBe(404);
    const body = {
      path: "/lp/contract",
      title: "Contract",
      status: "published",
      blocks: [
        { type: "hero", headline: "Spring launch" },
        { type: "faq", heading: "Questions", items: [{ question: "Why?", answer: "Because." }] },
      ],
    };
    const created = await call("POST", "/pages", { key: plaintext, body });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`${CONTENT_API_BASE_PATH}/pages?path=%2Flp%2Fcontract`);
    expect((await call("POST", "/pages", { key: plaintext, body })).status).toBe(409);
    const refused = await call("POST", "/pages", {
      key: plaintext,
      body: { path: "/admin/x", title: "", blocks: [{ type: "hero" }] },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(expect.arrayContaining(["path", "title"]));
    expect(
      (await call("POST", "/pages", { key: plaintext, raw: "x", headers: { "content-type": "text/plain" } }))
        .status,
    ).toBe(415);
    expect((await call("GET", "/pages")).status).toBe(401);
  });
});

describe("failed keys", () => {
  it("429 with Retry-After for an address past the failed-key limit, before any lookup; others unaffected", async () => {
    const guesser = "198.51.100.23";
    const { plaintext } = await newKey("known before the guessing");
    expect((await call("GET", "/blog", { key: plaintext, ip: guesser })).status).toBe(200);
    for (let i = 0; i < FAILED_KEY_LIMIT.max; i++) {
      const key = i % 2 ? "not-a-key" : `${API_KEY_PREFIX}${String(i).padStart(43, "B")}`;
      expect((await call("GET", "/blog", { key, ip: guesser })).status).toBe(401);
    }
    const select = vi.spyOn((await import("~/db/client.server")).db(), "select");
    const limited = await call("POST", "/academy", {
      key: `${API_KEY_PREFIX}${"C".repeat(43)}`,
      body: validBody("academy", "Guess"),
      ip: guesser,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ status: 429, code: "rate_limited" });
    expect(limited.body.error.message).toMatch(/failed API key attempts/);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(FAILED_KEY_LIMIT.windowSeconds);
    // Refused on the counter alone: the keys table was never read for the guess.
    expect(select.mock.calls.length).toBe(1);
    select.mockRestore();
    // A key this client already proved keeps working; a new key from it waits; other addresses are unaffected.
    expect((await call("GET", "/blog", { key: plaintext, ip: guesser })).status).toBe(200);
    const fresh = await newKey("created during the block");
    expect((await call("GET", "/blog", { key: fresh.plaintext, ip: guesser })).status).toBe(429);
    expect((await call("GET", "/blog", { key: fresh.plaintext, ip: "198.51.100.24" })).status).toBe(200);
    expect((await call("GET", "/blog", { key: "not-a-key", ip: "198.51.100.25" })).status).toBe(401);
  });

  it("counts an IPv6 client's failures per /64, whichever address in it sends them", async () => {
    for (let i = 0; i < FAILED_KEY_LIMIT.max; i++) {
      const ip = `2001:db8:77:1::${(i + 1).toString(16)}`;
      expect((await call("GET", "/blog", { key: "not-a-key", ip })).status).toBe(401);
    }
    const hopped = await call("GET", "/blog", {
      key: `${API_KEY_PREFIX}${"D".repeat(43)}`,
      ip: "2001:db8:77:1:abcd::9",
    });
    expect(hopped.status).toBe(429);
    expect((await call("GET", "/blog", { key: "not-a-key", ip: "2001:db8:77:2::1" })).status).toBe(401);
  });
});

describe("pagination", () => {
  it.each(COLLECTIONS)("lists %s newest first with limit, offset and total", async (collection) => {
    const { plaintext } = await newKey();
    const table = collection === "blog" ? blogPosts : academyContent;
    await test.handle().db.delete(table);
    for (let i = 1; i <= 5; i++) {
      const created = await call("POST", `/${collection}`, {
        key: plaintext,
        body: validBody(collection, `Paged ${i}`, { status: "published" }),
      });
      expect(created.status).toBe(201);
    }
    await call("POST", `/${collection}`, { key: plaintext, body: validBody(collection, "Paged draft") });
    const seen: string[] = [];
    for (const offset of [0, 2, 4]) {
      const page = await call("GET", `/${collection}?limit=2&offset=${offset}`, { key: plaintext });
      expect(page.status).toBe(200);
      expect(page.body.pagination).toEqual({ total: 5, limit: 2, offset });
      seen.push(...page.body.data.map((item: Json) => item.slug));
    }
    expect(seen).toEqual(["paged-5", "paged-4", "paged-3", "paged-2", "paged-1"]);
    const defaults = await call("GET", `/${collection}`, { key: plaintext });
    expect(defaults.body.pagination).toEqual({ total: 5, limit: 20, offset: 0 });
    const beyond = await call("GET", `/${collection}?offset=10`, { key: plaintext });
    expect(beyond.body).toEqual({ data: [], pagination: { total: 5, limit: 20, offset: 10 } });
  });
});

describe("keys", () => {
  it("stamp last_used_at on use, to the minute", async () => {
    const { key, plaintext } = await newKey();
    expect(key.lastUsedAt).toBeNull();
    const stamp = async () =>
      (await test.handle().db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]?.lastUsedAt;
    await call("GET", "/blog", { key: plaintext });
    const first = await stamp();
    expect(first).toBeInstanceOf(Date);
    // Within the minute: no second write.
    await call("GET", "/academy", { key: plaintext });
    expect((await stamp())?.getTime()).toBe(first?.getTime());
    // Two minutes later the stamp is renewed.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 120_000 });
    try {
      await call("GET", "/academy", { key: plaintext });
    } finally {
      vi.useRealTimers();
    }
    expect((await stamp())?.getTime()).toBeGreaterThan((first?.getTime() ?? 0) + 60_000);
  });

  it("stop working on the very next request when deactivated or deleted", async () => {
    const { key, plaintext } = await newKey();
    expect((await call("GET", "/blog", { key: plaintext })).status).toBe(200);
    await setApiKeyActive(key.id, false, who);
    expect((await call("GET", "/blog", { key: plaintext })).status).toBe(403);
    await setApiKeyActive(key.id, true, who);
    expect((await call("GET", "/blog", { key: plaintext })).status).toBe(200);
    await deleteApiKey(key.id, who);
    expect((await call("GET", "/blog", { key: plaintext })).status).toBe(401);
    expect(
      (await call("POST", "/academy", { key: plaintext, body: validBody("academy", "Gone") })).status,
    ).toBe(401);
  });

  it("are never stored in plain text: no text column of any table holds the key or its secret part", async () => {
    const { key, plaintext } = await newKey("searchable");
    await call("POST", "/blog", {
      key: plaintext,
      body: validBody("blog", "Stored key check", { status: "published" }),
    });
    expect(key.keyStart).toBe(plaintext.slice(0, 12));
    expect(key.keyLast4).toBe(plaintext.slice(-4));
    const secretMiddle = plaintext.slice(12, -4);
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await test.handle().db.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`),
    );
    expect(columns.length).toBeGreaterThan(20);
    for (const { table_name, column_name } of columns) {
      const hits = rowsOf<{ n: number }>(
        await test.handle().db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)}
              where ${sql.identifier(column_name)}::text like ${`%${secretMiddle}%`}`,
        ),
      );
      expect(Number(hits[0]?.n), `${table_name}.${column_name}`).toBe(0);
    }
  });

  it("never reach the logs", async () => {
    const { plaintext } = await newKey();
    const logged: unknown[] = [];
    for (const level of ["fatal", "error", "warn", "info", "debug", "trace"] as const) {
      vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
        logged.push(args);
      }) as never);
    }
    await call("GET", "/blog", { key: plaintext });
    await call("POST", "/blog", {
      key: plaintext,
      raw: "{oops",
      headers: { "content-type": "application/json" },
    });
    await call("GET", "/nope", { key: plaintext });
    expect(JSON.stringify(logged)).not.toContain(plaintext.slice(12));
  });

  it("are generated with the content prefix, 256 random bits and only content_management", async () => {
    const a = await newKey();
    const b = await newKey();
    expect(a.plaintext).toMatch(/^ak_content_[A-Za-z0-9_-]{43}$/);
    expect(a.plaintext).not.toBe(b.plaintext);
    expect(a.key.permissions).toEqual(["content_management"]);
    expect(a.key.isActive).toBe(true);
  });
});

describe("routing", () => {
  it("404 in the error shape for an unknown collection", async () => {
    const { plaintext } = await newKey();
    const response = await call("GET", "/videos", { key: plaintext });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("not_found");
  });
});

describe("blog content in every shape the data model allows", () => {
  const blocks = [
    { type: "paragraph", data: { text: "First paragraph." } },
    { type: "paragraph", data: { text: "Second paragraph." } },
  ];
  const text = "First paragraph.\n\nSecond paragraph.";
  const forms: Array<[string, unknown]> = [
    ["a block array", blocks],
    ["{blocks}", { blocks }],
    ["{text}", { text }],
    ["plain text", text],
  ];

  it.each(forms)(
    "accepts %s and stores the admin's shape, which the edit form loads",
    async (label, content) => {
      const { createPost, getPostById } = await import("~/models/blog-admin.server");
      const { blogValuesFromPost } = await import("~/components/admin/blog-form");
      const { plaintext } = await newKey();
      const slug = `shape-${label.replace(/\W+/g, "-")}`;
      const created = await call("POST", "/blog", {
        key: plaintext,
        body: { title: `Shape ${label}`, slug, description: "Excerpt", content },
      });
      expect(created.status).toBe(201);
      const stored = await getPostById(created.body.data.id);
      // The same post written through the admin model: both columns must have the same shape and values.
      const viaAdmin = await createPost(
        {
          title: `Admin ${label}`,
          slug: `admin-${slug}`,
          excerpt: "Excerpt",
          body: JSON.stringify(blocks),
          author: "Admin",
          category: "",
          tags: [],
          featuredImage: null,
          status: "draft",
          metaTitle: "",
          metaDescription: "",
        },
        who,
      );
      expect(stored?.richContent).toEqual(blocks);
      expect(stored?.content).toEqual(viaAdmin.content);
      expect(stored?.richContent).toEqual(viaAdmin.richContent);
      expect(stored && blogValuesFromPost(stored, "UTC").body).toEqual(blocks);
    },
  );

  it("drops a block of an unknown type from content.blocks, saying so in warnings", async () => {
    const { getPostById } = await import("~/models/blog-admin.server");
    const { plaintext } = await newKey();
    for (const [slug, wrap] of [
      ["unknown-block-wrapped", (b: unknown[]) => ({ blocks: b })],
      ["unknown-block-bare", (b: unknown[]) => b],
    ] as const) {
      const created = await call("POST", "/blog", {
        key: plaintext,
        body: {
          title: `Imported ${slug}`,
          slug,
          content: wrap([
            blocks[0],
            { type: "image", data: { file: { url: "https://cdn.example/a.png" } } },
            blocks[1],
          ]),
        },
      });
      expect(created.status).toBe(201);
      expect(created.body.warnings).toEqual([
        'content.1: a block of type "image" is not supported and was dropped (supported: header, paragraph, ' +
          "list, quote).",
      ]);
      expect((await getPostById(created.body.data.id))?.richContent).toEqual(blocks);
    }
    // Nothing dropped: no warnings field.
    const plain = await call("POST", "/blog", {
      key: plaintext,
      body: { title: "No unknown blocks", content: { blocks } },
    });
    expect(plain.status).toBe(201);
    expect(plain.body).not.toHaveProperty("warnings");
  });

  it("drops unknown academy blocks the same way, in content and rich_content", async () => {
    const { plaintext } = await newKey();
    const created = await call("POST", "/academy", {
      key: plaintext,
      body: {
        title: "Imported lesson",
        category: "Guides",
        content: [{ type: "embed", data: { html: "<iframe>" } }, blocks[0]],
        rich_content: [{ type: "table", data: {} }, blocks[1]],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.warnings).toEqual([
      'content.0: a block of type "embed" is not supported and was dropped (supported: paragraph, video, audio).',
      'rich_content.0: a block of type "table" is not supported and was dropped (supported: header, ' +
        "paragraph, list, quote).",
    ]);
    expect(created.body.data.content).toEqual([blocks[0]]);
  });

  it("still refuses content that is no body at all, or a bad block in any wrapper, with field messages", async () => {
    const { plaintext } = await newKey();
    for (const [content, field] of [
      [{ nope: 1 }, "content"],
      [42, "content"],
      [[{ type: "paragraph", data: {} }], "content.0.data.text"],
      [{ blocks: [{ type: "paragraph", data: {} }] }, "content.0.data.text"],
      // A block without a type is no block of an unknown type: refused, not dropped.
      [{ blocks: [{ data: { text: "Untyped" } }] }, "content.0.type"],
    ] as const) {
      const refused = await call("POST", "/blog", { key: plaintext, body: { title: "Bad body", content } });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.error.fields ?? {})).toContain(field);
    }
  });
});
