// A built form's submission body, read within the form's own limit: its text answers, plus the largest file each
// file field takes (formBodyLimit). The HTTP host lets a multipart post to /api/forms/:id stream up to the largest
// any form may take (server/body-limit.ts); a body over this form's limit is read to its end and thrown away, so
// the browser, still sending, gets to read the 413 rather than a broken connection.
import type { SentFiles } from "~/storage/form-files.server";

export type FormBody =
  | { ok: true; raw: Record<string, string | string[]>; files: SentFiles; form: FormData }
  | { ok: false; reason: "too-large" | "unreadable" };

/** Reads `body` to its end, keeping its bytes while they stay within `limit`; `over` when they did not. */
async function readUpTo(body: ReadableStream<Uint8Array>, limit: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size <= limit) chunks.push(chunk);
    else chunks.length = 0;
  }
  return size > limit ? { over: true as const } : { over: false as const, bytes: Buffer.concat(chunks) };
}

/**
 * The submission's fields as text (a list where a name came more than once) and its files, or why it could not be
 * read. A body the HTTP host refused (answered 413 already) fails with its error, which nobody answers again.
 */
export async function readFormBody(request: Request, limit: number): Promise<FormBody> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  const read = request.body
    ? await readUpTo(request.body, limit)
    : { over: false as const, bytes: Buffer.alloc(0) };
  if (read.over || declared > limit) return { ok: false, reason: "too-large" };
  let form: FormData;
  try {
    form = await new Response(read.bytes, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const raw: Record<string, string | string[]> = {};
  const files: Record<string, File[]> = {};
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name);
    const texts = all.filter((v): v is string => typeof v === "string");
    const sent = all.filter((v): v is File => typeof v !== "string");
    if (texts.length) raw[name] = texts.length === 1 ? (texts[0] as string) : texts;
    if (sent.length) files[name] = sent;
  }
  return { ok: true, raw, files, form };
}
