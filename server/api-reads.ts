// The content API's fast path (server.ts runs it before Express, through serveFromMemory in app.ts): a GET or
// HEAD whose key is already verified and whose exact URL the route has answered at the current content version is
// answered from memory, its hit counted against the key's limit in memory. Anything else (an unknown or changed
// key, a last-used stamp due, a limit block to reserve or a refusal, a first read, a version that must be read)
// returns 0 and takes the route, which gives the same answer and fills the caches for the next request
// (docs/decisions/020-serving-from-memory.md).
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "~/env.server";
import { cachedRead, contentApiKeyLimit, contentApiKeyLimitKey } from "~/infra/content-api-reads.server";
import { contentVersionKnown } from "~/infra/content-version.server";
import { CONTENT_PERMISSION } from "~/lib/api-keys";
import { CONTENT_API_BASE_PATH } from "~/lib/content-api-schemas";
import { verifiedKeyNow } from "~/models/api-keys.server";
import { acceptsGzip } from "./page-requests";
import { API_CONTENT_SECURITY_POLICY, baseSecurityHeaders } from "./security-headers";

const PREFIX = `${CONTENT_API_BASE_PATH}/`;
let fixedHeaders: string[] | undefined;

/** What every answer of the route carries besides its body's length and encoding. */
function headers(): string[] {
  fixedHeaders ??= [
    ...Object.entries(baseSecurityHeaders(env().baseUrl.startsWith("https://"))).flat(),
    "Content-Security-Policy",
    API_CONTENT_SECURITY_POLICY,
    "Cache-Control",
    "no-store",
    "Content-Type",
    // What the route's answers carry once through Express.
    "application/json; charset=utf-8",
    "Vary",
    "Accept-Encoding",
  ];
  return fixedHeaders;
}

/** Answers a cached content API read and returns the status sent; 0 when the route has to answer. */
export function serveCachedContentRead(req: IncomingMessage, res: ServerResponse): number {
  if (req.method !== "GET" && req.method !== "HEAD") return 0;
  const url = req.url;
  if (!url?.startsWith(PREFIX) || req.headers["content-length"] || req.headers["transfer-encoding"]) return 0;
  const presented = req.headers["x-api-key"];
  if (typeof presented !== "string") return 0;
  const key = verifiedKeyNow(presented, CONTENT_PERMISSION);
  if (!key) return 0;
  const version = contentVersionKnown();
  if (version === undefined) return 0;
  const read = cachedRead(url, version);
  if (!read) return 0;
  const limit = contentApiKeyLimit().hitNow(contentApiKeyLimitKey(key.id));
  // A refusal (429) or a block to reserve: the route answers, with the same limiter.
  if (!limit?.ok) return 0;
  const body = read.gzip && acceptsGzip(req.headers) ? read.gzip : read.body;
  const answer = [...headers(), "Content-Length", String(body.length)];
  if (read.etag) answer.push("ETag", read.etag);
  if (body !== read.body) answer.push("Content-Encoding", "gzip");
  res.writeHead(read.status, answer);
  res.end(req.method === "HEAD" ? undefined : body);
  return read.status;
}
