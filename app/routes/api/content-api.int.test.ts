// Contract tests of the content API: the route modules called with real Requests on a real database, every
// response checked against the OpenAPI document the API serves (validated with a standard OpenAPI validator). The
// blog and academy collections here; keys, pages, pagination and content shapes in content-api-*.int.test.ts.
import { Validator } from "@seriousme/openapi-schema-validator";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  COLLECTIONS,
  contentApiHarness,
  type Json,
  ORIGIN,
  RATE_LIMIT,
  validBody,
  who,
} from "../../../tests/support/content-api-calls";

const { rowsOf } = await import("~/db/client.server");
const { apiKeys } = await import("~/db/schema");
const { API_KEY_PREFIX } = await import("~/lib/api-keys");
const { CONTENT_API_BASE_PATH, MAX_BODY_BYTES } = await import("~/lib/content-api-schemas");
const { currentContentVersion } = await import("~/infra/content-version.server");
const { setApiKeyActive } = await import("~/models/api-keys.server");

const { test, call, newKey, document } = contentApiHarness();

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document for this server", async () => {
    const result = await new Validator().validate(document());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document().openapi).toBe("3.1.0");
    expect(document().servers[0].url).toBe(`${ORIGIN}${CONTENT_API_BASE_PATH}`);
    expect(Object.keys(document().paths)).toEqual([
      "/blog",
      "/academy",
      "/blog/{id}",
      "/academy/{id}",
      "/pages",
      "/forms",
      "/forms/{id}",
      "/forms/{id}/submissions",
    ]);
    expect(document().components.securitySchemes.apiKey).toMatchObject({
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
