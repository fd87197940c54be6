// React Router behind Express: the Web Request it handles and the answer written back. In place of
// @react-router/express's adapter for two reasons of ours: the body React Router reads is the one the body limit
// checked (server/body-limit.ts gives it as a stream of its own), and a public document gets the
// Content-Security-Policy that names its inline scripts by hash (and allows the hosts of a captcha it shows),
// computed from the finished HTML (pages are rendered whole, app/entry.server.tsx), so the page cache stores
// constant bytes with their policy.
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { Framing } from "~/infra/request-context.server";
import { type CspSources, captchaSourcesIn, inlineScriptHashes } from "./security-headers";

/**
 * The policy of a public answer for the hashes of its inline scripts, the sources its content needs besides the
 * site's own (a captcha's) and the other sites that may frame it, if any (set by the security middleware).
 */
export type PublicPolicy = (
  hashes: string[],
  extra?: CspSources,
  frameAncestors?: readonly string[] | null,
) => string;

/** The headers a client sent, as a Web Headers object (repeated ones appended). */
export function webHeaders(req: Pick<IncomingMessage, "headers">): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** The host and port the client asked for, as @react-router/express resolves them. */
function hostOf(req: Request): string {
  const forwarded = req.app.enabled("trust proxy") ? req.get("x-forwarded-host")?.split(":")[1] : undefined;
  const port = [forwarded, req.get("host")?.split(":")[1]]
    .map((text) => Number.parseInt(text ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const name = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return port === undefined ? name : `${name}:${port}`;
}

/**
 * The Web Request React Router handles: `req.url` (the page cache may have narrowed its query to what the route
 * reads) on the host Express resolved (X-Forwarded-Host only under TRUST_PROXY), aborted when the client goes away
 * before the answer is complete, with `body` as its body.
 */
function webRequest(req: Request, res: Response, body: Readable): globalThis.Request {
  const url = new URL(req.url, `${req.protocol}://${hostOf(req)}`);
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: webHeaders(req),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(body);
    init.duplex = "half";
  }
  return new Request(url, init);
}

async function send(res: Response, answer: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await answer.body?.cancel();
    return;
  }
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.append(name, value);
  const policy = res.locals.publicPolicy as PublicPolicy | undefined;
  // A route that lets other sites frame its answer (an embedded form: app/infra/request-context.server.ts) names
  // them; every other answer keeps X-Frame-Options: DENY and frame-ancestors 'none'.
  const ancestors = (res.locals.framing as Framing | undefined)?.ancestors ?? null;
  const ownPolicy = answer.headers.has("content-security-policy");
  if (ancestors) {
    res.removeHeader("X-Frame-Options");
    if (policy && !ownPolicy) res.setHeader("Content-Security-Policy", policy([], undefined, ancestors));
  }
  // A document of ours; an answer with a policy of its own (an uploaded file's sandbox) keeps both, as sent.
  const document = /^text\/html\b/i.test(answer.headers.get("content-type") ?? "") && !ownPolicy;
  if (policy && answer.body && document) {
    const html = await answer.text();
    res.setHeader(
      "Content-Security-Policy",
      policy(inlineScriptHashes(html), captchaSourcesIn(html), ancestors),
    );
    res.end(html);
    return;
  }
  if (/^text\/event-stream\b/i.test(answer.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!answer.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(answer.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

/** Express middleware running React Router on `bodyOf(req)`, with the load context `contextOf` makes. */
export function reactRouterHandler(
  build: ServerBuild,
  contextOf: (req: Request, res: Response) => RouterContextProvider,
  bodyOf: (req: Request) => Readable,
) {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      await send(res, await handle(webRequest(req, res, bodyOf(req)), contextOf(req, res)));
    } catch (error) {
      next(error);
    }
  };
}
