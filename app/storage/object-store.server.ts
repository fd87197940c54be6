// Where uploaded files live: the store interface both backends (local disk, S3) implement, and the key, content
// type and range rules they share.
import { createHash, randomBytes } from "node:crypto";

/** A file's key: its bucket and the first 32 hex digits of its SHA-256, so the same bytes are always one file. */
export function contentKey(bucket: string, bytes: Uint8Array, ext: string): string {
  return `${bucket}/${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${ext}`;
}

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
  /** Every stored object (key and size), for backups; files half-written (local `.tmp`) are left out. */
  list(): AsyncIterable<{ key: string; size: number }>;
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
  // Only the demo seed stores SVG (its own pictures): uploads refuse it. Served, like every file, with a sandbox CSP.
  svg: "image/svg+xml",
};

export function contentTypeForKey(key: string): string {
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

/**
 * Files that are nobody's to fetch by URL (what visitors attach to forms) live under this prefix of the same store:
 * `GET /uploads/*` never serves them, and no upload bucket has its name. Only a back-office route that checks the
 * member's role reads them.
 */
export const PRIVATE_PREFIX = "private/";

export const isPrivateKey = (key: string): boolean => key.startsWith(PRIVATE_PREFIX);

/** A new private key in `folder`: random (the same bytes sent twice are two files, each deleted with its row). */
export function privateKey(folder: string, ext: string): string {
  return `${PRIVATE_PREFIX}${folder}/${randomBytes(16).toString("hex")}.${ext}`;
}

/** Whether `key` is one privateKey made in `folder`: nothing else is read through the private routes. */
export function isPrivateFileKey(key: string, folder: string): boolean {
  return new RegExp(`^${PRIVATE_PREFIX}${folder}/[a-f0-9]{32}\\.[a-z0-9]{2,5}$`).test(key);
}

/** Keys are `<bucket>/<file>` with a safe file name; anything else (.., slashes, odd characters) is refused. */
export function isSafeKey(key: string): boolean {
  return !isPrivateKey(key) && /^[a-z]+\/[a-f0-9]{16,64}(-\d{2,4}w)?\.[a-z0-9]{2,5}$/.test(key);
}

/** The byte range a Range header asks for (one range supported), or undefined to send the whole object. */
export function parseRange(
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
