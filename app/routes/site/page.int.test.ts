// The public page route on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL) when the pages table holds
// blocks that no longer fit their schemas (an older shape after an upgrade, a hand edit, an unknown type): the page
// still answers, without those blocks, and the server logs a warning naming the page and the blocks left out.
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pages } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { requestInfoContext } from "~/infra/request-context.server";
import { setupTestDatabase } from "../../../tests/support/test-db";
import { loader } from "./page";

const test = setupTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
});

type Found = Extract<Awaited<ReturnType<typeof loader>>, { jsonLd: unknown }>;

/** The route's loader for a GET of `path`: a found page is plain data (200), the 404 carries its status. */
async function render(path: string): Promise<{ status: number; data?: Found }> {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "203.0.113.9", nonce: "" });
  const result = await loader({
    request: new Request(`http://localhost:3000${path}`),
    params: {},
    context,
  } as never);
  if ("type" in result) return { status: result.init?.status ?? 200 };
  return { status: 200, data: result };
}

const publishedNow = () => new Date(Date.now() - 60_000);

describe("a stored block that no longer fits", () => {
  it("is left out of the page with a warning: 200, the other blocks shown", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    await test
      .handle()
      .db.insert(pages)
      .values({
        path: "/lp/upgraded",
        title: "Upgraded",
        status: "published",
        publishedAt: publishedNow(),
        blocks: [
          { id: "old-hero", type: "hero", title: "A hero from before the headline existed" },
          { id: "faq", type: "faq", heading: "Still here", items: [{ question: "Kept?", answer: "Yes." }] },
          { id: "gallery", type: "gallery", images: ["/uploads/a.png"] },
          { id: "bad-price", type: "pricing", plans: [{ name: "Pro", price: 19, cta: { label: "Buy" } }] },
          null,
          "a string where a block was",
          { id: "cta", type: "cta", heading: "Also still here", actions: [] },
        ],
      });

    const { status, data } = await render("/lp/upgraded");
    expect(status).toBe(200);
    const page = data?.page;
    if (!page) throw new Error("the page was not rendered");
    expect(page.blocks.map((b) => (b.live ? b.block.id : b.id))).toEqual(["faq", "cta"]);
    const html = page.blocks.map((b) => (b.live ? "" : b.html)).join("");
    expect(html).toContain("Still here");
    expect(html).toContain("Also still here");
    expect(JSON.stringify(data)).not.toMatch(/before the headline existed|gallery|bad-price/);
    // The FAQ still gives the page its structured data.
    expect(JSON.stringify(data?.jsonLd)).toContain("Kept?");

    expect(warn).toHaveBeenCalledWith(
      {
        path: "/lp/upgraded",
        dropped: [
          { index: 0, type: "hero" },
          { index: 2, type: "gallery" },
          { index: 3, type: "pricing" },
          { index: 4, type: undefined },
          { index: 5, type: undefined },
        ],
      },
      expect.stringMatching(/left out/),
    );
  });

  it("a blocks value that is no list renders an empty page, not an error", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    await test
      .handle()
      .db.insert(pages)
      .values({
        path: "/lp/not-a-list",
        title: "Not a list",
        status: "published",
        publishedAt: publishedNow(),
        blocks: { hero: { headline: "an object, not a list" } },
      });
    const { status, data } = await render("/lp/not-a-list");
    expect(status).toBe(200);
    expect(data?.page.blocks).toEqual([]);
    expect(warn).not.toHaveBeenCalledWith(expect.anything(), "404: page not found");
  });
});
