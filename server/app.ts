// The HTTP application: health check, uploads, then React Router for every page, action and resource route.
// Vite bundles this file as the server build's entry, so it shares modules with the routes.
import type { IncomingMessage, ServerResponse } from "node:http";
import * as build from "virtual:react-router/server-build";
import express, { type Request, type Response } from "express";
import { RouterContextProvider } from "react-router";
import { staticMarkupContext } from "~/blocks/static-html.server";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import {
  clientAddress,
  type Framing,
  framingContext,
  requestInfoContext,
} from "~/infra/request-context.server";
import { isEmbedPath } from "~/lib/form-builder/embedding";
import { dataRequestPage, isBackOfficePath, routedPath } from "~/lib/routed-path";
import { onAcademyViewsFlushed } from "~/models/analytics-collector.server";
import { databaseHealth } from "~/models/health.server";
import { collectPageViews, countAnswered, HitView, pageViewBeacon } from "./analytics";
import { serveCachedContentRead } from "./api-reads";
import { checkedBody, isContentApiPath, limitRequestBodies } from "./body-limit";
import { metricsEndpoint, readinessEndpoint } from "./metrics";
import { pageCache, refreshCachedPages, serveCachedPage } from "./page-cache";
import { pathOf } from "./page-requests";
import { type PublicPolicy, reactRouterHandler } from "./react-router-handler";
import { applyRedirects, collectNotFound } from "./redirects";
import { API, countRequest, countWhenAnswered, PAGE_HIT } from "./request-counts";
import { renewAdminSession } from "./rolling-session";
import {
  API_CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  currentThirdPartySources,
  freshNonce,
  joinSources,
  none,
  securityHeaders,
} from "./security-headers";

export { env } from "~/env.server";
export { createLogger, logger } from "~/infra/logger.server";
export { adminCli, shutdown, startup } from "./lifecycle";
export { handleUpgrade } from "./realtime";

const isHttps = () => env().baseUrl.startsWith("https://");

/**
 * Headers for every response, static files included (server.ts mounts this before express.static): the one list
 * in server/security-headers.ts, HSTS on https. Cache hits replay what their render was sent with.
 */
export const staticSecurityHeaders = securityHeaders(isHttps);

export const app = express();
app.disable("x-powered-by");
// false, a hop count or the proxies' addresses (TRUST_PROXY): req.ip is then the right-most address no trusted
// proxy vouches for, never simply the left-most X-Forwarded-For entry, which the client writes itself.
app.set("trust proxy", env().trustProxy);
app.use(staticSecurityHeaders);
app.use(limitRequestBodies);

// The Content-Security-Policy, by area (decided on the path the router matches, so "/%61dmin" is the back office):
// - the content API answers JSON, which runs nothing: its policy allows nothing;
// - the back office (never cached) gets a fresh nonce per answer and no third-party host: nothing of the public
//   site's analytics or chat runs there;
// - public answers name their inline scripts by hash (server/react-router-handler.ts sets the policy of a
//   document once its HTML is complete; other answers get it without hashes), with the third-party hosts of the
//   analytics and chat settings that are on, so a cached page is the same bytes for everyone; a page showing a
//   built form's captcha adds that provider's hosts (found in its finished HTML, like the hashes); an embedded
//   form (/embed/…, on other sites) names no host of the site's own: no analytics or chat of ours runs in someone
//   else's page (its captcha's hosts still come from its HTML).
// Vite's dev server injects scripts of its own: the policy guards production builds.
app.use(async (req, res, next) => {
  const path = routedPath(req.originalUrl);
  if (isContentApiPath(path)) {
    res.locals.nonce = "";
    res.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
    return next();
  }
  const production = env().nodeEnv !== "development";
  if (isBackOfficePath(path)) {
    const nonce = freshNonce();
    res.locals.nonce = nonce;
    if (production) {
      res.set("Content-Security-Policy", contentSecurityPolicy({ nonce, https: isHttps(), sources: none() }));
    }
    return next();
  }
  res.locals.nonce = "";
  if (production) {
    const sources = isEmbedPath(path) ? none() : await currentThirdPartySources();
    const policy: PublicPolicy = (hashes, extra, frameAncestors) =>
      contentSecurityPolicy({
        hashes,
        https: isHttps(),
        sources: extra ? joinSources(sources, extra) : sources,
        frameAncestors,
      });
    res.locals.publicPolicy = policy;
    res.set("Content-Security-Policy", policy([]));
  }
  next();
});

// CSRF: a state-changing request from a browser must come from our own origin. React Router aborts actions whose
// Origin differs from the request URL and better-auth checks its own endpoints; this refuses them early with a
// plain 403, and also catches browsers that omit Origin but say the request is cross-site. Key-authenticated
// content API calls (no cookies involved) are exempt: whatever React Router will route to the content API, however
// the path is cased or spelled. So are, deliberately, the two receivers of other servers' POSTs, which act on a
// signed token or signature and never on a cookie: newsletters' one-click unsubscribe (RFC 8058: mailbox providers
// POST it from their own servers) and the mail providers' bounce webhooks. A built form's submission and funnel
// beacon are judged by their route instead, against the other sites the form lists (ADR 058; the same refusal for
// any other origin, as JSON). Nothing else.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SERVER_TO_SERVER = /^\/api\/newsletter\/(unsubscribe|webhooks)\/[^/]+$/;
const FORM_POSTS = /^\/api\/forms\/[^/]+(\/events)?$/;
app.use((req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const path = routedPath(req.originalUrl);
  if (isContentApiPath(path) || SERVER_TO_SERVER.test(path) || FORM_POSTS.test(path)) return next();
  const origin = req.get("origin");
  const own = new Set([new URL(env().baseUrl).origin, `${req.protocol}://${req.get("host")}`]);
  const crossSite = origin ? !own.has(origin) : req.get("sec-fetch-site") === "cross-site";
  if (crossSite) {
    logger.warn({ origin, path: req.path }, "cross-site request refused");
    res.status(403).set("Cache-Control", "no-store").type("text/plain").send("Cross-site request refused.");
    return;
  }
  next();
});

app.get("/healthz", async (_req, res) => {
  const health = await databaseHealth();
  res
    .status(health.reachable ? 200 : 503)
    .set("Cache-Control", "no-store")
    .json({ status: health.reachable ? "ok" : "degraded", database: health });
});
// Whether this instance can serve (load balancers), and the figures for the operator's scraper: both before the
// next step rewrites X-Forwarded-For, which /metrics reads to refuse requests a proxy relayed (ADR 052).
app.get("/healthz/ready", readinessEndpoint);
app.get("/metrics", metricsEndpoint);

// better-auth reads the client address from X-Forwarded-For. Replace whatever the client sent with the address
// Express trusts (the socket, or the proxy chain when TRUST_PROXY is on), so nobody can spoof their way past
// the sign-in rate limits. (better-auth counts IPv6 clients per /64 itself; the full address goes to the audit log.)
app.use((req, _res, next) => {
  req.headers["x-forwarded-for"] = clientAddress(req.ip ?? req.socket.remoteAddress ?? "");
  next();
});

// Rolling sessions: the renewed session cookie goes out with the admin pages that used it.
app.use(renewAdminSession);

// Client-side navigations' page views (the beacon), and every public page view, cache hits included.
app.post("/api/event", pageViewBeacon);
app.use(collectPageViews());
// An academy item shows its view count: once a batch of views is written its cached page is rendered again by the
// next request once the copy is five seconds old (the others meanwhile get that copy), so the count shown lags by a
// few seconds (docs/decisions/015-analytics.md).
onAcademyViewsFlushed((slugs) => refreshCachedPages(slugs.map((slug) => `/academy/${slug}`)));

// Redirected paths are answered before the page cache; public 404s go to the 404 monitor (ADR 018).
app.use(collectNotFound());
app.use(applyRedirects());

// Anonymous GETs of public pages are served from memory while the content version is unchanged.
app.use(pageCache());

/**
 * What a route can know of the request beyond the Web Request (the client's address and the nonce, if any), and
 * can say of its answer beyond the Web Response (the sites that may frame it).
 */
function loadContext(req: Request, res: Response): RouterContextProvider {
  const context = new RouterContextProvider();
  const nonce = String(res.locals.nonce ?? "");
  const ip = clientAddress(req.ip ?? req.socket.remoteAddress ?? "") || "unknown";
  context.set(requestInfoContext, { ip, nonce });
  // What the route allows of frames, read back when its answer is written (server/react-router-handler.ts).
  const framing: Framing = { ancestors: null };
  res.locals.framing = framing;
  context.set(framingContext, framing);
  // A document carries its static blocks' markup once, in the page; a client navigation's data carries it.
  if (dataRequestPage(req.path) === null) context.set(staticMarkupContext, new Map());
  return context;
}
// React Router reads the body limitRequestBodies checked, not the socket.
app.use(reactRouterHandler(build, loadContext, checkedBody));

/**
 * An Express view of a request answered before Express: the getters Express computes (ip and hostname under our
 * trust proxy setting, path, get) without the router's per-request set-up.
 */
function expressView(req: Pick<IncomingMessage, "headers" | "socket" | "method" | "url">): Request {
  const view = Object.create(app.request) as Request;
  view.headers = req.headers;
  view.socket = req.socket;
  view.method = req.method as string;
  view.url = req.url as string;
  view.originalUrl = req.url as string;
  return view;
}

/** Per connection: the headers the client's address and host name come from, and both as Express computes them. */
const connectionClients = new WeakMap<object, { from: string; ip: string; hostname: string }>();

/**
 * The client's address and host name as Express computes them (the socket's address, X-Forwarded-For and
 * X-Forwarded-Host under the trust proxy setting, Host), computed again only when one of the headers they come from
 * differs from the connection's previous request: a keep-alive connection's hits do not each walk the proxy chain.
 */
function clientOf(req: IncomingMessage): { ip: string; hostname: string } {
  const { headers } = req;
  const from = `${headers["x-forwarded-for"] ?? ""}\n${headers["x-forwarded-host"] ?? ""}\n${headers.host ?? ""}`;
  const known = connectionClients.get(req.socket);
  if (known?.from === from) return known;
  const view = expressView(req);
  const client = { from, ip: view.ip ?? "", hostname: view.hostname };
  connectionClients.set(req.socket, client);
  return client;
}

/** A page cache hit (its target always a path) as counting a view reads it. */
function hitView(req: IncomingMessage): HitView {
  const { ip, hostname } = clientOf(req);
  return new HitView(req, pathOf(req.url) ?? "/", ip, hostname);
}

/**
 * The fast path, which server.ts runs for every request before Express: a page cache hit at a content version
 * known without a query is answered from the entry's constant bytes (server/page-cache.ts) and counted like any
 * page view; so is a content API read with a verified key (server/api-reads.ts). Returns false for everything
 * else, which then goes through Express (docs/decisions/041-one-hit-path.md). Every request is counted for
 * /metrics here, the one place both paths pass: at once when answered from memory, else once Express answers.
 */
export function serveFromMemory(req: IncomingMessage, res: ServerResponse): boolean {
  const status = serveCachedPage(req, res);
  if (status) {
    countRequest(PAGE_HIT, status);
    countAnswered(hitView(req), status);
    return true;
  }
  const read = serveCachedContentRead(req, res);
  if (read) {
    countRequest(API, read);
    return true;
  }
  countWhenAnswered(res);
  return false;
}
