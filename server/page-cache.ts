// Full-page cache for anonymous GETs of public pages, in front of React Router.
//
// Correctness rule: an entry is served only while the content version it was rendered at is still current.
// Every content, settings or showcase write bumps the version (contentChanged()), so a write is visible on the very
// next request. How the current version is known without a query (PGlite: in memory; PostgreSQL: followed through
// LISTEN/NOTIFY while that is proven live, else read per event-loop turn) is in app/lib/content-version.server.ts.
//
// Two ways in, one answer (docs/decisions/008-page-cache.md, 020-serving-from-memory.md):
// - serveCachedPage, called by server.ts for every request before Express: a hit at a version known without a
//   query is answered straight from the entry's prepared bytes and headers. Anything else returns false and goes
//   through Express as before.
// - pageCache(), the Express middleware: records misses (and serves hits when the version had to be read).
//
// Never cached: admin, auth, API, upload and preview-link paths (whatever their letter case), requests carrying a
// session cookie or a key, responses that set a cookie or say private/no-store, anything but 200. Pages are the
// same for every visitor (the consent choice is read in the browser), so the key is the URL alone.
//
// CSP nonce: every answer, hit or miss, carries a nonce of its own. An entry keeps its body (and its CSP header)
// with holes where the nonce of its render was; a hit fills them with a fresh nonce (spliced-body.ts). The ETag is
// computed over the pieces, so it does not change with the nonce and If-None-Match still gets 304 (see answer).
// The gzip form is compressed once per entry, with the same holes.
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { contentVersionKnown, contentVersionNow, VersionedCache } from "~/lib/content-version.server";
import { logger } from "~/lib/logger.server";
import { freshNonce } from "./security-headers";
import {
  dropSpares,
  fill,
  gzipBody,
  identityBody,
  release,
  type SplicedBody,
  splitOnNonce,
} from "./spliced-body";

interface Entry {
  status: number;
  /** Response headers to replay, as name/value pairs; never the CSP, which each answer gets with its own nonce. */
  headers: string[];
  etag: string;
  /** The body with holes where its render's nonce was. */
  body: SplicedBody;
  /** The same, gzip-compressed; made in the background after the entry is stored. */
  gzip?: SplicedBody;
  /** The render's Content-Security-Policy cut at its nonce (none in development). */
  csp?: [string, string];
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
  "keep-alive",
  "x-cache",
  "content-security-policy",
];
/** What CDNs may do with a cacheable public page; our own cache is invalidated exactly on writes. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** Renders under way per key: requests for the same page wait for that one instead of rendering it again. */
const rendering = new Map<string, Promise<void>>();

const entries = new VersionedCache<Entry>(MAX_ENTRIES, (entry) => {
  dropSpares(entry.body);
  if (entry.gzip) dropSpares(entry.gzip);
});

type RequestFacts = { method?: string; path: string; headers: IncomingHttpHeaders };

function hasSessionCookie(headers: IncomingHttpHeaders): boolean {
  return /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=/.test(headers.cookie ?? "");
}

/**
 * Drops the cached copies of these paths (any query string, any letter case): pages that show a figure changed
 * without a content write, such as an academy item's view count after a batch of views is written.
 */
export function forgetCachedPages(paths: string[]) {
  const wanted = new Set(paths.map((p) => p.toLowerCase()));
  entries.deleteWhere((key) => wanted.has((key.split("?")[0] ?? "").toLowerCase()));
}

export function isCacheableRequest(req: RequestFacts): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const path = req.path.toLowerCase();
  if (UNCACHED_PREFIXES.some((p) => path.startsWith(p))) return false;
  if (req.path.endsWith(".data")) return false; // client-side navigation data; small and revalidated by the router
  if (hasSessionCookie(req.headers)) return false;
  if (req.headers.authorization || req.headers["x-api-key"]) return false;
  return true;
}

/** If-None-Match names the entry's tag (weak comparison, as RFC 9110 asks for it; "*" matches any). */
function notModified(headers: IncomingHttpHeaders, etag: string): boolean {
  const wanted = headers["if-none-match"];
  if (!wanted) return false;
  if (wanted === etag || wanted.trim() === "*") return true;
  return wanted.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** gzip is acceptable (listed, and not with q=0). */
export function acceptsGzip(headers: IncomingHttpHeaders): boolean {
  const accepted = headers["accept-encoding"];
  if (!accepted?.includes("gzip")) return false;
  return accepted
    .split(",")
    .some((coding) => /^\s*(?:x-)?gzip\s*(?:;\s*q\s*=\s*(?!0(?:\.0*)?\s*$)[\d.]+\s*)?$/i.test(coding));
}

/**
 * The status, headers and body of a hit for this request, as name/value pairs; the CSP (with `nonce`) is
 * included unless the answer is a 304.
 */
function answer(
  req: { method?: string; headers: IncomingHttpHeaders },
  entry: Entry,
  nonce: string,
): { status: number; headers: string[]; body?: Buffer; variant?: SplicedBody } {
  const headers = [...entry.headers, "X-Cache", "HIT"];
  if (notModified(req.headers, entry.etag)) {
    // The browser keeps its copy, with the nonce that copy was sent with: a 304 naming a fresh nonce would
    // update the stored CSP header and block the stored page's scripts, so it names none.
    return { status: 304, headers };
  }
  if (entry.csp) headers.push("Content-Security-Policy", entry.csp[0] + nonce + entry.csp[1]);
  const gzip = entry.gzip && acceptsGzip(req.headers) ? entry.gzip : undefined;
  if (gzip) headers.push("Content-Encoding", "gzip");
  const variant = gzip ?? entry.body;
  headers.push("Content-Length", String(variant.bytes.length));
  if (req.method === "HEAD") return { status: entry.status, headers };
  const body =
    nonce.length === variant.nonceLength || variant.holes.length === 0
      ? fill(variant, Buffer.from(nonce))
      : undefined;
  // A nonce of another length than the render's cannot fill the holes: answer as a miss would.
  if (!body) return { status: 0, headers };
  return { status: entry.status, headers, body, variant };
}

/** The path of a request line's origin-form target ("/pricing?x" → "/pricing"); undefined for other forms. */
function pathOf(url: string | undefined): string | undefined {
  if (!url?.startsWith("/")) return undefined;
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The fast path (server.ts calls it before Express): answers a cache hit at a content version known without a
 * query, from the entry's prepared bytes, with everything the Express path sends (security headers, a fresh CSP
 * nonce, X-Cache, ETag/304, the gzip form when accepted, HEAD). Returns the status sent, or 0 when the request
 * is not such a hit and must go through Express.
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse): number {
  const path = pathOf(req.url);
  if (path === undefined || req.headers["content-length"] || req.headers["transfer-encoding"]) return 0;
  if (!isCacheableRequest({ method: req.method, path, headers: req.headers })) return 0;
  const version = contentVersionKnown();
  if (version === undefined) return 0;
  const entry = entries.get(req.url as string, version);
  if (!entry) return 0;
  const { status, headers, body, variant } = answer(req, entry, freshNonce());
  if (!status) return 0;
  res.writeHead(status, headers);
  // Once written, the copy serves the next hit (only its nonce holes are rewritten).
  if (body && variant) res.end(body, () => release(variant, body));
  else res.end();
  return status;
}

/** Express: a hit after the version had to be read (or a stale entry during an outage). */
function sendFromExpress(req: Request, res: Response, entry: Entry, next: NextFunction) {
  const nonce = String(res.locals.nonce ?? "");
  const { status, headers, body } = answer(req, entry, nonce);
  if (!status) return next();
  if (status === 304) res.removeHeader("Content-Security-Policy");
  for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i] as string, headers[i + 1] as string);
  res.status(status).end(body);
}

/** The headers a miss sent that every hit replays, with Vary naming Accept-Encoding (hits may be gzip). */
function replayedHeaders(res: Response, etag: string): string[] {
  const pairs: string[] = [];
  let vary = "";
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.includes(name) || name === "etag") continue;
    const text = Array.isArray(value) ? value.join(", ") : String(value);
    if (name === "vary") vary = text;
    else pairs.push(name, text);
  }
  if (!/accept-encoding|\*/i.test(vary)) vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  pairs.push("vary", vary, "etag", etag);
  return pairs;
}

function store(key: string, version: number, res: Response, chunks: Buffer[]) {
  const nonce = String(res.locals.nonce ?? "");
  const pieces = splitOnNonce(Buffer.concat(chunks), nonce);
  const hash = createHash("sha1");
  for (const piece of pieces) hash.update(piece).update("\u0000");
  const etag = `"${hash.digest("base64url")}"`;
  const csp = res.getHeader("content-security-policy");
  const cspPieces = typeof csp === "string" && nonce ? splitOnNonce(Buffer.from(csp), nonce) : undefined;
  const entry: Entry = {
    status: res.statusCode,
    headers: replayedHeaders(res, etag),
    etag,
    body: identityBody(pieces, nonce.length),
    csp:
      cspPieces?.length === 2
        ? [String(cspPieces[0]), String(cspPieces[1])]
        : typeof csp === "string"
          ? [csp, ""]
          : undefined,
  };
  entries.set(key, version, entry);
  gzipBody(pieces, nonce.length).then(
    (gzip) => {
      entry.gzip = gzip;
    },
    (error) => logger.warn({ err: error }, "page cache: could not compress an entry"),
  );
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
      if (stale) return sendFromExpress(req, res, stale, next);
      logger.warn({ err: error }, "page cache: content version unavailable");
      return next();
    }
    const cached = entries.get(key, version);
    if (cached) return sendFromExpress(req, res, cached, next);
    if (req.method === "HEAD") return next();
    // Single flight: while one request renders this page (after a write, or after a batch of academy views
    // dropped it), the others wait for its entry rather than all rendering the same page at once.
    const underway = rendering.get(key);
    let settle = () => {};
    if (underway) {
      await underway;
      const rendered = entries.get(key, version);
      if (rendered) return sendFromExpress(req, res, rendered, next);
    } else {
      let finished = () => {};
      const flight = new Promise<void>((resolve) => {
        finished = resolve;
      });
      rendering.set(key, flight);
      // Settled once the page is rendered (stored or not), not when a slow client has read it all.
      settle = () => {
        if (rendering.get(key) === flight) rendering.delete(key);
        finished();
      };
      res.once("close", settle);
    }

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
      if (cacheable()) store(key, version, res, chunks);
      settle();
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Cache", "MISS");
    next();
  };
}
