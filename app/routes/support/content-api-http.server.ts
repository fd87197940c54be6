// What every answer of the content API shares (app/routes/api/content-api.ts): JSON with `Cache-Control: no-store`,
// errors in the one shape of `errorSchema` (app/lib/content-api-schemas.ts), the size-checked JSON body, and the
// entity tags of reads and the If-Match of writes.
import { createHash } from "node:crypto";
import type { z } from "zod";
import { type ApiErrorBody, ERROR_CODES, type ErrorStatus, MAX_BODY_BYTES } from "~/lib/content-api-schemas";
import type { EditVersion } from "~/lib/edit-conflict";

// nosniff and the other security headers come from the server's middleware, on every response.
export const BASE_HEADERS = { "Cache-Control": "no-store" };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...BASE_HEADERS, ...headers } });
}

export function errorBody(
  status: ErrorStatus,
  message: string,
  fields?: Record<string, string[]>,
): ApiErrorBody {
  return { error: { status, code: ERROR_CODES[status], message, ...(fields ? { fields } : {}) } };
}

export function apiError(
  status: ErrorStatus,
  message: string,
  extra: { fields?: Record<string, string[]>; headers?: Record<string, string> } = {},
): Response {
  return json(errorBody(status, message, extra.fields), status, extra.headers);
}

/** Zod issues as messages per dotted field path ("" for the body itself becomes "body"). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    fields[key] ??= [];
    fields[key].push(issue.message);
  }
  return fields;
}

/**
 * A refused body up to this size is still read (and thrown away) before answering 413, so the client can read the
 * answer instead of seeing its connection reset mid-upload; beyond it the connection is cut.
 */
const DRAIN_LIMIT_BYTES = 4 * 1024 * 1024;

async function tooLarge(reader: ReadableStreamDefaultReader<Uint8Array> | undefined, alreadyRead: number) {
  let size = alreadyRead;
  while (reader && size <= DRAIN_LIMIT_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
  }
  if (size > DRAIN_LIMIT_BYTES) await reader?.cancel().catch(() => {});
  return {
    ok: false as const,
    response: apiError(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`, {
      headers: { Connection: "close" },
    }),
  };
}

/**
 * The body as JSON, at most MAX_BODY_BYTES of it: a larger body (by its Content-Length, or as it turns out while
 * reading) gets 413.
 */
export async function readJsonBody(
  request: Request,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const declared = request.headers.get("content-length");
  if (declared && Number(declared) > MAX_BODY_BYTES) {
    return Number(declared) > DRAIN_LIMIT_BYTES
      ? tooLarge(undefined, Number(declared))
      : tooLarge(request.body?.getReader(), 0);
  }
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    return { ok: false, response: apiError(415, "Send the body as application/json.") };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) return tooLarge(reader, size);
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: apiError(400, "The body is not valid JSON.") };
  }
}

/**
 * The entity tag of one item: its version (the time of its last save), so a read by id or by slug and the answer of
 * a create or an update name the same tag, and an update sent with it in If-Match is checked against that version.
 * The same tag is sent for the gzip-encoded copy: answers are never stored (no-store), the tag only names the item's
 * version for If-Match.
 */
export function itemTag(version: EditVersion): string {
  return `"${version}"`;
}

/** The entity tag of a list: derived from what it holds (each item's id and version) and where it starts. */
export function listTag(parts: readonly string[]): string {
  return `"${createHash("sha256").update(parts.join("\n")).digest("base64url").slice(0, 27)}"`;
}

/** One entity tag of a list, with the comma or end after it: W/ (weak) and the tag's text. */
const TAG = /\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)/y;

/**
 * If-Match, read: absent (null), any version ("*"), or the strong entity tags it names (a weak one, W/"…", never
 * matches: an update compares versions exactly). Undefined when the header is not a list of quoted tags.
 */
export function ifMatchOf(request: Request): null | "*" | string[] | undefined {
  const header = request.headers.get("if-match");
  if (header === null) return null;
  if (header.trim() === "*") return "*";
  if (header.trim() === "") return undefined;
  const tags: string[] = [];
  const tag = new RegExp(TAG.source, "y");
  for (let at = 0; at < header.length; at = tag.lastIndex) {
    tag.lastIndex = at;
    const match = tag.exec(header);
    if (!match || tag.lastIndex === at) return undefined;
    if (!match[1]) tags.push(`"${match[2]}"`);
  }
  return tags;
}
