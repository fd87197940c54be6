// The one list of paths that are not pages a visitor reads, each with its reason. Three checks read it: redirects
// and the 404 monitor (server/redirects.ts, app/models/not-found-monitor.server.ts, the redirect form), the page
// cache (server/page-cache.ts) and visitor analytics (server/analytics.ts). Every resource route of app/routes.ts
// must match an entry (app/lib/non-page-paths.test.ts). Browser-safe: the redirect form checks it too.

import { matchedPath } from "./routed-path";

/** The checks that ask whether a path is a page. */
export type PathCheck = "redirects" | "page-cache" | "analytics";

export interface NonPagePath {
  /** Lower case, as routing ignores letter case. Matches every path that starts with it, or only itself if `exact`. */
  path: string;
  exact?: boolean;
  /** Why it is not a page. */
  reason: string;
  /** The checks that still treat it as a page, and why (default: none). */
  pageFor?: { checks: readonly PathCheck[]; why: string };
}

export const NON_PAGE_PATHS: readonly NonPagePath[] = [
  {
    path: "/admin",
    reason: "The back office, its resource routes and its sign-in pages (/admin-auth/…): per administrator.",
  },
  { path: "/api/", reason: "Resource routes: lead and consent posts, uploads, better-auth (/api/auth/*)." },
  {
    path: "/api",
    exact: true,
    reason: "The API folder itself: never the start of a redirect, and no page to record a 404 for.",
    pageFor: { checks: ["page-cache", "analytics"], why: "its 404 is neither cached nor counted anyway" },
  },
  { path: "/functions/", reason: "The content API and its OpenAPI document: JSON per API key." },
  {
    path: "/embed/",
    reason:
      "Forms shown in frames on other websites, and the script that puts them there (ADR 058): part of someone else's page, not a visit to this site; no redirect starts there.",
    pageFor: {
      checks: ["page-cache"],
      why: "the same answer for every visitor while the content version stands (a save of the form, its list of sites included, moves it)",
    },
  },
  {
    path: "/newsletter/",
    reason:
      "A subscriber's confirmation and unsubscribe pages: one person's link each, never cached, and nobody's visit to the site.",
  },
  {
    path: "/healthz",
    reason: "The health checks (/healthz, /healthz/ready): the state of this instance right now.",
  },
  { path: "/metrics", exact: true, reason: "Prometheus metrics, for the operator's scraper (ADR 052)." },
  { path: "/uploads/", reason: "Uploaded files, answered with their own long-lived caching." },
  { path: "/assets/", reason: "The build's scripts and stylesheets, served as static files." },
  { path: "/__", reason: "The development server's own paths." },
  {
    path: "/auth",
    reason:
      "No such page: sign-in lives under /admin-auth; an address under /auth is nobody's visit to the site.",
    pageFor: {
      checks: ["redirects", "page-cache"],
      why: "a redirect may start there, and its 404 is neither cached nor different from any other",
    },
  },
  {
    path: "/preview/",
    reason:
      "Preview links show unpublished items to whoever holds the link (ADR 023): never cached, and nobody's visit to the site.",
    pageFor: { checks: ["redirects"], why: "a redirect may start there, and a dead link's 404 is recorded" },
  },
  {
    path: "/sitemap.xml",
    exact: true,
    reason: "A feed for crawlers, not a page view.",
    pageFor: { checks: ["redirects", "page-cache"], why: "the same XML for everyone, cached like a page" },
  },
  {
    path: "/rss.xml",
    exact: true,
    reason: "A feed for readers' apps, not a page view.",
    pageFor: { checks: ["redirects", "page-cache"], why: "the same XML for everyone, cached like a page" },
  },
  {
    path: "/robots.txt",
    exact: true,
    reason: "Rules for crawlers, not a page view.",
    pageFor: { checks: ["redirects", "page-cache"], why: "the same text for everyone, cached like a page" },
  },
  {
    path: "/features",
    exact: true,
    reason: "A permanent redirect to the landing page's #features section: no page of its own.",
    pageFor: {
      checks: ["redirects", "page-cache", "analytics"],
      why: "its answer is a 301, which none of them records, caches or counts",
    },
  },
];

const covers = (entry: NonPagePath, lower: string) =>
  entry.exact ? lower === entry.path : lower.startsWith(entry.path);

/** The entry a path falls under, whatever the check (undefined: a page). */
export function nonPageEntry(path: string): NonPagePath | undefined {
  const lower = path.toLowerCase();
  return NON_PAGE_PATHS.find((entry) => covers(entry, lower));
}

/**
 * Not a page for this check, judged on the path the router matches (any letter case, escapes decoded: "/%61dmin"
 * is the back office for every check). `path` is the request's path, as sent.
 */
export function isNonPage(path: string, check: PathCheck): boolean {
  const lower = matchedPath(path);
  return NOT_PAGES_FOR[check].some((entry) => covers(entry, lower));
}

/** The entries each check skips, worked out once (the page cache asks on every request). */
const notPagesFor = (check: PathCheck) =>
  NON_PAGE_PATHS.filter((entry) => !entry.pageFor?.checks.includes(check));
const NOT_PAGES_FOR: Record<PathCheck, readonly NonPagePath[]> = {
  redirects: notPagesFor("redirects"),
  "page-cache": notPagesFor("page-cache"),
  analytics: notPagesFor("analytics"),
};
