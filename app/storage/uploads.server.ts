// Accepting an upload: bucket rules (size limit and allowed MIME types, checked against the type sniffed from
// the file's first bytes), content-hash keys (a URL never changes content, so it can be cached forever), and
// the media library entry (with its audit entry) of an admin's upload. On any rejection or failure nothing stays
// stored.
import { logger } from "~/infra/logger.server";
import type { MediaVariant } from "~/lib/media";
import { BUCKETS, type BucketName, formatBytes, isBucketName } from "~/lib/uploads";
import type { AuditContext } from "~/models/audit.server";
import { type MediaEntry, recordUpload, type UploadedFile } from "~/models/media.server";
import { objectStore } from "./configured-store.server";
import { imageFacts, imageVariants, MAX_IMAGE_PIXELS, megapixels } from "./image-variants.server";
import { contentKey, type ObjectStore } from "./object-store.server";

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

/** An accepted upload: the file as the library records it, where it is served, and where its copies are. */
export interface UploadResult extends Omit<UploadedFile, "variants"> {
  /** Where the file is served, e.g. /uploads/images/3f2a….jpg */
  url: string;
  /** Responsive copies of images (AVIF and WebP), with their real sizes. */
  variants: Array<MediaVariant & { url: string }>;
}

/** The uploaded file's own name (browsers send no folder, but a script might), cut to a sane length. */
function fileNameOf(file: Blob): string {
  const name = file instanceof File ? file.name : "";
  return (name.split(/[\\/]/).pop() ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
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

function tooManyPixels(facts: { width?: number; height?: number; pixels: number }): UploadError {
  return new UploadError(
    413,
    `The image is too large: ${facts.width} × ${facts.height} pixels is ${megapixels(facts.pixels)}, and the limit is ` +
      `${megapixels(MAX_IMAGE_PIXELS)}. Scale it down and upload it again.`,
  );
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
 * An upload on behalf of `who`, recorded in the media library and the audit trail (by recordUpload). It does not
 * change what visitors see until a post, item or setting refers to it, and that write bumps the content version.
 */
export async function uploadAs(
  request: Request,
  bucket: BucketName,
  who: AuditContext,
): Promise<UploadResult & { media: MediaEntry }> {
  const result = await acceptUpload(request, bucket);
  return { ...result, media: await recordUpload(result, who) };
}

/**
 * Reads a multipart upload (field `file`) into `bucket`: size limit (413), content sniffing against the bucket's
 * MIME list (415), then stores the original and, for images, its responsive copies. On any rejection or failure
 * nothing stays stored.
 */
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

  const ext = sniffed.ext === "jpeg" ? "jpg" : sniffed.ext;
  const key = contentKey(bucket, bytes, ext);
  const url = `/uploads/${key}`;
  const pieces: Array<{ key: string; body: Uint8Array; contentType: string }> = [
    { key, body: bytes, contentType: mime },
  ];
  const result: UploadResult = {
    url,
    key,
    bucket,
    fileName: fileNameOf(file),
    mimeType: mime,
    size: bytes.byteLength,
    variants: [],
  };

  if (mime.startsWith("image/")) {
    const unreadable = () =>
      new UploadError(415, "The image could not be read. Upload a valid JPEG, PNG, GIF, WebP or AVIF file.");
    // The header's size is checked before anything is decoded: a small file can state a huge picture.
    const facts = await imageFacts(bytes);
    if (!facts) throw unreadable();
    if (facts.pixels > MAX_IMAGE_PIXELS) throw tooManyPixels(facts);
    const images = await imageVariants(bytes, url, facts);
    if (!images) throw unreadable();
    result.width = images.width;
    result.height = images.height;
    for (const variant of images.variants) {
      pieces.push({
        key: variant.url.slice("/uploads/".length),
        body: variant.body,
        contentType: variant.contentType,
      });
      result.variants.push({
        url: variant.url,
        key: variant.url.slice("/uploads/".length),
        width: variant.width,
        height: variant.height,
        format: variant.format,
        size: variant.body.byteLength,
      });
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
