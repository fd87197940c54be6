// Request body limits for every route, enforced before React Router reads a byte: the declared Content-Length is
// checked first, then the bytes actually received (chunked bodies have no Content-Length; a streamed body found too
// large fails its reader with BodyRefusedError once the 413 is out, which entry.server.tsx does not log). Without this, any
// anonymous POST could make an action buffer gigabytes through request.formData().
import { Readable, Transform } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { BodyRefusedError } from "~/infra/body-refused.server";
import { CONTENT_API_BASE_PATH, ERROR_CODES, MAX_BODY_BYTES } from "~/lib/content-api-schemas";
import { MAX_FORM_BODY } from "~/lib/form-builder/files";
import { dataRequestPage, routedPath } from "~/lib/routed-path";
import { IMPORT_MAX_BODY_BYTES } from "~/lib/subscriber-import";
import { BUCKETS, formatBytes } from "~/lib/uploads";

const KB = 1024;
const MB = 1024 * KB;

/** Public forms and JSON endpoints: far above any real submission (the contact form's fields total ~1.5 KB). */
const DEFAULT_BODY_LIMIT = 64 * KB;
/** Back-office forms carry whole blog posts and academy items (bodies of up to 200,000 characters). */
const ADMIN_BODY_LIMIT = 4 * MB;
/** The Newsletters screen's action takes a subscriber list: up to its largest file. */
const IMPORT_PATH = "/admin/newsletters";
/** Uploads: the largest bucket plus the multipart framing around the file; the route checks each bucket itself. */
const UPLOAD_BODY_LIMIT = Math.max(...Object.values(BUCKETS).map((b) => b.fileSizeLimit)) + 64 * KB;
/**
 * A built form's multipart post (POST /api/forms/:id) may carry files: up to the largest any form takes, streamed;
 * the route holds each form to its own limit (its file fields' sizes) and answers 413 beyond it.
 */
const FORM_POST = /^\/api\/forms\/[^/]+$/;
/**
 * A refused body is read and thrown away before answering, up to this many bytes over its limit, so that a client
 * still sending gets to read the 413 instead of a failed upload; beyond it the connection is closed after the answer.
 */
const DRAIN_BYTES = 4 * MB;

interface Limit {
  bytes: number;
  /**
   * Small bodies are read completely before React Router runs, so a refused one never reaches an action. Large
   * ones (uploads, back-office forms, a built form's files) stream through a counter instead; the back office's
   * routes check the administrator's session before reading, so an anonymous sender is answered without the body
   * being read, and a built form's route holds the body to that form's own limit.
   */
  buffer: boolean;
  /** The answer's shape: the content API's error document, the JSON { error } of other endpoints, or text. */
  answer: "content-api" | "json" | "text";
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function isContentApiPath(path: string): boolean {
  return under(path, CONTENT_API_BASE_PATH);
}

function limitFor(req: Request): Limit {
  const path = routedPath(req.originalUrl);
  const wantsJson = /json/i.test(`${req.get("accept") ?? ""} ${req.get("content-type") ?? ""}`);
  if (isContentApiPath(path)) return { bytes: MAX_BODY_BYTES, buffer: true, answer: "content-api" };
  if (under(path, "/api/uploads")) return { bytes: UPLOAD_BODY_LIMIT, buffer: false, answer: "json" };
  if (FORM_POST.test(path) && /^multipart\/form-data/i.test(req.get("content-type") ?? ""))
    return { bytes: MAX_FORM_BODY, buffer: false, answer: wantsJson ? "json" : "text" };
  if (under(path, "/admin")) {
    const bytes = (dataRequestPage(path) ?? path) === IMPORT_PATH ? IMPORT_MAX_BODY_BYTES : ADMIN_BODY_LIMIT;
    return { bytes, buffer: false, answer: wantsJson ? "json" : "text" };
  }
  return { bytes: DEFAULT_BODY_LIMIT, buffer: true, answer: wantsJson ? "json" : "text" };
}

function hasBody(req: Request): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** Reads and throws away the rest of the body: `done` at its end, `tooMuch` once `budget` more bytes have come. */
function discard(req: Request, budget: number, done: () => void, tooMuch: () => void) {
  let left = budget;
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    left -= chunk.byteLength;
    if (left >= 0) return;
    req.removeAllListeners("data");
    req.off("end", done);
    req.pause();
    tooMuch();
  });
  req.once("end", done);
  req.resume();
}

const refused = new WeakSet<Request>();

/**
 * Answers 413 once the rest of the body has been read and thrown away: many clients (Node's fetch among them)
 * fail the whole request when the server stops reading while they still send, without showing the answer. A
 * body more than DRAIN_BYTES over the limit is not worth reading: the answer then closes the connection, at once
 * when its declared length says so, else when that much has come. `received`: the body's bytes read so far.
 * `after` runs once the answer is out.
 */
function refuse(req: Request, res: Response, limit: Limit, received: number, after?: () => void) {
  if (refused.has(req)) return;
  refused.add(req);
  const answer = (close: boolean) => {
    sendTooLarge(res, limit, close);
    after?.();
  };
  if (req.complete) return answer(false);
  if (Number(req.headers["content-length"] ?? 0) > limit.bytes + DRAIN_BYTES) return answer(true);
  discard(
    req,
    limit.bytes + DRAIN_BYTES - received,
    () => answer(false),
    () => answer(true),
  );
}

function sendTooLarge(res: Response, limit: Limit, close: boolean) {
  if (res.headersSent) {
    if (close) res.socket?.destroy();
    return;
  }
  const message =
    limit.answer === "content-api"
      ? `The body is larger than ${limit.bytes} bytes.`
      : `The request is too large: send at most ${formatBytes(limit.bytes)}.`;
  res.status(413).set("Cache-Control", "no-store");
  if (close) res.set("Connection", "close");
  if (limit.answer === "content-api") {
    res.json({ error: { status: 413, code: ERROR_CODES[413], message } });
  } else if (limit.answer === "json") {
    res.json({ error: { status: 413, message } });
  } else {
    res.type("text/plain").send(message);
  }
}

/** Bodies React Router should read instead of the socket's, by request. */
const bodies = new WeakMap<Request, Readable>();

/** Refuses bodies over the route's limit with 413; see `checkedBody` for what React Router then reads. */
export function limitRequestBodies(req: Request, res: Response, next: NextFunction) {
  if (!hasBody(req)) return next();
  const limit = limitFor(req);
  if (Number(req.headers["content-length"] ?? 0) > limit.bytes) return refuse(req, res, limit, 0);
  let received = 0;
  if (limit.buffer) {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > limit.bytes) {
        req.off("end", onEnd);
        chunks.length = 0;
        refuse(req, res, limit, received);
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      bodies.set(req, Readable.from(chunks, { objectMode: false }));
      next();
    };
    req.on("data", onData);
    req.once("end", onEnd);
    return;
  }
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.byteLength;
      if (received <= limit.bytes) return done(null, chunk);
      req.unpipe(counted);
      // The reader (an upload or a back-office action) then fails instead of acting on a cut-off body; it waits
      // until the 413 is out, so its own error answer cannot take the 413's place, and React Router's error
      // handler knows the error for the refusal already answered (entry.server.tsx logs nothing for it).
      refuse(req, res, limit, received, () => done(new BodyRefusedError(limit.bytes)));
    },
  });
  req.pipe(counted);
  // A route that answered without reading the whole body (an anonymous POST to /admin, say) leaves the rest to
  // be read and thrown away here, as Node does when nothing reads a body, but only up to DRAIN_BYTES.
  res.once("finish", () => {
    if (req.complete || refused.has(req)) return;
    req.unpipe(counted);
    discard(
      req,
      DRAIN_BYTES,
      () => {},
      () => req.socket.destroy(),
    );
  });
  bodies.set(req, counted);
  next();
}

/**
 * The body React Router reads (server/react-router-handler.ts builds its Web Request on it): the checked copy
 * limitRequestBodies made, or the request itself when it has no body.
 */
export function checkedBody(req: Request): Readable {
  return bodies.get(req) ?? req;
}
