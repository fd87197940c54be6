// Redirects and the 404 monitor at the HTTP layer (docs/decisions/018-redirects-and-404-monitor.md). Placed before
// the page cache: a GET or HEAD of a redirected path is answered here, whatever a cached copy says; every other
// public GET that ends in a 404 is handed to the monitor's batched counter.
import type { NextFunction, Request, Response } from "express";
import { encodedTarget, isNonPagePath, pathKey, redirectLocation } from "~/lib/redirect-paths";
import { dataRequestPage } from "~/lib/routed-path";
import { recordNotFound } from "~/models/not-found-monitor.server";
import { countRedirectHit, findRedirect } from "~/models/redirects.server";
import { isPrefetch } from "./analytics";

/** The page a request is for: its path, and for a client navigation's data request the page's own path. */
function pagePath(path: string): { path: string; data: boolean } {
  const page = dataRequestPage(path);
  return page === null ? { path, data: false } : { path: page, data: true };
}

/** The request's query string without React Router's own data-request parameters. */
function visitorQuery(req: Request, data: boolean): string {
  const at = req.originalUrl.indexOf("?");
  if (at === -1) return "";
  const query = req.originalUrl.slice(at + 1);
  if (!data) return query;
  const params = new URLSearchParams(query);
  params.delete("_routes");
  return params.toString();
}

/** How long browsers and CDNs keep a redirect: briefly, so a removed or changed one takes effect soon. */
const REDIRECT_CACHE_CONTROL = "public, max-age=300, s-maxage=60";

/**
 * Express middleware: answers a GET or HEAD of a redirected public path with its 301 or 302, the request's query
 * string added to the target. A client-side navigation's data request gets React Router's redirect answer (204
 * with X-Remix-Redirect), so the router follows it as it follows a loader's redirect.
 */
export function applyRedirects() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const { path, data } = pagePath(req.path);
    if (isNonPagePath(path)) return next();
    const redirect = await findRedirect(pathKey(path));
    if (!redirect) return next();
    countRedirectHit(redirect.id);
    // Encoded again with the request's query string added: a header can only carry a valid, ASCII URL.
    const location = encodedTarget(redirectLocation(redirect.toUrl, visitorQuery(req, data)));
    res.set("Cache-Control", REDIRECT_CACHE_CONTROL);
    if (data) {
      res.status(204).set({ "X-Remix-Redirect": location, "X-Remix-Status": String(redirect.statusCode) });
      // A redirect to another site leaves the app: the router then loads it as a new document.
      if (!location.startsWith("/")) res.set("X-Remix-Reload-Document", "true");
      res.end();
      return;
    }
    res.redirect(redirect.statusCode, location);
  };
}

/** Express middleware: hands every public GET answered 404 (a page or its data request) to the 404 monitor. */
export function collectNotFound() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || isPrefetch(req)) return next();
    const { path } = pagePath(req.path);
    if (isNonPagePath(path)) return next();
    res.once("finish", () => {
      if (res.statusCode !== 404) return;
      recordNotFound({
        path,
        referrer: req.get("referer"),
        userAgent: req.get("user-agent") ?? "",
        at: new Date(),
        client: req.ip ?? req.socket.remoteAddress,
      });
    });
    next();
  };
}
