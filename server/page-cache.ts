// Full-page cache for anonymous GETs of public pages, in front of React Router.
//
// Correctness rule: an entry is served only while the content version it was rendered at is still current.
// Every content, settings or showcase write bumps the version (contentChanged()), so a write is visible on the very
// next request. How the current version is known without a query (PGlite: in memory; PostgreSQL: followed through
// LISTEN/NOTIFY while that is proven live, else read per event-loop turn) is in app/infra/content-version.server.ts.
//
// A cached page is constant bytes (docs/decisions/041-one-hit-path.md): its CSP names its inline scripts by hash
// (server/react-router-handler.ts), so every visitor gets the same body and headers. Each entry is compressed once,
// gzip and brotli, off the request path, and answered by Accept-Encoding with Vary, a strong ETag per encoding and
// 304 for a matching If-None-Match.
//
// One way to answer a hit, two places that ask (docs/decisions/008-page-cache.md):
// - serveCachedPage: server.ts calls it for every request, before Express; a hit at a content version known
//   without a query is written straight from the entry's prepared headers and bytes.
// - pageCache(), the Express middleware: records misses, and serves hits when the version had to be read (or a
//   stale entry while the database is unreachable).
//
// The key is the path plus only the query parameters the route reads (cacheKey, server/page-requests.ts):
// `?utm_source=…`, `?gclid=…` or `?x=1` reach the same entry, and the render of a miss sees the narrowed URL, so no
// entry depends on a parameter its key leaves out. Attribution and analytics still read the whole URL (server/analytics.ts, the page's script).
//
// Never cached: admin, auth, API, upload and preview-link paths (checked on the path the router matches: decoded,
// dot segments resolved, any letter case, so "/%75ploads/x" is an upload too), requests carrying a session cookie
// or a key, responses that set a cookie, say private/no-store or carry a sandbox CSP (a file's answer), anything
// but 200.
//
// Bounded in bytes (docs/decisions/028-byte-budgets.md): every entry counts its bodies (plain, gzip, brotli), its
// headers and its key against PAGE_CACHE_MB; past it the least recently used entries go.
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { env } from "~/env.server";
import { contentVersionKnown, contentVersionNow, VersionedCache } from "~/infra/content-version.server";
import { logger } from "~/infra/logger.server";
import { acceptsEncoding, cacheKey, isCacheableRequest, pathOf } from "./page-requests";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One encoding of an entry: its bytes and the headers of a 200 and of a 304, prepared once. */
interface Representation {
  body: Buffer;
  etag: string;
  /** Name/value pairs: the replayed headers, ETag, Content-Encoding, Content-Length, X-Cache. */
  ok: string[];
  notModified: string[];
}

interface Entry {
  status: number;
  /** The render's headers every answer replays, as name/value pairs (a header sent twice is two pairs). */
  replayed: string[];
  identity: Representation;
  /** Compressed copies, made in the background at the entry's first hit (see compress). */
  gzip?: Representation;
  br?: Representation;
  compressing?: boolean;
  /**
   * A figure on the page changed without a content write (an academy item's view count): once the entry is
   * REFRESH_AFTER_MS old, the next request renders the page anew, and until that render is stored every other
   * request is still answered from this entry.
   */
  outdated?: boolean;
  /**
   * When a request last went on to render this outdated entry (Date.now()): until that render starts, or for
   * REFRESH_AFTER_MS if it never does, every other request is still answered from this entry.
   */
  refreshClaimedAt?: number;
  /** When it was stored (Date.now()). */
  storedAt: number;
}

/** A ceiling on the count as well, for the map's own sake; the byte budget is what binds. */
const MAX_ENTRIES = 10_000;
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Headers that belong to one response only. */
const PER_RESPONSE_HEADERS = [
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "x-cache",
  "etag",
];
/** What CDNs may do with a cacheable public page; our own cache is invalidated exactly on writes. */
const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** Renders under way per key: requests for the same page wait for that one instead of rendering it again. */
const rendering = new Map<string, Promise<void>>();

/** What an entry holds in memory: bytes of its bodies, two per UTF-16 unit of its strings, and bookkeeping. */
export function entryBytes(key: string, entry: Entry): number {
  let bytes = 2 * key.length + 512;
  for (const text of entry.replayed) bytes += 2 * text.length;
  for (const form of [entry.identity, entry.gzip, entry.br]) {
    if (!form) continue;
    bytes += form.body.length;
    for (const text of form.ok) bytes += 2 * text.length;
  }
  return bytes;
}

let cache: VersionedCache<Entry> | undefined;
/** The entries, bounded by PAGE_CACHE_MB (read when the first page is cached or looked up). */
function entries(): VersionedCache<Entry> {
  cache ??= new VersionedCache<Entry>(MAX_ENTRIES, undefined, {
    maxBytes: env().pageCacheBytes,
    sizeOf: entryBytes,
  });
  return cache;
}

/** Lookups answered from an entry, and those that rendered the page (or passed a HEAD on), since start (/metrics). */
const lookups = { hits: 0, misses: 0 };
export function pageCacheLookups(): Readonly<typeof lookups> {
  return lookups;
}

/** How many pages are cached and the bytes they take (for tests and the memory figures). */
export function pageCacheUsage(): { entries: number; bytes: number } {
  return { entries: cache?.size ?? 0, bytes: cache?.bytes ?? 0 };
}

/**
 * Marks the cached copies of these paths (any query string, any letter case) outdated: pages that show a figure
 * changed without a content write, such as an academy item's view count after a batch of views is written. Once a
 * copy is REFRESH_AFTER_MS old, one request renders it again while the others are answered from the copy it
 * replaces, so a page read all the time never makes its readers wait for a render.
 */
export function refreshCachedPages(paths: string[]) {
  const wanted = new Set(paths.map((p) => p.toLowerCase()));
  for (const key of entries().keys()) {
    if (!wanted.has((key.split("?")[0] ?? "").toLowerCase())) continue;
    const entry = entries().stale(key);
    if (entry) entry.outdated = true;
  }
}

/**
 * How old an outdated entry gets before it is rendered again: a render holds the event loop for tens of
 * milliseconds, and a page read all the time whose figure changes every second would otherwise spend that every
 * second, in every reader's latency (the academy item's p99 at 50 connections went from 5 to 90-110 ms).
 */
export const REFRESH_AFTER_MS = 5_000;

/**
 * Requests that claimed an outdated entry's render on the fast path: the middleware renders for them instead of
 * answering them from the entry they claimed.
 */
const claimants = new WeakSet<IncomingMessage>();

/**
 * The entry answers this request: it exists, and it is current, or its render is not yet due, or another request
 * has already gone on to render it. The first request after an outdated entry's render falls due claims that
 * render (false); it is claimed at once, on the request's own turn, so the requests that arrive while the
 * claimant is on its way to the renderer are answered from the entry rather than queued behind the render.
 */
function answers(key: string, entry: Entry | undefined): entry is Entry {
  if (entry === undefined) return false;
  if (!entry.outdated || rendering.has(key)) return true;
  const now = Date.now();
  if (now - entry.storedAt < REFRESH_AFTER_MS) return true;
  if (entry.refreshClaimedAt !== undefined && now - entry.refreshClaimedAt < REFRESH_AFTER_MS) return true;
  entry.refreshClaimedAt = now;
  return false;
}

/** If-None-Match names one of the entry's tags (weak comparison, as RFC 9110 asks for it; "*" matches any). */
function notModified(headers: IncomingHttpHeaders, entry: Entry): boolean {
  const wanted = headers["if-none-match"];
  if (!wanted) return false;
  if (wanted.trim() === "*") return true;
  const tags = [entry.identity.etag, entry.gzip?.etag, entry.br?.etag];
  return wanted.split(",").some((tag) => tags.includes(tag.trim().replace(/^W\//, "")));
}

/** The status, headers and body (none for HEAD or a 304) that answer `req` from `entry`. */
function answer(
  req: { method?: string; headers: IncomingHttpHeaders },
  entry: Entry,
): { status: number; headers: string[]; body?: Buffer } {
  const { br, gzip } = acceptsEncoding(req.headers);
  const form = (br && entry.br) || (gzip && entry.gzip) || entry.identity;
  if (notModified(req.headers, entry)) return { status: 304, headers: form.notModified };
  return {
    status: entry.status,
    headers: form.ok,
    body: req.method === "HEAD" ? undefined : form.body,
  };
}

/**
 * The fast path, which server.ts runs for every request before Express: a cache hit at a content version known
 * without a query is written from the entry's prepared headers and bytes. Returns the status sent, or 0 when the
 * request is not such a hit and must go through Express. A request with a body is never a hit.
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse): number {
  const path = pathOf(req.url);
  if (path === undefined || req.headers["content-length"] || req.headers["transfer-encoding"]) return 0;
  if (!isCacheableRequest({ method: req.method, path, headers: req.headers })) return 0;
  const version = contentVersionKnown();
  if (version === undefined) return 0;
  const key = cacheKey(req.url as string);
  const entry = entries().get(key, version);
  if (!answers(key, entry)) {
    if (entry) claimants.add(req);
    return 0;
  }
  compress(key, entry);
  const { status, headers, body } = answer(req, entry);
  res.writeHead(status, headers);
  res.end(body);
  lookups.hits++;
  return status;
}

/** Express: a hit after the version had to be read (or a stale entry during an outage). */
function sendFromExpress(req: Request, res: Response, key: string, entry: Entry) {
  lookups.hits++;
  compress(key, entry);
  const { status, headers, body } = answer(req, entry);
  // A name that comes more than once (two Link headers) is set once with all its values.
  const byName = new Map<string, string[]>();
  for (let i = 0; i < headers.length; i += 2) {
    const name = (headers[i] as string).toLowerCase();
    byName.set(name, [...(byName.get(name) ?? []), headers[i + 1] as string]);
  }
  for (const [name, values] of byName)
    res.setHeader(name, values.length === 1 ? (values[0] as string) : values);
  // The security middleware set X-Frame-Options: DENY before the lookup; an answer rendered without it (an
  // embedded form, framed by the sites its CSP names) is replayed without it.
  if (!byName.has("x-frame-options")) res.removeHeader("X-Frame-Options");
  res.status(status).end(body);
}

/**
 * The headers a miss sent that every hit replays (a header sent more than once, once per value), with Vary naming
 * Accept-Encoding (hits may be compressed).
 */
function replayedHeaders(res: Response): string[] {
  const pairs: string[] = [];
  let vary = "";
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.includes(name)) continue;
    if (name === "vary") vary = Array.isArray(value) ? value.join(", ") : String(value);
    else for (const text of Array.isArray(value) ? value : [value]) pairs.push(name, String(text));
  }
  if (!/accept-encoding|\*/i.test(vary)) vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  pairs.push("vary", vary);
  return pairs;
}

/** One encoding of a page, its headers prepared: `tag` is the page's hash, `coding` the encoding (or none). */
function representation(
  replayed: string[],
  body: Buffer,
  tag: string,
  coding?: "gzip" | "br",
): Representation {
  const etag = `"${tag}${coding ? `-${coding}` : ""}"`;
  const notModified = [...replayed, "ETag", etag, "X-Cache", "HIT"];
  const ok = [...notModified, "Content-Length", String(body.length)];
  if (coding) ok.push("Content-Encoding", coding);
  return { body, etag, ok, notModified };
}

/** Every Content-Security-Policy header of the response. */
function cspHeaders(res: Response): string[] {
  const csp = res.getHeader("content-security-policy");
  if (csp === undefined) return [];
  return Array.isArray(csp) ? csp : [String(csp)];
}

function store(key: string, version: number, res: Response, chunks: Buffer[]) {
  const body = Buffer.concat(chunks);
  const tag = createHash("sha256").update(body).digest("base64url").slice(0, 32);
  const replayed = replayedHeaders(res);
  const replaced = entries().stale(key);
  const entry: Entry = {
    status: res.statusCode,
    replayed,
    identity: representation(replayed, body, tag),
    storedAt: Date.now(),
  };
  entries().set(key, version, entry);
  // A page rendered again because a figure on it changed is read all the time: its copies are wanted at once.
  if (replaced?.outdated) compress(key, entry);
}

/**
 * Brotli's quality for the cached copies. On our pages (100-120 KB of HTML) quality 5 takes 2-7 ms and gives 10 %
 * less than gzip -9; 11, the best, saves 8-10 % more but takes 120-140 ms, paid again each time an entry is
 * rendered anew (an academy item, after every batch of views is written).
 */
const BROTLI_QUALITY = 5;

/**
 * Makes an entry's gzip and brotli copies, once, in libuv's thread pool (never on a request), and counts them
 * against the budget once they exist (unless the entry went meanwhile). Started at the entry's first hit: a page asked for once (a search nobody repeats)
 * costs no compression, and until the copies exist a hit is answered plain.
 */
function compress(key: string, entry: Entry) {
  if (entry.compressing || entry.gzip) return;
  entry.compressing = true;
  const { body } = entry.identity;
  const tag = entry.identity.etag.slice(1, -1);
  Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]).then(
    ([zipped, brotli]) => {
      if (entries().stale(key) !== entry) return;
      entry.gzip = representation(entry.replayed, zipped, tag, "gzip");
      entry.br = representation(entry.replayed, brotli, tag, "br");
      entries().resized(key);
    },
    (error) => logger.warn({ err: error }, "page cache: could not compress an entry"),
  );
}

/** Express middleware: serves hits, records cacheable misses, sets CDN headers and ETags on public pages. */
export function pageCache() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isCacheableRequest(req)) return next();
    const key = cacheKey(req.originalUrl);
    // The render sees only what the key keeps, so the entry is right for every URL with this key.
    req.url = key;
    let version: number;
    try {
      version = await contentVersionNow();
    } catch (error) {
      // The database is unreachable: a cached page is better than an error page.
      const stale = entries().stale(key);
      if (stale) return sendFromExpress(req, res, key, stale);
      logger.warn({ err: error }, "page cache: content version unavailable");
      return next();
    }
    const cached = entries().get(key, version);
    // The request that claimed an outdated entry's render renders it (unless a fresh copy has arrived meanwhile).
    const claimed = claimants.has(req) && cached?.outdated;
    if (!claimed && answers(key, cached)) return sendFromExpress(req, res, key, cached);
    if (req.method === "HEAD") {
      lookups.misses++;
      return next();
    }
    // Single flight: while one request renders this page (after a write, or after a batch of academy views
    // dropped it), the others wait for its entry rather than all rendering the same page at once.
    const underway = rendering.get(key);
    let settle = () => {};
    if (underway) {
      await underway;
      const rendered = entries().get(key, version);
      if (rendered) return sendFromExpress(req, res, key, rendered);
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
    lookups.misses++;
    next();
  };
}
