// Serving GET /uploads/<key> from the object store.
import { objectStore } from "./configured-store.server";
import { isSafeKey, type ObjectStore } from "./object-store.server";

/** The response for GET /uploads/<key>: long-lived immutable caching, range requests for media seeking. */
export async function serveUpload(
  key: string,
  request: Request,
  store: ObjectStore = objectStore(),
): Promise<Response> {
  // isSafeKey refuses every private key (what visitors attach to forms): those are never served here.
  if (!isSafeKey(key)) return new Response("Not found", { status: 404 });
  const etag = `"${key.split("/")[1]?.split(".")[0]}"`;
  const headers = new Headers({
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const object = await store.get(key, request.headers.get("range"));
  if (!object) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  headers.set("Content-Type", object.contentType);
  if (object.range) {
    headers.set("Content-Range", `bytes ${object.range.start}-${object.range.end}/${object.size}`);
    headers.set("Content-Length", String(object.range.end - object.range.start + 1));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { status: 200, headers });
}
