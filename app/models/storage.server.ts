// Uploaded media: one storage module with buckets (size limit + allowed MIME types, checked against the type
// sniffed from the file's first bytes), stored on local disk under DATA_DIR/uploads or in an S3-compatible
// bucket when S3_BUCKET is set. Object keys are content hashes, so a URL never changes content and can be cached
// forever. Uploaded images also get responsive copies (AVIF and WebP at a few widths) made with sharp.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { env } from "~/env.server";
import { logger } from "~/lib/logger.server";
import {
  BUCKETS,
  type BucketName,
  formatBytes,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  isBucketName,
  variantUrl,
} from "~/lib/uploads";
import { type AuditContext, auditAs } from "~/models/audit.server";

export { BUCKETS, type BucketName };

/** A failed upload with the HTTP status and message the client gets (413 too large, 415 wrong type, 400 other). */
export class UploadError extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 500,
    message: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Object stores

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
  /** Set when a byte range was served (HTTP 206). */
  range?: { start: number; end: number };
}

export interface ObjectStore {
  kind: "local" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object, or undefined when there is none. `range` is a Range header value (one range supported). */
  get(key: string, range?: string | null): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  mp4: "video/mp4",
  m4v: "video/x-m4v",
  webm: "video/webm",
  mov: "video/quicktime",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  flac: "audio/flac",
};

export function contentTypeForKey(key: string): string {
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

/** Keys are `<bucket>/<file>` with a safe file name; anything else (.., slashes, odd characters) is refused. */
export function isSafeKey(key: string): boolean {
  return /^[a-z]+\/[a-f0-9]{16,64}(-\d{2,4}w)?\.[a-z0-9]{2,5}$/.test(key);
}

function parseRange(
  header: string | null | undefined,
  size: number,
): { start: number; end: number } | undefined {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || size === 0) return undefined;
  let start: number;
  let end: number;
  if (m[1] === "" && m[2] !== "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : undefined;
}

export function localStore(root: string): ObjectStore {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));
  return {
    kind: "local",
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
    },
    async get(key, rangeHeader) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const range = parseRange(rangeHeader, info.size);
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return {
        body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
        size: info.size,
        contentType: contentTypeForKey(key),
        range,
      };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Any S3-compatible service (AWS, R2, MinIO…), signed with SigV4 by aws4fetch; path-style with an endpoint. */
export function s3Store(config: S3Config): ObjectStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
  });
  const base = config.endpoint
    ? `${config.endpoint.replace(/\/+$/, "")}/${config.bucket}`
    : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  const urlOf = (key: string) => `${base}/${key}`;
  return {
    kind: "s3",
    async put(key, body, contentType) {
      const res = await client.fetch(urlOf(key), {
        method: "PUT",
        body: body as Uint8Array<ArrayBuffer>,
        headers: { "Content-Type": contentType, "Cache-Control": "public, max-age=31536000, immutable" },
      });
      if (!res.ok) throw new Error(`S3 PUT ${key} failed with ${res.status}: ${await res.text()}`);
    },
    async get(key, rangeHeader) {
      const headers: Record<string, string> = {};
      if (rangeHeader && /^bytes=\d*-\d*$/.test(rangeHeader)) headers.Range = rangeHeader;
      const res = await client.fetch(urlOf(key), { headers });
      if (res.status === 404 || res.status === 403) return undefined;
      if (!res.ok || !res.body) throw new Error(`S3 GET ${key} failed with ${res.status}`);
      const contentRange = res.headers.get("content-range")?.match(/bytes (\d+)-(\d+)\/(\d+)/);
      return {
        body: res.body,
        size: contentRange ? Number(contentRange[3]) : Number(res.headers.get("content-length") ?? 0),
        contentType: contentTypeForKey(key),
        range: contentRange ? { start: Number(contentRange[1]), end: Number(contentRange[2]) } : undefined,
      };
    },
    async delete(key) {
      const res = await client.fetch(urlOf(key), { method: "DELETE" });
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed with ${res.status}`);
    },
  };
}

let configured: ObjectStore | undefined;

/** The store of this process: S3 when configured, else DATA_DIR/uploads. */
export function objectStore(): ObjectStore {
  if (!configured) {
    const { s3, dataDir } = env();
    configured = s3 ? s3Store(s3) : localStore(path.join(dataDir, "uploads"));
  }
  return configured;
}

// ---------------------------------------------------------------------------------------------------------------
// Accepting an upload

export interface UploadResult {
  /** Where the file is served, e.g. /uploads/images/3f2a….jpg */
  url: string;
  bucket: BucketName;
  mimeType: string;
  size: number;
  width?: number;
  height?: number;
  /** Responsive copies of images (AVIF and WebP). */
  variants: Array<{ url: string; width: number; format: string }>;
}

/** Multipart overhead allowed on top of the file itself before the body is cut off. */
const FORM_OVERHEAD = 64 * 1024;

function tooLarge(bucket: BucketName): UploadError {
  const { label, fileSizeLimit } = BUCKETS[bucket];
  return new UploadError(
    413,
    `The file is too large: the limit for ${label} is ${formatBytes(fileSizeLimit)}.`,
  );
}

function wrongType(bucket: BucketName, detected: string | undefined): UploadError {
  const { label, allowedMimeTypes } = BUCKETS[bucket];
  const allowed = allowedMimeTypes.map((m) => m.split("/")[1]?.toUpperCase()).join(", ");
  const what = detected ? `This file is ${detected}` : "This file's type is not recognised";
  return new UploadError(415, `${what}, which is not allowed for ${label}. Allowed: ${allowed}.`);
}

/** The request body, cut off with a 413 once it grows past `max` bytes (also without a Content-Length). */
function limitedBody(request: Request, max: number, bucket: BucketName): ReadableStream<Uint8Array> | null {
  if (!request.body) return null;
  let seen = 0;
  return request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(tooLarge(bucket));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * Reads a multipart upload (field `file`) into `bucket`: size limit (413), content sniffing against the bucket's
 * MIME list (415), then stores the original and, for images, its responsive copies. On any rejection or failure
 * nothing stays stored.
 */
/**
 * An upload on behalf of `who`, recorded in the audit trail. It does not change what visitors see until a post,
 * item or setting refers to it, and that write bumps the content version.
 */
export async function uploadAs(
  request: Request,
  bucket: BucketName,
  who: AuditContext,
): Promise<UploadResult> {
  const result = await acceptUpload(request, bucket);
  await auditAs(who, {
    action: "upload.create",
    entity: "upload",
    entityId: result.url,
    details: { bucket, mimeType: result.mimeType, size: result.size },
  });
  return result;
}

export async function acceptUpload(
  request: Request,
  bucket: BucketName,
  store: ObjectStore = objectStore(),
): Promise<UploadResult> {
  if (!isBucketName(bucket)) throw new UploadError(400, "Unknown upload bucket.");
  const config = BUCKETS[bucket];
  const max = config.fileSizeLimit + FORM_OVERHEAD;
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > max) throw tooLarge(bucket);

  let form: FormData;
  try {
    const body = limitedBody(request, max, bucket);
    form = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      body,
      duplex: "half",
    } as RequestInit).formData();
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if ((error as { cause?: unknown })?.cause instanceof UploadError)
      throw (error as { cause: UploadError }).cause;
    if (String(error).includes("too large")) throw tooLarge(bucket);
    throw new UploadError(
      400,
      "The upload could not be read. Send the file as multipart/form-data in a field named file.",
    );
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) throw new UploadError(400, "Choose a file to upload.");
  if (file.size === 0) throw new UploadError(400, "The file is empty.");
  if (file.size > config.fileSizeLimit) throw tooLarge(bucket);

  const bytes = new Uint8Array(await file.arrayBuffer());
  // file-type and sharp load on the first upload, not at start-up.
  const { fileTypeFromBuffer } = await import("file-type");
  const sniffed = await fileTypeFromBuffer(bytes);
  const mime = sniffed?.mime.split(";")[0]?.trim();
  if (!sniffed || !mime || !(config.allowedMimeTypes as readonly string[]).includes(mime)) {
    throw wrongType(bucket, mime);
  }

  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const ext = sniffed.ext === "jpeg" ? "jpg" : sniffed.ext;
  const key = `${bucket}/${hash}.${ext}`;
  const url = `/uploads/${key}`;
  const pieces: Array<{ key: string; body: Uint8Array; contentType: string }> = [
    { key, body: bytes, contentType: mime },
  ];
  const result: UploadResult = { url, bucket, mimeType: mime, size: bytes.byteLength, variants: [] };

  if (mime.startsWith("image/")) {
    const { default: sharp } = await import("sharp");
    try {
      const meta = await sharp(bytes).metadata();
      result.width = meta.width;
      result.height = meta.height;
      for (const width of IMAGE_WIDTHS) {
        for (const format of IMAGE_FORMATS) {
          const pipeline = sharp(bytes).rotate().resize({ width, withoutEnlargement: true });
          const out =
            format === "avif"
              ? await pipeline.avif({ quality: 55, effort: 2 }).toBuffer()
              : await pipeline.webp({ quality: 78 }).toBuffer();
          const vUrl = variantUrl(url, width, format);
          pieces.push({ key: vUrl.slice("/uploads/".length), body: out, contentType: `image/${format}` });
          result.variants.push({ url: vUrl, width, format });
        }
      }
    } catch (error) {
      logger.warn({ err: error }, "uploaded image could not be decoded");
      throw new UploadError(
        415,
        "The image could not be read. Upload a valid JPEG, PNG, GIF, WebP or AVIF file.",
      );
    }
  }

  const stored: string[] = [];
  try {
    for (const piece of pieces) {
      await store.put(piece.key, piece.body, piece.contentType);
      stored.push(piece.key);
    }
  } catch (error) {
    logger.error({ err: error, key }, "storing an upload failed");
    await Promise.allSettled(stored.map((k) => store.delete(k)));
    throw new UploadError(500, "The file could not be stored. Please try again.");
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Serving

/** The response for GET /uploads/<key>: long-lived immutable caching, range requests for media seeking. */
export async function serveUpload(
  key: string,
  request: Request,
  store: ObjectStore = objectStore(),
): Promise<Response> {
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
