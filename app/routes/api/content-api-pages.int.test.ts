// The content API's pages (/functions/v1/content-api/pages) on a real database: reads of published pages, a
// create validated like the editor's, and fuzzed bodies that never answer 5xx and never store an invalid block.
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { readPageBlocks } from "~/blocks/registry";
import { pages } from "~/db/schema";
import { requestInfoContext } from "~/infra/request-context.server";
import { CONTENT_API_BASE_PATH } from "~/lib/content-api-schemas";
import { createApiKey } from "~/models/api-keys.server";
import { ensureBuiltInPages } from "~/models/pages.server";
import { hostileText } from "../../../tests/support/hostile-text";
import { setupTestDatabase } from "../../../tests/support/test-db";
import * as contentApi from "./content-api";

const test = setupTestDatabase();
const who = { actor: "model-test@example.com" };

async function call(method: string, path: string, key: string, body?: unknown) {
  const url = new URL(`http://localhost:3000${CONTENT_API_BASE_PATH}${path}`);
  const headers = new Headers({ "x-api-key": key, "content-type": "application/json" });
  const request = new Request(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "203.0.113.9", nonce: "" });
  const args = {
    request,
    params: { "*": url.pathname.slice(CONTENT_API_BASE_PATH.length + 1) },
    context,
  } as never;
  const response = (
    method === "GET" ? await contentApi.loader(args) : await contentApi.action(args)
  ) as Response;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies checked field by field
  return { status: response.status, body: (await response.json()) as any };
}

describe("content API: pages", () => {
  it("reads published pages and creates one, refusing reserved paths and invalid blocks by field", async () => {
    await ensureBuiltInPages();
    const { plaintext } = await createApiKey("pages", who);
    const list = await call("GET", "/pages", plaintext);
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { path: string }) => p.path)).toEqual(["/", "/pricing"]);
    const pricing = await call("GET", "/pages?path=/pricing", plaintext);
    expect(pricing.body.data.blocks.map((b: { type: string }) => b.type)).toEqual([
      "hero",
      "pricing",
      "faq",
      "cta",
    ]);

    const created = await call("POST", "/pages", plaintext, {
      path: "/lp/api",
      title: "From the API",
      status: "published",
      blocks: [{ type: "faq", heading: "Questions", items: [{ question: "Why?", answer: "Because." }] }],
    });
    expect(created.status).toBe(201);
    expect((await call("GET", "/pages?path=/lp/api", plaintext)).body.data.title).toBe("From the API");
    expect(
      (await call("POST", "/pages", plaintext, { path: "/lp/api", title: "Again", blocks: [] })).status,
    ).toBe(409);

    const refused = await call("POST", "/pages", plaintext, {
      path: "/admin/x",
      title: "x",
      blocks: [
        { type: "cta", heading: "Go", actions: [{ label: "Go", kind: "link", href: "javascript:alert(1)" }] },
      ],
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(
      expect.arrayContaining(["path", "blocks.0.actions.0.href"]),
    );
  });

  it("fuzzed bodies never answer 5xx and never store an invalid block", async () => {
    const { plaintext } = await createApiKey("fuzz", who);
    const block = fc.record(
      {
        type: fc.constantFrom("hero", "faq", "pricing", "cta", "media", "rich-text", "nope"),
        headline: hostileText([160]),
        heading: hostileText([160]),
        items: fc.array(fc.record({ question: hostileText(), answer: hostileText() }), { maxLength: 2 }),
        plans: fc.anything(),
        url: fc.string(),
        blocks: fc.anything(),
      },
      { requiredKeys: ["type"] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          path: fc.oneof(fc.constant("/lp/fuzz"), fc.string(), hostileText([200])),
          title: hostileText([200]),
          status: fc.constantFrom("draft", "published", "archived", "other"),
          blocks: fc.oneof(fc.array(block, { maxLength: 3 }), fc.anything()),
        }),
        async (body) => {
          const answer = await call("POST", "/pages", plaintext, body);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
    for (const row of await test.handle().db.select().from(pages)) {
      expect(readPageBlocks(row.blocks).dropped).toEqual([]);
    }
  });
});
