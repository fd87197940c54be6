// The content API's pages collection, pagination, routing, and blog content in every shape the data model allows,
// each response checked against the OpenAPI document.
import { describe, expect, it } from "vitest";
import {
  COLLECTIONS,
  contentApiHarness,
  type Json,
  validBody,
  who,
} from "../../../tests/support/content-api-calls";

const { academyContent, blogPosts } = await import("~/db/schema");
const { CONTENT_API_BASE_PATH } = await import("~/lib/content-api-schemas");

const { test, call, newKey } = contentApiHarness();

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
