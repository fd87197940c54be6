// Renders every page to a complete HTML document before responding (no streaming): pages are small, their
// loaders are not deferred, and a complete document can be cached, compressed and given an ETag.
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { StaticMarkup } from "~/blocks/public-blocks";
import { staticMarkupContext } from "~/blocks/static-html.server";
import { InlineCss } from "~/components/ui/stylesheet";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "~/db/sql-helpers.server";
import { isBodyRefused } from "~/infra/body-refused.server";
import { builtStylesheet } from "~/infra/built-stylesheet.server";
import { logger } from "~/infra/logger.server";
import { holdScriptsUntilPainted } from "~/infra/paint-first.server";
import { requestInfo } from "~/infra/request-context.server";
import { keepBackOfficeUnstored } from "~/lib/no-store";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A page that failed because the database is unreachable is a temporary outage, not a bug: 503 with
  // Retry-After, so browsers, crawlers and CDNs come back later (the error boundary says what happened).
  const outage = responseStatusCode === 500 && outageRequests.has(request);
  if (outage) {
    responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  keepBackOfficeUnstored(request, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: outage ? 503 : responseStatusCode, headers: responseHeaders });
  }
  // Back-office answers carry a nonce; public pages none (their scripts are allowed by hash, server/app.ts).
  const nonce = requestInfo(loadContext).nonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    let status = outage ? 503 : responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <InlineCss.Provider value={builtStylesheet}>
        <StaticMarkup.Provider value={loadContext.get(staticMarkupContext)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StaticMarkup.Provider>
      </InlineCss.Provider>,
      {
        nonce,
        onAllReady() {
          // The whole document, then one rewrite: its scripts wait for the first paint (paint-first.server.ts).
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            const html = holdScriptsUntilPainted(Buffer.concat(chunks).toString("utf8"), nonce ?? "");
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(html, { headers: responseHeaders, status }));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          logger.error({ err: error, url: request.url }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/** The single-fetch data of a client-side navigation follows the same rule as documents under /admin. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  keepBackOfficeUnstored(request, response.headers);
  return response;
}

/**
 * Requests whose loaders failed because the database is unreachable. handleError sees the original error; by the
 * time handleRequest runs, production builds have replaced it with a sanitized one (no code, no cause).
 */
const outageRequests = new WeakSet<Request>();

export function handleError(error: unknown, { request }: { request: Request }) {
  if (isDatabaseUnavailable(error)) outageRequests.add(request);
  // A body the host refused with 413 while it streamed in: answered, nothing went wrong here.
  if (request.signal.aborted || isBodyRefused(error)) return;
  logger.error({ err: error, url: request.url }, "unhandled error");
}
