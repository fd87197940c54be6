// Content API reads kept in memory, serialised and ready to send, under the content version they were read at
// (any write to what they show bumps it). The route (app/routes/api/content-api.ts) fills this cache; the fast path
// in server/app.ts answers from it before Express when the key is already verified (docs/decisions/
// 020-serving-from-memory.md). Keyed by the request's path and query as sent, so two spellings of one query are
// two entries, and a request is only ever answered with what the route answered for that very URL.
import { promisify } from "node:util";
import zlib from "node:zlib";
import { env } from "~/env.server";
import { VersionedCache } from "~/infra/content-version.server";
import { LeasedRateLimit } from "~/infra/rate-limit.server";

interface CachedRead {
  status: 200 | 404;
  /** The JSON document. */
  body: Buffer;
  /** The same, gzip-compressed (made in the background once stored). */
  gzip?: Buffer;
  /** The answer's entity tag (a 200's: the item's version, or derived from a list's items). */
  etag?: string;
}

/** Below this a JSON answer is sent as it is (as the compression middleware does). */
const COMPRESS_FROM_BYTES = 1024;
const gzip = promisify(zlib.gzip);

const reads = new VersionedCache<CachedRead>(500);

/** The answer the route gave to this path and query at this content version, if any. */
export function cachedRead(pathAndQuery: string, version: number): CachedRead | undefined {
  return reads.get(pathAndQuery, version);
}

/**
 * Remembers an answer of the route (200 or 404, already serialised, with its entity tag if any) for this path and
 * query and version.
 */
export function storeRead(
  pathAndQuery: string,
  version: number,
  status: 200 | 404,
  json: string,
  etag?: string,
): CachedRead {
  const read: CachedRead = { status, body: Buffer.from(json), ...(etag ? { etag } : {}) };
  reads.set(pathAndQuery, version, read);
  if (read.body.length >= COMPRESS_FROM_BYTES) {
    gzip(read.body).then(
      (compressed) => {
        read.gzip = compressed;
      },
      () => {
        // Sent uncompressed, as before.
      },
    );
  }
  return read;
}

let perKey: LeasedRateLimit | undefined;

/** The per-key limit of the content API (CONTENT_API_RATE_LIMIT a minute), counted in memory from reserved blocks. */
export function contentApiKeyLimit(): LeasedRateLimit {
  perKey ??= new LeasedRateLimit(env().contentApiRateLimit, 60);
  return perKey;
}

export const contentApiKeyLimitKey = (keyId: string) => `content-api:${keyId}`;
