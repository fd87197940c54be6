// What a request asks of the page cache (server/page-cache.ts), read from its line and headers alone: whether it may
// be answered from the cache at all, the key it is answered under (its path and only the query parameters its route
// reads), and the encodings it accepts.
import type { IncomingHttpHeaders } from "node:http";
import { isNonPage } from "~/lib/non-page-paths";
import { dataRequestPage, matchedPath } from "~/lib/routed-path";

/**
 * The query parameters each public route reads (its loader's `searchParams`), by the path it is routed on: the
 * academy's filters and the contact page's "sent" notice. Any other parameter is not part of a page's key
 * (server/page-cache.test.ts checks that every public route and site component reading the query is listed).
 */
export const ROUTE_QUERY_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  "/academy": ["q", "category", "difficulty"],
  "/contact": ["lead"],
};

/** Parameters every public page reads: the footer's newsletter form shows a sign-up's outcome without JavaScript. */
export const SITE_QUERY_PARAMETERS: readonly string[] = ["newsletter"];

export type RequestFacts = { method?: string; path: string; headers: IncomingHttpHeaders };

/** The path of a request line's origin-form target ("/pricing?x" → "/pricing"); undefined for other forms. */
export function pathOf(url: string | undefined): string | undefined {
  if (!url?.startsWith("/")) return undefined;
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

function hasSessionCookie(headers: IncomingHttpHeaders): boolean {
  return /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=/.test(headers.cookie ?? "");
}

/**
 * The cache key of a request target: its path, and of its query only the parameters its route reads
 * (ROUTE_QUERY_PARAMETERS, then SITE_QUERY_PARAMETERS), in that order; anything else (utm_*, gclid, fbclid, an
 * unknown name) is left out.
 */
export function cacheKey(url: string): string {
  const at = url.indexOf("?");
  if (at === -1) return url;
  const path = url.slice(0, at);
  const routed = matchedPath(path);
  const route = ROUTE_QUERY_PARAMETERS[routed.length > 1 ? routed.replace(/\/$/, "") : routed] ?? [];
  const names = [...route, ...SITE_QUERY_PARAMETERS];
  const given = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const name of names) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

export function isCacheableRequest(req: RequestFacts): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const path = matchedPath(req.path);
  if (isNonPage(req.path, "page-cache")) return false; // app/lib/non-page-paths.ts
  if (dataRequestPage(path) !== null) return false; // client-side navigation data; small, revalidated by the router
  if (hasSessionCookie(req.headers)) return false;
  if (req.headers.authorization || req.headers["x-api-key"]) return false;
  return true;
}

/** The encodings an Accept-Encoding header allows (listed with a q above 0, or through "*"). */
function acceptedCodings(header: string | undefined): { br: boolean; gzip: boolean } {
  const q = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((text) => text.trim().toLowerCase());
    const weight = params.find((param) => /^q\s*=/.test(param));
    q.set(name === "x-gzip" ? "gzip" : name, weight ? Number(weight.split("=")[1]) || 0 : 1);
  }
  const allows = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  return { br: allows("br"), gzip: allows("gzip") };
}

/** Clients send a handful of distinct headers: the last answer serves most requests without parsing. */
let lastAccepted: { header: string | undefined; codings: { br: boolean; gzip: boolean } } | undefined;

/** brotli or gzip is acceptable (listed, and not with q=0). */
export function acceptsEncoding(headers: IncomingHttpHeaders): { br: boolean; gzip: boolean } {
  const header = headers["accept-encoding"];
  if (lastAccepted && lastAccepted.header === header) return lastAccepted.codings;
  lastAccepted = { header, codings: acceptedCodings(header) };
  return lastAccepted.codings;
}

/** gzip is acceptable (the content API's answers come plain or gzip). */
export function acceptsGzip(headers: IncomingHttpHeaders): boolean {
  return acceptsEncoding(headers).gzip;
}
