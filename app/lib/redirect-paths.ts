// The path rules of redirects and the 404 monitor (docs/decisions/018-redirects-and-404-monitor.md), shared by the
// admin screen (browser), the redirect models and the HTTP middleware. Browser-safe and free of zod: the server
// middleware and the form schema (redirect-schema.ts) both build on it.
import { isNonPage } from "./non-page-paths";
import { safeText } from "./safe-text";

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
 * The form in which paths are compared: percent-decoded, lower-cased (routing ignores letter case), without the
 * query string, the fragment or trailing slashes ("/Blog/Café/?x=1" and "/blog/caf%C3%A9" are both "/blog/café").
 * A key is stored as text, so it is always safe text: a NUL (sent as %00) stays "%00" and a lone surrogate
 * becomes U+FFFD.
 */
export function pathKey(path: string): string {
  let key = path.split(/[?#]/, 1)[0] ?? "";
  try {
    key = decodeURI(key);
  } catch {
    // A malformed escape is compared as it was sent.
  }
  key = safeText(key.replaceAll("\u0000", "%00")).toLowerCase();
  return key.length > 1 ? key.replace(/\/+$/, "") || "/" : key;
}

/**
 * Not a site page, so never redirected nor recorded as a 404: the back office and its sign-in pages, the APIs,
 * assets, uploads, the health check and the development server's own paths (app/lib/non-page-paths.ts).
 */
export function isNonPagePath(path: string): boolean {
  return isNonPage(path, "redirects");
}

/**
 * A site path: "/" then anything but a second "/" or "\" (which browsers read as another host), no spaces and no
 * control characters.
 */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s\p{Cc}]*$/u.test(value);
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

/**
 * Runs of what may not stand in a URL as it is: anything but the characters RFC 3986 allows (controls, spaces,
 * quotes, angle and curly brackets, everything beyond ASCII), and a "%" that does not start an escape. The rule of
 * the encodeurl package that Express applies to a Location header, so an escape already there is kept.
 */
const NOT_URL_TEXT =
  /(?:[^\x21\x23-\x3B\x3D\x3F-\x5F\x61-\x7A\x7C\x7E]|%(?:[^0-9A-Fa-f]|[0-9A-Fa-f][^0-9A-Fa-f]|$))+/g;

/**
 * A redirect target as a valid URL in ASCII, the form it is stored and sent in (a Location header can carry
 * nothing else): an absolute URL as the URL parser writes it (host in its ASCII form, the rest percent-encoded as
 * UTF-8); a site path with every character a URL cannot hold percent-encoded as UTF-8, escapes already there kept,
 * and nothing else changed (no "." segments resolved, so the path can never turn into "//another-host"). A lone
 * surrogate becomes U+FFFD first. Applying it twice changes nothing.
 */
export function encodedTarget(target: string): string {
  const text = safeText(target);
  if (!isSitePath(text) && isHttpUrl(text)) return new URL(text).href;
  return text.replace(NOT_URL_TEXT, (run) => encodeURI(run));
}

/**
 * A stored target as people read it: the UTF-8 escapes of characters beyond ASCII shown as those characters
 * ("/caf%C3%A9" → "/café"); every ASCII escape ("%20", "%2F", "%25" …) stays, and so does a broken sequence.
 */
export function readableTarget(target: string): string {
  return target.replace(/(?:%[89A-Fa-f][0-9A-Fa-f])+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** The key of a target that is a path of this site; undefined for an absolute URL. */
export function internalKey(target: string): string | undefined {
  return isSitePath(target) ? pathKey(target) : undefined;
}

/** What follows "?" in a path or URL, without the fragment ("" when there is none). */
function queryOf(target: string): string {
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
