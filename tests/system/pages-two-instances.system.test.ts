// Pages built from blocks behind a load balancer: two instances sharing one PostgreSQL. The landing page's headline
// and a price on /pricing changed through instance A's page editor (its action, as the signed-in administrator)
// are what instance B serves at the very next request, although B had both pages in its page cache; a page
// published with a schedule appears on both at its time, where both had answered 404 before; and a block written
// to the database in a shape that no longer fits is left out of the page (200, with a warning in the log).
import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import {
  adminCookie,
  adminPost,
  type ServerProcess,
  scratchDatabase,
  startServer,
  stopServer,
} from "../e2e/support/server-process";
import { postgresUrl } from "./support";

interface PageRow {
  id: string;
  path: string;
  title: string;
  status: string;
  blocks: Array<Record<string, unknown>>;
}

/** The page as the editor sends it (app/lib/page-form.ts): head fields and blocks as JSON in one form field. */
const editorForm = (page: Omit<PageRow, "id">, publishAt = "") => ({
  intent: "save",
  page: JSON.stringify({
    ...page,
    metaTitle: "",
    metaDescription: "",
    socialImage: "",
    canonical: "",
    publishAt,
  }),
});

async function get(base: string, page: string) {
  const response = await fetch(`${base}${page}`);
  return { status: response.status, cache: response.headers.get("x-cache"), html: await response.text() };
}

/** GETs a page until it is served from the instance's cache (read whole, so the server stores it). */
async function warm(base: string, page: string) {
  await get(base, page);
  const again = await get(base, page);
  expect(again.cache, `${base}${page} is cached before the write`).toBe("HIT");
  return again;
}

describe("pages on two instances sharing PostgreSQL", { timeout: 180_000 }, () => {
  test("an edit through one instance is served by the other at the next request; a scheduled page goes live on both", async ({
    skip,
  }) => {
    const database = await scratchDatabase(postgresUrl(skip), "asimov_pages");
    const sql = postgres(database.url.toString(), { max: 1, onnotice: () => {} });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-pages-"));
    const env = {
      DATABASE_URL: database.url.toString(),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    };
    const servers: ServerProcess[] = [];
    try {
      servers.push(await startServer(await freePort(), env));
      servers.push(await startServer(await freePort(), env, { captureOutput: true }));
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const cookie = await adminCookie(a.base);
      const rows = await sql<PageRow[]>`select id, path, title, status, blocks from pages order by path`;
      const pageAt = (p: string) => {
        const row = rows.find((r) => r.path === p);
        if (!row) throw new Error(`no built-in page at ${p}`);
        return row;
      };

      // The landing page's hero headline, edited on A.
      const home = pageAt("/");
      const headline = `Revenue on two instances ${randomInt(1e6, 1e7)}`;
      for (const { base } of servers) expect((await warm(base, "/")).html).not.toContain(headline);
      const homeBlocks = home.blocks.map((block) => (block.type === "hero" ? { ...block, headline } : block));
      await adminPost(a.base, cookie, `/admin/pages/${home.id}`, editorForm({ ...home, blocks: homeBlocks }));
      for (const { base } of [b, a]) {
        const after = await get(base, "/");
        expect(after.status).toBe(200);
        expect(after.html.includes(headline), `${base}/ shows the new headline after the edit on A`).toBe(
          true,
        );
      }

      // A plan's price on /pricing, edited on A.
      const pricing = pageAt("/pricing");
      const price = `$${randomInt(100, 999)}.${randomInt(10, 99)}`;
      for (const { base } of servers) expect((await warm(base, "/pricing")).html).not.toContain(price);
      const pricingBlocks = pricing.blocks.map((block) =>
        block.type === "pricing"
          ? {
              ...block,
              plans: (block.plans as Array<Record<string, unknown>>).map((plan, i) =>
                i === 1 ? { ...plan, price } : plan,
              ),
            }
          : block,
      );
      await adminPost(
        a.base,
        cookie,
        `/admin/pages/${pricing.id}`,
        editorForm({ ...pricing, blocks: pricingBlocks }),
      );
      for (const { base } of [b, a]) {
        const after = await get(base, "/pricing");
        expect(after.status).toBe(200);
        expect(after.html.includes(price), `${base}/pricing shows the new price after the edit on A`).toBe(
          true,
        );
      }

      // A campaign page published on A for a few seconds from now: 404 on both (cached), then live on both.
      const campaign = `/lp/two-instances-${randomInt(1e6, 1e7)}`;
      const campaignHeadline = `Scheduled on A, served by both ${randomInt(1e6, 1e7)}`;
      const publishAt = new Date(Date.now() + 8_000).toISOString();
      await adminPost(
        a.base,
        cookie,
        "/admin/pages/new",
        editorForm(
          {
            path: campaign,
            title: "Scheduled campaign",
            status: "published",
            blocks: [{ id: "hero", type: "hero", layout: "centered", headline: campaignHeadline }],
          },
          publishAt,
        ),
      );
      for (const { base } of servers) {
        expect((await get(base, campaign)).status, `${base}${campaign} before its time`).toBe(404);
        expect((await get(base, campaign)).status).toBe(404);
      }
      for (const { base } of [b, a]) {
        await expect
          .poll(async () => (await get(base, campaign)).status, { timeout: 30_000, interval: 500 })
          .toBe(200);
        expect(
          (await get(base, campaign)).html.includes(campaignHeadline),
          `${base}${campaign} once live`,
        ).toBe(true);
      }

      // A block of an older shape, written straight to the table, is left out on B with a warning; the rest shows.
      const hand = `/lp/hand-edited-${randomInt(1e6, 1e7)}`;
      await sql`insert into pages (path, title, status, published_at, blocks) values (${hand}, 'Hand edited',
        'published', now() - interval '1 minute', ${sql.json([
          { id: "old", type: "hero", title: "A hero from before the headline existed" },
          {
            id: "faq",
            type: "faq",
            heading: "Kept beside the old block",
            items: [{ question: "Q?", answer: "A." }],
          },
        ])})`;
      const handEdited = await get(b.base, hand);
      expect(handEdited.status).toBe(200);
      expect(handEdited.html).toContain("Kept beside the old block");
      expect(handEdited.html).not.toContain("before the headline existed");
      await expect
        .poll(() => b.output.join(""), { timeout: 5_000 })
        .toMatch(new RegExp(`"path":"${hand}","dropped":\\[\\{"index":0,"type":"hero"\\}\\].*left out`));
    } finally {
      for (const server of servers) await stopServer(server);
      await sql.end();
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
