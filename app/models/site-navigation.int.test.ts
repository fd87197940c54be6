// The site navigation on a real database: the defaults reproduce the original header and footer, a save is read
// back and bumps the content version, unsafe links are refused, and blog links hide while the blog is off.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { currentContentVersion } from "~/infra/content-version.server";
import { DEFAULT_NAVIGATION, visibleNavigation } from "~/lib/site-navigation";
import { navigationSchema } from "~/lib/site-navigation-schema";
import { addMember, memberContext } from "../../tests/support/members";
import { setupTestDatabase } from "../../tests/support/test-db";
import { StaleEditError } from "./edit-conflicts.server";
import {
  getNavigation,
  navigationConflict,
  navigationVersion,
  saveNavigation,
} from "./site-navigation.server";

const test = setupTestDatabase();
const who = { actor: "editor@example.com", ip: "203.0.113.9", userAgent: "script" };

describe("site navigation", () => {
  it("starts as the original header and footer, and a save is read back with a version bump", async () => {
    const nav = await getNavigation();
    expect(nav.header.map((l) => l.label)).toEqual(["Home", "Blog", "Academy", "Pricing", "Contact"]);
    expect(nav.footer.map((c) => c.title)).toEqual(["Product", "Resources", "Company"]);
    const parsed = navigationSchema.safeParse({
      ...DEFAULT_NAVIGATION,
      header: [...DEFAULT_NAVIGATION.header, { label: "Spring", href: "/lp/spring-launch" }],
    });
    if (!parsed.success) throw parsed.error;
    const v0 = await currentContentVersion();
    await saveNavigation(parsed.data, who);
    expect(await currentContentVersion()).not.toBe(v0);
    expect((await getNavigation()).header.at(-1)).toEqual({ label: "Spring", href: "/lp/spring-launch" });
  });

  it("refuses unsafe links and empty labels; blog links hide while the blog is off", () => {
    const bad = navigationSchema.safeParse({
      header: [{ label: "", href: "javascript:alert(1)" }],
      footer: [],
    });
    expect(bad.success).toBe(false);
    if (!bad.success)
      expect(bad.error.issues.map((i) => i.path.join("."))).toEqual(["header.0.label", "header.0.href"]);
    const off = visibleNavigation(DEFAULT_NAVIGATION, { blogEnabled: false });
    expect(off.header.map((l) => l.href)).not.toContain("/blog");
    expect(off.footer[1]?.links.map((l) => l.label)).toEqual(["Support"]);
  });
});

describe("two editors of the navigation", () => {
  const withHeader = (label: string) => {
    const parsed = navigationSchema.safeParse({
      ...DEFAULT_NAVIGATION,
      header: [...DEFAULT_NAVIGATION.header, { label, href: "/pricing" }],
    });
    if (!parsed.success) throw parsed.error;
    return parsed.data;
  };

  it("refuses a save against a newer version, changing nothing; saving over theirs is a normal save", async () => {
    const dana = await addMember(test.handle().db, {
      name: "Dana Price",
      email: "dana-nav@example.com",
      role: "administrator",
    });
    const loaded = await navigationVersion();
    const danas = await saveNavigation(withHeader("Dana's"), memberContext(dana), loaded);
    expect(danas).not.toBe(loaded);
    expect(await navigationVersion()).toBe(danas);

    const audits = async () =>
      (await test.handle().db.select().from(auditLog).where(eq(auditLog.action, "navigation.update"))).length;
    const before = {
      nav: await getNavigation(),
      version: await currentContentVersion(),
      audits: await audits(),
    };
    const refused = await saveNavigation(withHeader("Mine"), who, loaded).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StaleEditError);
    expect(await getNavigation()).toEqual(before.nav);
    expect(await currentContentVersion()).toBe(before.version);
    expect(await audits()).toBe(before.audits);
    const conflict = await navigationConflict(refused as StaleEditError);
    expect(conflict).toMatchObject({ version: danas, savedBy: "Dana Price" });
    expect(conflict.theirs.header).toContain("Dana's → /pricing");
    expect(conflict.theirs.navigation).toEqual(before.nav);

    const over = await saveNavigation(withHeader("Mine"), who, conflict.version);
    expect((await getNavigation()).header.at(-1)?.label).toBe("Mine");
    expect(await navigationVersion()).toBe(over);
    expect(await currentContentVersion()).not.toBe(before.version);
    expect(await audits()).toBe(before.audits + 1);
    // A save without a version (a script) is not checked.
    await saveNavigation(withHeader("Script"), who);
    expect((await getNavigation()).header.at(-1)?.label).toBe("Script");
  });
});
