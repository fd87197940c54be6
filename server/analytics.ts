// Counting visitors on the server (docs/decisions/015-analytics.md). Placed before the page cache so its hits count
// too. The hot path only decides whether a request is a page view and, once it has been answered, pushes the raw
// facts to the batched writer (app/models/analytics-collector.server.ts), which parses, bot-checks, hashes and
// writes them once a second. Client-side navigations are reported by a beacon (app/components/site/page-view-beacon.tsx)
// to POST /api/event, verified here the same way.
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { env } from "~/env.server";
import { hitRateLimit } from "~/infra/rate-limit.server";
import { clientAddress, clientKey } from "~/infra/request-context.server";
import { isNonPage } from "~/lib/non-page-paths";
import { countAcademyView, recordPageView } from "~/models/analytics-collector.server";

const ACADEMY_ITEM = /^\/academy\/([^/]+?)(?:\.data)?$/;
/** Beacons a client may send per minute; far above anyone reading pages. */
const BEACON_LIMIT = 120;

/** Prefetches (a link's rel=prefetch, speculation rules) load a page nobody is looking at yet. */
export function isPrefetch(req: { get(name: string): string | undefined }): boolean {
  return /prefetch|prerender/i.test(`${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""}`);
}

/** A public page a person reads: not admin, API, assets or uploads, and no file name (robots.txt, x.data). */
export function isCountedPath(path: string): boolean {
  if (isNonPage(path, "analytics")) return false; // app/lib/non-page-paths.ts
  return !/\.[a-z0-9]+$/i.test(path);
}

/** What counting a view reads of a request: an Express request, or a HitView of one answered before Express. */
interface ViewedRequest {
  method: string;
  path: string;
  originalUrl: string;
  hostname: string;
  ip: string | undefined;
  socket: { remoteAddress?: string };
  get(name: string): string | undefined;
}

const ipOf = (req: Pick<ViewedRequest, "ip" | "socket">) =>
  clientAddress(req.ip ?? req.socket.remoteAddress ?? "") || "unknown";

/**
 * A request answered from memory before Express (a page cache hit), as counting a view reads it: its address and
 * host name are given as Express computes them under our trust-proxy setting (server/app.ts keeps them per
 * connection), the rest read from the request itself. One class, so the counting code sees one object shape.
 */
export class HitView {
  readonly method: string;
  readonly path: string;
  readonly originalUrl: string;
  readonly socket: IncomingMessage["socket"];
  readonly #headers: IncomingHttpHeaders;
  constructor(
    req: IncomingMessage,
    path: string,
    readonly ip: string,
    readonly hostname: string,
  ) {
    this.method = req.method ?? "GET";
    this.path = path;
    this.originalUrl = req.url ?? path;
    this.socket = req.socket;
    this.#headers = req.headers;
  }
  /** A header by its lower-case name, as Express's `get` reads it (which takes "Referrer" for "Referer" too). */
  get(name: string): string | undefined {
    const value =
      name === "referer" || name === "referrer"
        ? this.#headers.referrer || this.#headers.referer
        : this.#headers[name];
    return typeof value === "string" ? value : undefined;
  }
}

/** What an answer to this request counts as: a view of an academy item (its slug), a page view, both, or nothing. */
function viewOf(req: ViewedRequest): { academy: string | undefined; page: boolean } | undefined {
  if (req.method !== "GET" || isPrefetch(req)) return undefined;
  const academy = ACADEMY_ITEM.exec(req.path)?.[1];
  const page = isCountedPath(req.path);
  return academy || page ? { academy, page } : undefined;
}

function record(req: ViewedRequest, view: NonNullable<ReturnType<typeof viewOf>>, status: number, at: Date) {
  if (status !== 200 && status !== 304) return;
  // Every load of an academy item counts, whoever loads it (the product's view count, not visitor analytics).
  if (view.academy) countAcademyView(view.academy);
  if (!view.page) return;
  recordPageView({
    at,
    url: req.originalUrl,
    referrer: req.get("referer"),
    host: req.hostname,
    userAgent: req.get("user-agent") ?? "",
    ip: ipOf(req),
  });
}

/**
 * Express middleware: after a 200 (or a 304, a browser revalidating its copy) to a GET of a public page, records a
 * page view; after a GET of an academy item (page or its client-side data), counts one view of that item.
 */
export function collectPageViews() {
  return (req: Request, res: Response, next: NextFunction) => {
    const view = viewOf(req);
    if (!view) return next();
    const at = new Date();
    res.once("finish", () => record(req, view, res.statusCode, at));
    next();
  };
}

/**
 * The same for an answer sent before Express (a cache hit served by server.ts through serveCachedPage): `req` is
 * a HitView of the request (its ip and hostname as Express computes them) and `status` what was sent.
 */
export function countAnswered(req: ViewedRequest, status: number) {
  const view = viewOf(req);
  if (view) record(req, view, status, new Date());
}

/**
 * POST /api/event?u=/path?query: a client-side navigation, sent with navigator.sendBeacon. Counted like a page
 * view if it comes from our own origin, names a counted path and stays within the per-client limit; the answer is
 * always an empty 204 (there is nothing for the page to do with it). Its Referer is our own page, so no source.
 */
export async function pageViewBeacon(req: Request, res: Response) {
  res.status(204).set("Cache-Control", "no-store");
  const origin = req.get("origin");
  const sameOrigin = origin
    ? new Set([new URL(env().baseUrl).origin, `${req.protocol}://${req.get("host")}`]).has(origin)
    : req.get("sec-fetch-site") === "same-origin";
  const url = typeof req.query.u === "string" ? req.query.u : "";
  if (!sameOrigin || !url.startsWith("/") || url.startsWith("//")) return res.end();
  const path = url.split(/[?#]/)[0] ?? "";
  if (!isCountedPath(path)) return res.end();
  const ip = ipOf(req);
  const limit = await hitRateLimit(`event:${clientKey(ip)}`, BEACON_LIMIT, 60).catch(() => ({ ok: false }));
  if (!limit.ok) return res.end();
  recordPageView({
    at: new Date(),
    url,
    host: req.hostname,
    userAgent: req.get("user-agent") ?? "",
    ip,
  });
  res.end();
}
