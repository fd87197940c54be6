// The path rules of redirects and the 404 monitor (docs/decisions/018-redirects-and-404-monitor.md), shared by the
// admin screen (browser), the redirect models and the HTTP middleware. Browser-safe and free of zod: the server
// middleware and the form schema (redirect-schema.ts) both build on it.

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export const REDIRECT_STATUS_LABELS: Record<RedirectStatus, string> = {
  301: "301 Permanent",
  302: "302 Temporary",
};

/** Where a redirect came from: typed in the admin, made by a slug change, or made from a 404 of the monitor. */
export const REDIRECT_SOURCES = ["manual", "slug-change", "not-found"] as const;
export type RedirectSource = (typeof REDIRECT_SOURCES)[number];

/** The longest path a redirect starts from, and the longest path the 404 monitor records. */
export const REDIRECT_PATH_MAX = 300;

/**
 * Not site pages, so never redirected nor recorded as a 404: the back office and its sign-in pages, the APIs,
 * assets, uploads, the health check and the development server's own paths. Lower case, as routing ignores case.
 */
const NON_PAGE_PREFIXES = ["/admin", "/api/", "/functions/", "/healthz", "/uploads/", "/assets/", "/__"];

/**
 * The form in which paths are compared: percent-decoded, lower-cased (routing ignores letter case), without the
 * query string, the fragment or trailing slashes ("/Blog/Café/?x=1" and "/blog/caf%C3%A9" are both "/blog/café").
 */
export function pathKey(path: string): string {
  let key = path.split(/[?#]/, 1)[0] ?? "";
  try {
    key = decodeURI(key);
  } catch {
    // A malformed escape is compared as it was sent.
  }
  key = key.toLowerCase();
  return key.length > 1 ? key.replace(/\/+$/, "") || "/" : key;
}

/** A path of the back office, an API, assets or uploads (any letter case). */
export function isNonPagePath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === "/api" || NON_PAGE_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** A site path: "/" then anything but a second "/" or "\" (which browsers read as another host), no spaces. */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])\S*$/.test(value);
}

/** An absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** The key of a target that is a path of this site; undefined for an absolute URL. */
export function internalKey(target: string): string | undefined {
  return isSitePath(target) ? pathKey(target) : undefined;
}

/** What follows "?" in a path or URL, without the fragment ("" when there is none). */
export function queryOf(target: string): string {
  const beforeHash = target.split("#", 1)[0] ?? "";
  const at = beforeHash.indexOf("?");
  return at === -1 ? "" : beforeHash.slice(at + 1);
}

/**
 * Where a request with this query string goes: the target, with the request's query string added after the
 * target's own parameters ("/new" + "utm_source=x" → "/new?utm_source=x"; "/new?a=1" → "/new?a=1&utm_source=x").
 */
export function redirectLocation(target: string, query: string): string {
  if (!query) return target;
  const hashAt = target.indexOf("#");
  const base = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : target.slice(hashAt);
  return `${base}${base.includes("?") ? "&" : "?"}${query}${hash}`;
}

/**
 * A chain collapsed into one hop: a redirect whose target `via` is itself redirected to `next` goes straight to
 * where a visitor would end up: `next`, with the query string of `via` added and its fragment kept when `next` has
 * none (browsers carry a fragment across a redirect).
 */
export function collapsedTarget(via: string, next: string): string {
  const location = redirectLocation(next, queryOf(via));
  const hashAt = via.indexOf("#");
  return hashAt !== -1 && !location.includes("#") ? `${location}${via.slice(hashAt)}` : location;
}

/** The public address of a blog post or academy item. */
export function contentPath(kind: "blog" | "academy", slug: string): string {
  return `/${kind}/${slug}`;
}
