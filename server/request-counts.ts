// Requests answered, by route class and status, counted for /metrics (docs/decisions/052-metrics-and-readiness.md).
// serveFromMemory (server/app.ts), which server.ts runs for every request, is the one place that counts: a request
// it answers from memory (a page cache hit, a content API read) is counted there and then, with the status it
// sent; any other is counted when Express has answered it. A count is one increment in a typed array: no label
// object, no string, no closure per request. prom-client reads the array when /metrics is scraped (server/metrics.ts).
//
// The route class is one of a fixed few, never the path, so the figures stay a bounded set whatever is requested.
import type { IncomingMessage, ServerResponse } from "node:http";
import { dataRequestPage, routedPath } from "~/lib/routed-path";

/** The route classes, in the order of their numbers below. */
export const ROUTE_CLASSES = ["page-hit", "page", "asset", "api", "admin", "lead-post", "other"] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

/** A page cache hit, answered before Express or (after the content version had to be read) by it. */
export const PAGE_HIT = 0;
const PAGE = 1;
const ASSET = 2;
/** The content API and every other resource route under /api/ (its reads answered from memory included). */
export const API = 3;
const ADMIN = 4;
const LEAD_POST = 5;
const OTHER = 6;

/** One slot per status code 0-599 (0: anything outside 100-599). */
const STATUSES = 600;
const counts = new Float64Array(ROUTE_CLASSES.length * STATUSES);

/** Counts one answer of class `routeClass` (PAGE_HIT, API) with `status`. */
export function countRequest(routeClass: number, status: number): void {
  const slot = routeClass * STATUSES + (status >= 100 && status < STATUSES ? status : 0);
  counts[slot] = (counts[slot] as number) + 1;
}

/** Every class and status counted so far, with its total. */
export function requestCounts(): { routeClass: RouteClass; status: number; count: number }[] {
  const found: { routeClass: RouteClass; status: number; count: number }[] = [];
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i] as number;
    if (count > 0) {
      found.push({
        routeClass: ROUTE_CLASSES[Math.floor(i / STATUSES)] as RouteClass,
        status: i % STATUSES,
        count,
      });
    }
  }
  return found;
}

/** The POSTs that send a lead: the forms' endpoint, and the contact page's own action (no JavaScript). */
const LEAD_POSTS = new Set(["/api/leads", "/contact", "/contact.data"]);

/** The class of a request Express answered; `hit` when it was answered from the page cache. */
export function routeClassOf(method: string | undefined, url: string, hit: boolean): RouteClass {
  return ROUTE_CLASSES[classNumber(method, url, hit)] as RouteClass;
}

function classNumber(method: string | undefined, url: string, hit: boolean): number {
  if (hit) return PAGE_HIT;
  let path: string;
  try {
    path = routedPath(url);
  } catch {
    return OTHER;
  }
  if (path.startsWith("/admin")) return ADMIN;
  if (method === "POST" && LEAD_POSTS.has(path)) return LEAD_POST;
  if (path.startsWith("/api/") || path.startsWith("/functions/")) return API;
  if (path.startsWith("/assets/") || path.startsWith("/uploads/")) return ASSET;
  if (path === "/metrics" || path === "/healthz" || path.startsWith("/healthz/")) return OTHER;
  if (dataRequestPage(path) !== null) return PAGE;
  // Files of the build's client folder (favicon, manifest, fonts), robots.txt, the feeds.
  if (/\.[a-z0-9]+$/.test(path)) return ASSET;
  return method === "GET" || method === "HEAD" ? PAGE : OTHER;
}

/** The 'finish' listener, shared by every response: `this` is the response. */
function answered(this: ServerResponse): void {
  const req = this.req as IncomingMessage & { originalUrl?: string };
  // Express keeps the URL as received in originalUrl (a router mounted at a path shortens req.url).
  const url = req.originalUrl ?? req.url ?? "/";
  countRequest(classNumber(req.method, url, this.getHeader("x-cache") === "HIT"), this.statusCode);
}

/** Counts the request once its answer is sent (a request that goes on to Express). */
export function countWhenAnswered(res: ServerResponse): void {
  res.once("finish", answered);
}
