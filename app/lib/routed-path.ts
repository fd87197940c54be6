// The path as the router sees it, for every check that decides by path on either side (server middleware, the page
// cache, the back office's no-store rule): one decoding, so no check can judge one route and let another be served.

/**
 * The path React Router will route, compared case-insensitively as its routes are: dot segments resolved as the
 * URL parser does, each segment percent-decoded, lower-cased. Checks that exempt or relax must use this, or
 * "/FUNCTIONS/…" and "/functions/../contact" would be judged as one route and served as another.
 */
export function routedPath(originalUrl: string): string {
  const { pathname } = new URL(originalUrl, "http://host");
  return pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/")
    .toLowerCase();
}

/**
 * The path as the router matches it, lower-cased: percent-decoded per segment, dot segments resolved, repeated
 * slashes (and backslashes, which URLs read as slashes) collapsed. Plain paths skip the parsing (the page cache
 * and analytics ask on every request).
 */
export function matchedPath(rawPath: string): string {
  if (!/[%\\.]|\/\//.test(rawPath)) return rawPath.toLowerCase();
  return routedPath(rawPath.replace(/^[/\\]+/, "/")).replace(/\/{2,}/g, "/");
}

/** The back office and its sign-in pages: every path that routes under /admin, whatever its case or escapes. */
export function isBackOfficePath(path: string): boolean {
  return routedPath(path).startsWith("/admin");
}

/**
 * React Router's data request for a client-side navigation ("/pricing.data", "/_.data" for "/", "/_root.data" from
 * older routers): the page it is for, or null for any other path. The router tells the two kinds apart by this
 * suffix alone, and so does every check of ours.
 */
export function dataRequestPage(path: string): string | null {
  if (!path.endsWith(".data")) return null;
  const page = path.slice(0, -".data".length);
  return page === "/_" || page === "/_root" ? "/" : page;
}
