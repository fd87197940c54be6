// Full-page cache for anonymous GETs of public pages, in front of React Router.
//
// Correctness rule: an entry is served only while the content version it was rendered at is still current.
// Every content, settings or showcase write bumps the version (contentChanged()), so a write is visible on the very
// next request. With PGlite only one process can open the database, so the version is tracked in memory; with
// PostgreSQL several instances share the database, so each lookup reads the version row (one primary-key read,
// shared by the requests of one event-loop turn), which makes another instance's write visible on the next request
// too (tests/e2e/cache-coherence.spec.ts).
//
// Never cached: admin, auth, API, upload and preview-link paths (whatever their letter case), requests carrying a session
// cookie, responses that set a cookie or say private/no-store, anything but 200. Pages are the same for every
// visitor (the consent choice is read in the browser), so the key is the URL alone.
//
// CSP nonce: every answer, hit or miss, carries the nonce of its own request. An entry is stored cut at each
// occurrence of the nonce it was rendered with; a hit joins the pieces with the request's fresh nonce, which the
// CSP header set for this request already names. The ETag is computed over the pieces, so it does not change
// with the nonce and If-None-Match still gets 304 (see send). See docs/decisions/008-page-cache.md.
import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { contentVersionNow, VersionedCache } from "~/lib/content-version.server";
import { logger } from "~/lib/logger.server";

interface Entry {
  status: number;
  /** Response headers to replay; never the CSP, which each request gets with its own nonce. */
  headers: Record<string, string>;
  /** The body cut at every occurrence of the nonce it was rendered with. */
  pieces: Buffer[];
  etag: string;
}

const MAX_ENTRIES = 1000;
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Lower case: routing ignores letter case, so paths are compared lower-cased (/ADMIN is /admin). */
const UNCACHED_PREFIXES = [
  "/admin",
  "/api/",
  "/functions/",
  "/healthz",
  "/uploads/",
  "/assets/",
  "/__",
  // Preview links show unpublished items to whoever holds the link (docs/decisions/023-scheduling-previews-revisions.md).
  "/preview/",
];
/** Headers that belong to one response only (the CSP names that request's nonce). */
const PER_RESPONSE_HEADERS = [
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "x-cache",
  "content-security-policy",
];
/** What CDNs may do with a cacheable public page; our own cache is invalidated exactly on writes. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

const entries = new VersionedCache<Entry>(MAX_ENTRIES);

function hasSessionCookie(req: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=/.test(req.headers.cookie ?? "");
}

/** `body` cut at every occurrence of `nonce` (none when the nonce is empty). */
export function splitOnNonce(body: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    pieces.push(body.subarray(from, at));
    from = at + needle.length;
  }
  pieces.push(body.subarray(from));
  return pieces;
}

/** The pieces joined with `nonce`: the page as if it had been rendered for this request. */
export function joinWithNonce(pieces: Buffer[], nonce: string): Buffer {
  if (pieces.length === 1) return pieces[0] as Buffer;
  const glue = Buffer.from(nonce);
  const parts: Buffer[] = [];
  pieces.forEach((piece, i) => {
    if (i > 0) parts.push(glue);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}

/**
 * Drops the cached copies of these paths (any query string, any letter case): pages that show a figure changed
 * without a content write, such as an academy item's view count after a batch of views is written.
 */
export function forgetCachedPages(paths: string[]) {
  const wanted = new Set(paths.map((p) => p.toLowerCase()));
  entries.deleteWhere((key) => wanted.has((key.split("?")[0] ?? "").toLowerCase()));
}

export function isCacheableRequest(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const path = req.path.toLowerCase();
  if (UNCACHED_PREFIXES.some((p) => path.startsWith(p))) return false;
  if (req.path.endsWith(".data")) return false; // client-side navigation data; small and revalidated by the router
  if (hasSessionCookie(req)) return false;
  if (req.headers.authorization || req.headers["x-api-key"]) return false;
  return true;
}

function send(req: Request, res: Response, entry: Entry, hit: boolean) {
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader("X-Cache", hit ? "HIT" : "MISS");
  if (req.headers["if-none-match"] === entry.etag) {
    // The browser keeps its copy, with the nonce that copy was sent with: a 304 naming a fresh nonce would
    // update the stored CSP header and block the stored page's scripts, so it names none.
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  res.status(entry.status);
  if (req.method === "HEAD") res.end();
  else res.end(joinWithNonce(entry.pieces, String(res.locals.nonce ?? "")));
}

/** Express middleware: serves hits, records cacheable misses, sets CDN headers and ETags on public pages. */
export function pageCache() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isCacheableRequest(req)) return next();
    const key = req.originalUrl;
    let version: number;
    try {
      version = await contentVersionNow();
    } catch (error) {
      // The database is unreachable: a cached page is better than an error page.
      const stale = entries.stale(key);
      if (stale) return send(req, res, stale, true);
      logger.warn({ err: error }, "page cache: content version unavailable");
      return next();
    }
    const cached = entries.get(key, version);
    if (cached) return send(req, res, cached, true);
    if (req.method === "HEAD") return next();

    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const capture = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || tooBig) return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buf.length;
      if (size > MAX_BODY_BYTES) tooBig = true;
      else chunks.push(buf);
    };
    const cacheable = () => {
      if (res.statusCode !== 200 || tooBig || res.getHeader("set-cookie")) return false;
      const cc = String(res.getHeader("cache-control") ?? "");
      return !/private|no-store/.test(cc);
    };
    // Headers are final at the first write: add the CDN policy to responses we are allowed to cache.
    const stampHeaders = () => {
      if (!res.headersSent && cacheable() && !res.getHeader("cache-control")) {
        res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
      }
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      stampHeaders();
      capture(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      stampHeaders();
      capture(chunk, rest[0]);
      if (cacheable()) {
        const pieces = splitOnNonce(Buffer.concat(chunks), String(res.locals.nonce ?? ""));
        const hash = createHash("sha1");
        for (const piece of pieces) hash.update(piece).update("\u0000");
        const etag = `"${hash.digest("base64url")}"`;
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || PER_RESPONSE_HEADERS.includes(name)) continue;
          headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
        }
        headers.etag = etag;
        entries.set(key, version, { status: res.statusCode, headers, pieces, etag });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Cache", "MISS");
    next();
  };
}
