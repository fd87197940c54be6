// The site navigation on a real database: the defaults reproduce the original header and footer, a save is read
// back and bumps the content version, unsafe links are refused, and blog links hide while the blog is off.
import { describe, expect, it } from "vitest";
import { currentContentVersion } from "~/infra/content-version.server";
import { DEFAULT_NAVIGATION, visibleNavigation } from "~/lib/site-navigation";
import { navigationSchema } from "~/lib/site-navigation-schema";
import { setupTestDatabase } from "../../tests/support/test-db";
import { getNavigation, saveNavigation } from "./site-navigation.server";

setupTestDatabase();
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
