import { describe, expect, it } from "vitest";
import { allRoutes } from "../../tests/support/admin-routes";
import { isNonPage, NON_PAGE_PATHS, nonPageEntry, type PathCheck } from "./non-page-paths";

const CHECKS: PathCheck[] = ["redirects", "page-cache", "analytics"];

describe("non-page paths", () => {
  it("classifies every resource route of app/routes.ts", () => {
    const resources = allRoutes().filter((route) => route.resource);
    expect(resources.length).toBeGreaterThan(10);
    const unclassified = resources.filter((route) => !nonPageEntry(route.url)).map((route) => route.file);
    expect(
      unclassified,
      "add an entry to NON_PAGE_PATHS (app/lib/non-page-paths.ts), with its reason",
    ).toEqual([]);
  });

  it("gives every entry a reason, in lower case", () => {
    for (const entry of NON_PAGE_PATHS) {
      expect(entry.path, entry.path).toBe(entry.path.toLowerCase());
      expect(entry.reason.length, entry.path).toBeGreaterThan(10);
    }
  });

  // What each check skipped before the three lists became one; none of them changed.
  const everywhere = [
    "/admin",
    "/admin-auth",
    "/api/leads",
    "/functions/v1/x",
    "/healthz",
    "/uploads/a.png",
    "/assets/x.js",
    "/__vite",
  ];
  const skipped: Record<PathCheck, string[]> = {
    redirects: [...everywhere, "/api"],
    "page-cache": [...everywhere, "/preview/blog/t"],
    analytics: [...everywhere, "/auth/sign-in", "/preview/blog/t"],
  };
  const pages = [
    "/",
    "/pricing",
    "/blog/post",
    "/academy/item",
    "/apis",
    "/blog/admin",
    "/assets",
    "/features",
    "/sitemap.xml",
    "/rss.xml",
    "/robots.txt",
    "/preview",
    "/auth/sign-in",
    "/preview/blog/t",
    "/api",
  ];

  it.each(CHECKS)("keeps what %s skips, whatever the letter case", (check) => {
    for (const path of skipped[check]) {
      expect(isNonPage(path, check), path).toBe(true);
      expect(isNonPage(path.toUpperCase(), check), path).toBe(true);
    }
    for (const path of pages.filter((p) => !skipped[check].includes(p))) {
      const feed = check === "analytics" && /\.(xml|txt)$/.test(path);
      expect(isNonPage(path, check), path).toBe(feed);
    }
  });
});
