// The 404 monitor against hostile input on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): any
// Unicode in a path or referrer (NUL, lone surrogates, emoji cut anywhere, very long) never fails a flush nor costs
// a neighbour its row; a row the database still refuses is dropped alone; one source's flood of junk paths cannot
// crowd out other sources' 404s; the waiting paths are bounded in bytes; and a listed path that resolves (a
// published post now lives there, a redirect covers it) leaves the list by itself.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { notFoundPaths, redirects } from "~/db/schema";
import { blogPostSchema } from "~/lib/content-schemas";
import { parseRequiredForm } from "~/lib/forms";
import { setupTestDatabase } from "../../tests/support/test-db";
import { createPost, updatePost } from "./blog-admin.server";
import {
  flushNotFound,
  listNotFound,
  NOT_FOUND_MAX_PATHS,
  PENDING_MAX_BYTES,
  recordNotFound,
  SOURCE_NEW_PATHS_PER_DAY,
} from "./not-found-monitor.server";

const test = setupTestDatabase();
const by = { actor: "editor@example.com", ip: "203.0.113.9", userAgent: "script" };
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, second));

/** Every stored path. */
async function storedPaths(): Promise<Set<string>> {
  const rows = await test.handle().db.select({ path: notFoundPaths.path }).from(notFoundPaths);
  return new Set(rows.map((r) => r.path));
}

beforeEach(async () => {
  await flushNotFound();
  await test.handle().db.delete(redirects);
  await test.handle().db.delete(notFoundPaths);
});

/** Arbitrary UTF-16: any code unit, lone surrogate halves and NUL included. */
const anyUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
/** Emoji and accented text cut at any UTF-16 index (what slice() does). */
const cutText = fc
  .tuple(fc.string({ unit: fc.constantFrom("😀", "👩‍👩‍👧", "é", "a", "\u0000", "🇫🇷") }), fc.nat())
  .map(([text, cut]) => text.slice(0, text.length === 0 ? 0 : cut % (text.length + 1)));
const long = fc.string({
  unit: fc.constantFrom("😀", "a", "%00", "%ed%a0%80"),
  minLength: 200,
  maxLength: 400,
});
const hostile = fc.oneof(anyUnits, cutText, long, fc.constantFrom("%00", "%ED%A0%80", "%F0%9F", "%uD800"));

describe("404 monitor: hostile paths", () => {
  it("`/%00` does not hide a genuine 404 of the same second", async () => {
    recordNotFound({ path: "/%00", userAgent: BROWSER, at: at(1), client: "198.51.100.1" });
    recordNotFound({ path: "/genuine-broken-link", userAgent: BROWSER, at: at(1), client: "198.51.100.2" });
    await flushNotFound(at(2));
    const { rows } = await listNotFound();
    expect(rows.map((r) => r.path).sort()).toEqual(["/%00", "/genuine-broken-link"]);
  });

  it("any Unicode in paths and referrers never fails the flush nor loses a neighbour's row", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { minLength: 1, maxLength: 8 }), hostile, async (junk, referrer) => {
        n++;
        for (const text of junk) {
          recordNotFound({
            path: `/${text}`,
            referrer: `https://example.com/${referrer}`,
            userAgent: BROWSER,
            at: at(3),
            client: `192.0.2.${n % 250}`,
          });
          recordNotFound({ path: `/${text}?q=${referrer}`, userAgent: BROWSER, at: at(3) });
        }
        recordNotFound({
          path: `/genuine-${n}`,
          referrer: `https://example.com/${referrer}`,
          userAgent: BROWSER,
          at: at(3),
        });
        await flushNotFound(at(4));
        expect((await storedPaths()).has(`/genuine-${n}`)).toBe(true);
      }),
      { numRuns: 40 },
    );
    // Whatever was stored is listed without an error.
    expect((await listNotFound()).total).toBeGreaterThan(0);
  });

  it("a row the database refuses is dropped alone; the rest of its batch is stored", async () => {
    const db = test.handle().db;
    await db.execute(sql`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin if new.path = '/poison' then raise exception 'refused by test'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger refuse_poison before insert on not_found_paths for each row execute function refuse_poison()`,
    );
    try {
      for (const path of ["/before", "/poison", "/after"])
        recordNotFound({ path, userAgent: BROWSER, at: at(5) });
      expect(await flushNotFound(at(6))).toBe(2);
    } finally {
      await db.execute(sql`drop trigger refuse_poison on not_found_paths`);
      await db.execute(sql`drop function refuse_poison()`);
    }
    expect(await storedPaths()).toEqual(new Set(["/before", "/after"]));
    // The dropped row is not retried forever: the next round has nothing left of that batch.
    expect(await flushNotFound(at(7))).toBe(0);
  });
});

describe("404 monitor: budgets and fairness", () => {
  it("one source's flood of distinct junk paths cannot crowd out other sources' 404s", async () => {
    const flooder = "2001:db8:bad:1::1";
    for (let i = 0; i < 5000; i++) {
      // Hopping inside its /64 gains nothing.
      const client = `2001:db8:bad:1::${(i % 9000).toString(16)}`;
      recordNotFound({
        path: `/junk-${i}`,
        userAgent: BROWSER,
        at: at(10),
        client: i === 0 ? flooder : client,
      });
      if (i % 250 === 0) {
        recordNotFound({
          path: `/genuine-${i}`,
          userAgent: BROWSER,
          at: at(10),
          client: `203.0.113.${i / 250}`,
        });
      }
    }
    await flushNotFound(at(11));
    const paths = [...(await storedPaths())];
    expect(paths.filter((p) => p.startsWith("/genuine-"))).toHaveLength(20);
    expect(paths.filter((p) => p.startsWith("/junk-"))).toHaveLength(SOURCE_NEW_PATHS_PER_DAY);
  });

  it("listed paths are not pushed out of a full table by newer paths with as few hits", async () => {
    for (let i = 0; i < NOT_FOUND_MAX_PATHS; i++) {
      recordNotFound({ path: `/listed-${i}`, userAgent: BROWSER, at: at(12) });
    }
    await flushNotFound(at(13));
    for (let i = 0; i < 300; i++) {
      recordNotFound({ path: `/late-${i}`, userAgent: BROWSER, at: at(14), client: `198.51.100.${i % 200}` });
    }
    await flushNotFound(at(15));
    const paths = [...(await storedPaths())];
    expect(paths).toHaveLength(NOT_FOUND_MAX_PATHS);
    expect(paths.filter((p) => p.startsWith("/listed-"))).toHaveLength(NOT_FOUND_MAX_PATHS);
  });

  it("the paths waiting for a flush are bounded in bytes, not in count", async () => {
    const long = `/${"x".repeat(280)}`;
    for (let i = 0; i < 5000; i++) {
      recordNotFound({
        path: `${long}${i}`,
        referrer: `https://example.com/${"r".repeat(400)}`,
        userAgent: BROWSER,
        at: at(16),
      });
    }
    const written = await flushNotFound(at(17));
    // About 1.5 KB per waiting path as JavaScript holds it: a few hundred fit, not 5,000.
    expect(written).toBeGreaterThan(100);
    expect(written).toBeLessThan(PENDING_MAX_BYTES / 1000);
    // Short paths: more of them fit in the same budget.
    for (let i = 0; i < 5000; i++) recordNotFound({ path: `/s${i}`, userAgent: BROWSER, at: at(18) });
    expect(await flushNotFound(at(19))).toBeGreaterThan(2000);
  });
});

describe("404 monitor: paths that resolve leave the list", () => {
  function blogInput(values: Record<string, string>) {
    const result = parseRequiredForm(blogPostSchema, values, ["title", "slug"], "x");
    if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
    return result.data;
  }

  it("a path where a post is published later leaves the list, and later hits of it are not counted", async () => {
    recordNotFound({ path: "/blog/coming-soon", userAgent: BROWSER, at: at(20) });
    recordNotFound({ path: "/still-missing", userAgent: BROWSER, at: at(20) });
    await flushNotFound(at(21));
    expect((await listNotFound()).total).toBe(2);

    const draft = await createPost(blogInput({ title: "A draft first", slug: "coming-soon" }), by);
    expect((await listNotFound()).rows.map((r) => r.path).sort()).toEqual([
      "/blog/coming-soon",
      "/still-missing",
    ]);

    await updatePost(
      draft.id,
      blogInput({ title: "Published", slug: "coming-soon", status: "published" }),
      by,
    );
    const listed = await listNotFound();
    expect(listed.rows.map((r) => r.path)).toEqual(["/still-missing"]);
    expect(listed.total).toBe(1);

    // A hit counted just before the publication is not stored for the path that now exists.
    recordNotFound({ path: "/Blog/Coming-Soon/", userAgent: BROWSER, at: at(22) });
    await flushNotFound(at(23));
    expect((await listNotFound()).total).toBe(1);
  });

  it("a path a redirect covers leaves the list, however the redirect was made", async () => {
    recordNotFound({ path: "/old-offer", userAgent: BROWSER, at: at(24) });
    await flushNotFound(at(25));
    // A redirect written without the admin form (another instance's import, a restored backup).
    await test.handle().db.insert(redirects).values({
      fromPath: "/old-offer",
      fromKey: "/old-offer",
      toUrl: "/pricing",
      toKey: "/pricing",
      statusCode: 301,
      source: "manual",
    });
    expect((await listNotFound()).total).toBe(0);
  });

  it("resolved rows make room first when the table is full", async () => {
    // Hit twice: the least hit would make room before it, were it not resolved.
    for (let i = 0; i < 2; i++) recordNotFound({ path: "/blog/soon", userAgent: BROWSER, at: at(26) });
    await flushNotFound(at(27));
    await createPost(blogInput({ title: "Soon", slug: "soon", status: "published" }), by);
    for (let i = 0; i < NOT_FOUND_MAX_PATHS; i++)
      recordNotFound({ path: `/p-${i}`, userAgent: BROWSER, at: at(28) });
    await flushNotFound(at(29));
    const paths = await storedPaths();
    expect(paths.has("/blog/soon")).toBe(false);
    expect(paths.has(`/p-${NOT_FOUND_MAX_PATHS - 1}`)).toBe(true);
  });
});
