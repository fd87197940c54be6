// Editing a redirect on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): the rules of an added one
// (chains collapse through it, duplicates and loops are refused), and the version its edit form loaded (a save over a
// teammate's newer one, or over a chain that moved its target, is refused and changes nothing).
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { authUsers, notFoundPaths, redirects } from "~/db/schema";
import { currentContentVersion } from "~/infra/content-version.server";
import { type RedirectInput, redirectFormSchema } from "~/lib/redirect-schema";
import { setupTestDatabase } from "../../tests/support/test-db";
import { conflictWith, versionOf } from "./edit-conflicts.server";
import { updateRedirect } from "./redirect-edits.server";
import { createRedirect, deleteRedirect, findRedirect, type Redirect } from "./redirects.server";

const test = setupTestDatabase();
const who = { actor: "editor@example.com", ip: "203.0.113.9", userAgent: "script" };
const dana = { actor: "dana@example.com", ip: "203.0.113.10", userAgent: "script" };

function input(fromPath: string, toUrl: string, statusCode = "301"): RedirectInput {
  const parsed = redirectFormSchema.safeParse({ fromPath, toUrl, statusCode });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

async function add(fromPath: string, toUrl: string): Promise<Redirect> {
  const created = await createRedirect(input(fromPath, toUrl), who);
  if (!created.ok) throw new Error(created.message);
  return created.redirect;
}

/** Every redirect as "from → to (status)", sorted. */
async function table(): Promise<string[]> {
  const rows = await test.handle().db.select().from(redirects);
  return rows.map((r) => `${r.fromPath} → ${r.toUrl} (${r.statusCode})`).sort();
}

async function updates(): Promise<number> {
  const rows = await test
    .handle()
    .db.execute(sql`select count(*)::int as n from audit_log where action = 'redirect.update'`);
  return rowsOf<{ n: number }>(rows)[0]?.n ?? 0;
}

beforeEach(async () => {
  await test.handle().db.delete(redirects);
  await test.handle().db.delete(notFoundPaths);
  await test.handle().db.execute(sql`delete from audit_log`);
  await test.handle().db.delete(authUsers).where(eq(authUsers.email, dana.actor));
});

describe("editing a redirect", () => {
  it("changes its path, target and type by the rules of an added one", async () => {
    const pricing = await add("/old-pricing", "/pricing");
    await add("/promo", "/old-offer");
    const version = await currentContentVersion();
    const saved = await updateRedirect(pricing.id, input("/old-offer", "/pricing", "302"), who, {
      base: versionOf(pricing),
    });
    expect(saved).toMatchObject({ status: "saved", row: { fromPath: "/old-offer", statusCode: 302 } });
    // The redirect that ended at its new path now goes straight on; the lookup follows.
    expect(await table()).toEqual(["/old-offer → /pricing (302)", "/promo → /pricing (301)"]);
    expect(await findRedirect("/old-pricing")).toBeUndefined();
    expect(await findRedirect("/old-offer")).toMatchObject({ toUrl: "/pricing", statusCode: 302 });
    expect(await currentContentVersion()).toBeGreaterThan(version);

    // Its target may be its own former path; a duplicate or a loop is refused for the form.
    const moved = saved.status === "saved" ? saved.row : pricing;
    expect(await updateRedirect(moved.id, input("/offer", "/old-offer"), who)).toMatchObject({
      status: "saved",
    });
    const other = await add("/elsewhere", "/pricing");
    expect(await updateRedirect(other.id, input("/OFFER", "/pricing"), who)).toMatchObject({
      status: "refused",
      field: "fromPath",
      message: "There is already a redirect from /offer",
    });
    expect(await updateRedirect(other.id, input("/elsewhere", "/offer"), who)).toMatchObject({
      status: "saved",
      row: { toUrl: "/old-offer" },
    });
    // Turned around, it takes the redirect that ended at its new path along; a real loop is refused.
    expect(await updateRedirect(other.id, input("/old-offer", "/elsewhere"), who)).toMatchObject({
      status: "saved",
    });
    expect(await table()).toEqual([
      "/offer → /elsewhere (301)",
      "/old-offer → /elsewhere (301)",
      "/promo → /pricing (301)",
    ]);
    const loop = await updateRedirect(other.id, input("/elsewhere", "/offer"), who);
    expect(loop).toMatchObject({ status: "refused", field: "toUrl" });
  });

  it("refuses a save over a teammate's newer one and changes nothing; saving over it on purpose goes through", async () => {
    await test.handle().db.insert(authUsers).values({ name: "Dana Price", email: dana.actor });
    const row = await add("/old", "/pricing");
    const loaded = versionOf(row);
    const theirs = await updateRedirect(row.id, input("/old", "/plans"), dana, { base: loaded });
    if (theirs.status !== "saved") throw new Error("Dana's save was refused");
    const version = await currentContentVersion();

    const refused = await updateRedirect(row.id, input("/old", "/pricing", "302"), who, { base: loaded });
    if (refused.status !== "conflict") throw new Error(`not a conflict: ${refused.status}`);
    expect(await conflictWith(refused.current)).toEqual({
      version: versionOf(theirs.row),
      savedBy: "Dana Price",
      theirs: expect.objectContaining({ fromPath: "/old", toUrl: "/plans", statusCode: 301 }),
    });
    expect(await table()).toEqual(["/old → /plans (301)"]);
    expect(await currentContentVersion()).toBe(version);
    expect(await updates()).toBe(1);

    const over = await updateRedirect(row.id, input("/old", "/pricing", "302"), who, {
      base: versionOf(theirs.row),
    });
    expect(over.status).toBe("saved");
    expect(await table()).toEqual(["/old → /pricing (302)"]);
    expect(await updates()).toBe(2);
  });

  it("counts a target moved by another redirect's chain as a change; a redirect deleted meanwhile is gone", async () => {
    const row = await add("/a", "/b");
    const loaded = versionOf(row);
    // Someone redirects /b on: /a now goes straight to /c, and its edit form's version is old.
    await add("/b", "/c");
    expect(await table()).toEqual(["/a → /c (301)", "/b → /c (301)"]);
    const refused = await updateRedirect(row.id, input("/a", "/b", "302"), who, { base: loaded });
    expect(refused.status).toBe("conflict");
    expect(await table()).toEqual(["/a → /c (301)", "/b → /c (301)"]);

    await deleteRedirect(row.id, who);
    expect(await updateRedirect(row.id, input("/a", "/d"), who, { base: loaded })).toEqual({
      status: "gone",
    });
    expect(await table()).toEqual(["/b → /c (301)"]);
  });

  it("lets one of two saves from the same version through, however they interleave", async () => {
    const row = await add("/raced", "/pricing");
    const base = versionOf(row);
    const outcomes = await Promise.all(
      ["/one", "/two", "/three"].map((to) => updateRedirect(row.id, input("/raced", to), who, { base })),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(["conflict", "conflict", "saved"]);
  });
});
