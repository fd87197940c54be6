// Full-page cache for anonymous GETs of public pages, in front of React Router.
//
// Correctness rule: an entry is served only while the content version it was rendered at is still current.
// Every content, settings or showcase write bumps the version (contentChanged()), so a write is visible on the very
// next request. How the current version is known without a query (PGlite: in memory; PostgreSQL: followed through
// LISTEN/NOTIFY while that is proven live, else read per event-loop turn) is in app/lib/content-version.server.ts.
//
// Two ways in, one answer (docs/decisions/008-page-cache.md, 020-serving-from-memory.md):
// - cachedPageAnswer: a hit at a version known without a query, answered straight from the entry's prepared bytes
//   and headers. server/raw-hits.ts asks it for the requests it reads on a new connection itself (ADR 040);
//   serveCachedPage, called by server.ts for every request Node's HTTP server parsed, before Express, sends it.
//   Anything else goes through Express as before.
// - pageCache(), the Express middleware: records misses (and serves hits when the version had to be read).
//
// Never cached: admin, auth, API, upload and preview-link paths (checked on the path the router matches: decoded,
// dot segments resolved, any letter case, so "/%75ploads/x" is an upload too), requests carrying a session cookie
// or a key, responses that set a cookie, say private/no-store or carry a sandbox CSP (a file's answer), anything
// but 200. Pages are the same for every visitor (the consent choice is read in the browser), so the key is the URL
// alone.
//
// Bounded in bytes (docs/decisions/028-byte-budgets.md): every entry counts its body, its gzip copy, its headers
// and its key against PAGE_CACHE_MB; past it the least recently used entries go. A hit replays every header the
// render sent, repeated ones included (two CSP headers stay two).
//
// CSP nonce: every answer, hit or miss, carries a nonce of its own. An entry keeps its body (and its CSP header)
// with holes where the nonce of its render was; a hit fills them with a fresh nonce (spliced-body.ts). The ETag is
// computed over the pieces, so it does not change with the nonce and If-None-Match still gets 304 (see answer).
// The gzip form is compressed once per entry, with the same holes.
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { env } from "~/env.server";
import { contentVersionKnown, contentVersionNow, VersionedCache } from "~/infra/content-version.server";
import { logger } from "~/infra/logger.server";
import { isNonPage } from "~/lib/non-page-paths";
import { dataRequestPage, routedPath } from "~/lib/routed-path";
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
  /**
   * Response headers to replay, as name/value pairs (a header sent twice is two pairs); never the CSP, which each
   * answer gets with its own nonce.
   */
  headers: string[];
  etag: string;
  /** The body with holes where its render's nonce was. */
  body: SplicedBody;
  /** The same, gzip-compressed; made in the background after the entry is stored. */
  gzip?: SplicedBody;
  /** The render's Content-Security-Policy headers, each cut where its nonce was (none in development). */
  csp: string[][];
}

/** A ceiling on the count as well, for the map's own sake; the byte budget is what binds. */
const MAX_ENTRIES = 10_000;
const MAX_BODY_BYTES = 2 * 1024 * 1024;
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
const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** Renders under way per key: requests for the same page wait for that one instead of rendering it again. */
const rendering = new Map<string, Promise<void>>();

/** What an entry holds in memory: bytes of its bodies, two per UTF-16 unit of its strings, and bookkeeping. */
export function entryBytes(key: string, entry: Entry): number {
  let strings = key.length + entry.etag.length;
  for (const text of entry.headers) strings += text.length;
  for (const pieces of entry.csp) for (const piece of pieces) strings += piece.length;
  const holes = (entry.body.holes.length + (entry.gzip?.holes.length ?? 0)) * 8;
  return entry.body.bytes.length + (entry.gzip?.bytes.length ?? 0) + 2 * strings + holes + 512;
}

let cache: VersionedCache<Entry> | undefined;
/** The entries, bounded by PAGE_CACHE_MB (read when the first page is cached or looked up). */
function entries(): VersionedCache<Entry> {
  cache ??= new VersionedCache<Entry>(
    MAX_ENTRIES,
    (entry) => {
      dropSpares(entry.body);
      if (entry.gzip) dropSpares(entry.gzip);
    },
    { maxBytes: env().pageCacheBytes, sizeOf: entryBytes },
  );
  return cache;
}

/** How many pages are cached and the bytes they take (for tests and the memory figures). */
export function pageCacheUsage(): { entries: number; bytes: number } {
  return { entries: cache?.size ?? 0, bytes: cache?.bytes ?? 0 };
}

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
  entries().deleteWhere((key) => wanted.has((key.split("?")[0] ?? "").toLowerCase()));
}

/**
 * The path as the router matches it, lower-cased: percent-decoded per segment, dot segments resolved, repeated
 * slashes (and backslashes, which URLs read as slashes) collapsed. Plain paths skip the parsing.
 */
export function matchedPath(rawPath: string): string {
  if (!/[%\\.]|\/\//.test(rawPath)) return rawPath.toLowerCase();
  return routedPath(rawPath.replace(/^[/\\]+/, "/")).replace(/\/{2,}/g, "/");
}

export function isCacheableRequest(req: RequestFacts): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const path = matchedPath(req.path);
  if (isNonPage(path, "page-cache")) return false; // app/lib/non-page-paths.ts
  if (dataRequestPage(path) !== null) return false; // client-side navigation data; small, revalidated by the router
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
 * The status, headers and body of a hit for this request, as name/value pairs: the entry's replayed headers
 * (`fixed`, the same array for every hit on the entry), then this answer's own (X-Cache, the CSP with `nonce`
 * unless the answer is a 304, Content-Encoding, Content-Length).
 */
function answer(
  req: { method?: string; headers: IncomingHttpHeaders },
  entry: Entry,
  nonce: string,
): { status: number; fixed: string[]; headers: string[]; body?: Buffer; variant?: SplicedBody } {
  const fixed = entry.headers;
  const headers = ["X-Cache", "HIT"];
  if (notModified(req.headers, entry.etag)) {
    // The browser keeps its copy, with the nonce that copy was sent with: a 304 naming a fresh nonce would
    // update the stored CSP header and block the stored page's scripts, so it names none.
    return { status: 304, fixed, headers };
  }
  for (const pieces of entry.csp) headers.push("Content-Security-Policy", pieces.join(nonce));
  const gzip = entry.gzip && acceptsGzip(req.headers) ? entry.gzip : undefined;
  if (gzip) headers.push("Content-Encoding", "gzip");
  const variant = gzip ?? entry.body;
  headers.push("Content-Length", String(variant.bytes.length));
  if (req.method === "HEAD") return { status: entry.status, fixed, headers };
  const body =
    nonce.length === variant.nonceLength || variant.holes.length === 0
      ? fill(variant, Buffer.from(nonce))
      : undefined;
  // A nonce of another length than the render's cannot fill the holes: answer as a miss would.
  if (!body) return { status: 0, fixed, headers };
  return { status: entry.status, fixed, headers, body, variant };
}

/** The path of a request line's origin-form target ("/pricing?x" → "/pricing"); undefined for other forms. */
function pathOf(url: string | undefined): string | undefined {
  if (!url?.startsWith("/")) return undefined;
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** A hit as the fast path sends it: status, headers as name/value pairs, and the body (none for HEAD or a 304). */
export interface CachedAnswer {
  status: number;
  /** The headers every hit on this entry replays, first: the same array each time (raw-hits.ts keeps it encoded). */
  fixed: string[];
  /** Then this answer's own. */
  headers: string[];
  body?: Buffer;
  /** Give the body back once it is written (the next hit reuses the copy, only its nonce holes rewritten). */
  done(): void;
}

/**
 * The answer to a cache hit at a content version known without a query, from the entry's prepared bytes, with
 * everything the Express path sends (security headers, a fresh CSP nonce, X-Cache, ETag/304, the gzip form when
 * accepted, HEAD); undefined when the request is not such a hit and must go through Express. `url` is the request
 * line's target; a request with a body is never a hit.
 */
export function cachedPageAnswer(req: {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}): CachedAnswer | undefined {
  const path = pathOf(req.url);
  if (path === undefined || req.headers["content-length"] || req.headers["transfer-encoding"]) return;
  if (!isCacheableRequest({ method: req.method, path, headers: req.headers })) return;
  const version = contentVersionKnown();
  if (version === undefined) return;
  const entry = entries().get(req.url as string, version);
  if (!entry) return;
  const { status, fixed, headers, body, variant } = answer(req, entry, freshNonce());
  if (!status) return;
  return { status, fixed, headers, body, done: body && variant ? () => release(variant, body) : () => {} };
}

/**
 * The fast path on a request Node's HTTP server parsed (server.ts calls it before Express; raw-hits.ts answers
 * most hits before that): a cache hit as cachedPageAnswer makes it. Returns the status sent, or 0 when the request
 * is not such a hit and must go through Express.
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse): number {
  const hit = cachedPageAnswer(req);
  if (!hit) return 0;
  res.writeHead(hit.status, [...hit.fixed, ...hit.headers]);
  if (hit.body) res.end(hit.body, hit.done);
  else res.end();
  return hit.status;
}

/** Express: a hit after the version had to be read (or a stale entry during an outage). */
function sendFromExpress(req: Request, res: Response, entry: Entry, next: NextFunction) {
  const nonce = String(res.locals.nonce ?? "");
  const { status, fixed, headers: own, body } = answer(req, entry, nonce);
  if (!status) return next();
  const headers = [...fixed, ...own];
  if (status === 304) res.removeHeader("Content-Security-Policy");
  // A name that comes more than once (two CSP headers) is set once with all its values.
  const byName = new Map<string, string[]>();
  for (let i = 0; i < headers.length; i += 2) {
    const name = (headers[i] as string).toLowerCase();
    byName.set(name, [...(byName.get(name) ?? []), headers[i + 1] as string]);
  }
  for (const [name, values] of byName)
    res.setHeader(name, values.length === 1 ? (values[0] as string) : values);
  res.status(status).end(body);
}

/**
 * The headers a miss sent that every hit replays (a header sent more than once, once per value), with Vary naming
 * Accept-Encoding (hits may be gzip).
 */
function replayedHeaders(res: Response, etag: string): string[] {
  const pairs: string[] = [];
  let vary = "";
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.includes(name) || name === "etag") continue;
    if (name === "vary") vary = Array.isArray(value) ? value.join(", ") : String(value);
    else for (const text of Array.isArray(value) ? value : [value]) pairs.push(name, String(text));
  }
  if (!/accept-encoding|\*/i.test(vary)) vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  pairs.push("vary", vary, "etag", etag);
  return pairs;
}

/** Every Content-Security-Policy header of the response. */
function cspHeaders(res: Response): string[] {
  const csp = res.getHeader("content-security-policy");
  if (csp === undefined) return [];
  return Array.isArray(csp) ? csp : [String(csp)];
}

function store(key: string, version: number, res: Response, chunks: Buffer[]) {
  const nonce = String(res.locals.nonce ?? "");
  const pieces = splitOnNonce(Buffer.concat(chunks), nonce);
  const hash = createHash("sha1");
  for (const piece of pieces) hash.update(piece).update("\u0000");
  const etag = `"${hash.digest("base64url")}"`;
  const entry: Entry = {
    status: res.statusCode,
    headers: replayedHeaders(res, etag),
    etag,
    body: identityBody(pieces, nonce.length),
    csp: cspHeaders(res).map((csp) => (nonce ? csp.split(nonce) : [csp])),
  };
  entries().set(key, version, entry);
  gzipBody(pieces, nonce.length).then(
    (gzip) => {
      // Counted against the budget once it exists (unless the entry went meanwhile).
      if (entries().stale(key) !== entry) return;
      entry.gzip = gzip;
      entries().resized(key);
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
      const stale = entries().stale(key);
      if (stale) return sendFromExpress(req, res, stale, next);
      logger.warn({ err: error }, "page cache: content version unavailable");
      return next();
    }
    const cached = entries().get(key, version);
    if (cached) return sendFromExpress(req, res, cached, next);
    if (req.method === "HEAD") return next();
    // Single flight: while one request renders this page (after a write, or after a batch of academy views
    // dropped it), the others wait for its entry rather than all rendering the same page at once.
    const underway = rendering.get(key);
    let settle = () => {};
    if (underway) {
      await underway;
      const rendered = entries().get(key, version);
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
      // A file's answer (an upload) is sandboxed: never a page, never cached, whatever path it came by.
      if (cspHeaders(res).some((csp) => /\bsandbox\b/i.test(csp))) return false;
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
