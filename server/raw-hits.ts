// Cache hits answered on the connection itself, before Node's HTTP machinery
// (docs/decisions/040-hits-read-on-the-connection.md).
//
// A page cache hit costs little of our own code; most of its time went to Node's HTTP layer around it (the
// parser's callbacks, a request and a response object, header checks and their bookkeeping): read and written
// here, a hit takes about half the user CPU it took through node:http (the kernel's copy of the body is the same).
// Everything else still goes through Node's HTTP server, untouched:
//
// - A new connection starts here. Each complete request head in what has arrived is read with a strict subset of
//   HTTP/1.1 (parseHead): GET or HEAD, an origin-form target, no body, unique well-formed headers, keep-alive.
// - If it is a cache hit (the `answer` callback, the page cache's own rule), the answer is written here.
// - At the first request that is anything else (a miss, a POST, a partial or unusual head, a header this subset
//   does not read), the connection is handed to Node's HTTP server for the rest of its life, with every byte that
//   has arrived and not been answered: Node parses them as if they had just been received. Nothing is lost and
//   nothing is answered twice, so whatever this subset declines behaves exactly as before.
//
// Answers keep the order of the requests (pipelining): the socket writes in order, ours first.
import type { IncomingHttpHeaders, Server } from "node:http";
import type { Socket } from "node:net";

/** What the answer callback gets: the request as this module read it. */
export interface RawRequest {
  method: "GET" | "HEAD";
  url: string;
  headers: IncomingHttpHeaders;
  socket: Socket;
}

/**
 * A hit: status; headers as name/value pairs, first those every hit on the same cached page sends (`fixed`, the
 * same array each time: its text is made once), then this answer's own; body (none for HEAD or 304); a callback
 * once it is written.
 */
export interface RawAnswer {
  status: number;
  fixed: string[];
  headers: string[];
  body?: Buffer;
  done(): void;
}

/** The longest head read here; a longer one goes to Node, whose limit (16 KB) answers it. */
const MAX_HEAD_BYTES = 8 * 1024;
const REQUEST_LINE = /^(GET|HEAD) (\/[!-~]*) HTTP\/1\.1$/;
/** A header line: a token, a colon, a value of visible ASCII, spaces and tabs (no obs-text, no folding). */
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*([\t\x20-\x7e]*?)[ \t]*$/;
const STATUS_TEXT: Record<number, string> = { 200: "OK", 304: "Not Modified" };

/**
 * The request whose head is `head` (the bytes before the blank line, latin1), or undefined when it is outside the
 * subset read here: then Node's HTTP server reads it instead.
 */
export function parseHead(head: string): Omit<RawRequest, "socket"> | undefined {
  const lines = head.split("\r\n");
  const line = REQUEST_LINE.exec(lines[0] ?? "");
  if (!line) return undefined;
  const headers: IncomingHttpHeaders = {};
  for (let i = 1; i < lines.length; i++) {
    const header = HEADER_LINE.exec(lines[i] as string);
    if (!header) return undefined; // a stray CR or LF, obs-text, folding, no colon
    const name = (header[1] as string).toLowerCase();
    if (name in headers) return undefined; // Node joins repeated headers by its own rules
    headers[name] = header[2];
  }
  if (!headers.host) return undefined; // Node answers 400
  // A body, an upgrade, an expectation or anything but keep-alive is Node's to handle.
  if ("content-length" in headers || "transfer-encoding" in headers) return undefined;
  if ("upgrade" in headers || "expect" in headers) return undefined;
  if (headers.connection !== undefined && headers.connection.toLowerCase() !== "keep-alive") return undefined;
  return { method: line[1] as "GET" | "HEAD", url: line[2] as string, headers };
}

let dateSecond = 0;
let dateText = "";
/** The Date header's value, made once a second (as Node does). */
function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}

/** The status line and header lines of `fixed`, encoded once per array and status. */
const fixedHeads = new WeakMap<string[], Map<number, Buffer>>();
function statusAndFixed(status: number, fixed: string[]): Buffer {
  let byStatus = fixedHeads.get(fixed);
  if (!byStatus) {
    byStatus = new Map();
    fixedHeads.set(fixed, byStatus);
  }
  let head = byStatus.get(status);
  if (!head) {
    let text = `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ""}\r\n`;
    for (let i = 0; i < fixed.length; i += 2) text += `${fixed[i]}: ${fixed[i + 1]}\r\n`;
    head = Buffer.from(text, "latin1");
    byStatus.set(status, head);
  }
  return head;
}

/**
 * The rest of the head as Node writes it for a keep-alive answer: this answer's own headers, then Date, Connection
 * and Keep-Alive, and the blank line.
 */
function headTail(headers: string[], keepAliveSeconds: string): string {
  let text = "";
  for (let i = 0; i < headers.length; i += 2) text += `${headers[i]}: ${headers[i + 1]}\r\n`;
  return `${text}Date: ${httpDate()}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=${keepAliveSeconds}\r\n\r\n`;
}

/**
 * Takes over `server`'s new connections: hits are answered here, everything else is handed to the server as above.
 * Returns the shutdown step: the connections still held here answer nothing more and close, at once when idle,
 * else once what was written to them has been sent.
 */
export function answerHitsFirst(
  server: Server,
  answer: (req: RawRequest) => RawAnswer | undefined,
  onError: (error: unknown) => void,
): () => void {
  const [httpConnection] = server.listeners("connection") as ((socket: Socket) => void)[];
  if (!httpConnection) throw new Error("the HTTP server has no connection listener");
  server.removeListener("connection", httpConnection);
  const held = new Set<Socket>();
  let closing = false;

  server.on("connection", (socket: Socket) => {
    held.add(socket);
    let pending: Buffer = Buffer.alloc(0);
    let handedOver = false;
    const keepAlive = `${Math.round(server.keepAliveTimeout / 1000)}`;

    const onData = (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      work();
    };
    const onDrain = () => {
      socket.resume();
      work();
    };
    const onEnd = () => socket.end(); // the client is done: close once our answers are out
    const onClose = () => held.delete(socket);
    const destroy = () => socket.destroy();
    const listeners = {
      data: onData,
      drain: onDrain,
      end: onEnd,
      close: onClose,
      error: destroy,
      timeout: destroy,
    };
    for (const [event, listener] of Object.entries(listeners)) socket.on(event, listener);
    // Idle like Node's keep-alive: closed after the server's keep-alive timeout without a byte.
    socket.setTimeout(server.keepAliveTimeout);

    /** From here on, Node's HTTP server owns the connection, starting with the bytes not answered here. */
    const handOver = () => {
      handedOver = true;
      held.delete(socket);
      for (const [event, listener] of Object.entries(listeners)) socket.removeListener(event, listener);
      socket.setTimeout(0);
      // Whatever the stream buffered while paused for a slow reader belongs to the unanswered bytes too.
      for (let more = socket.read() as Buffer | null; more; more = socket.read() as Buffer | null) {
        pending = Buffer.concat([pending, more]);
      }
      // Answers written here and not yet flushed stay ahead of Node's: the socket writes in order.
      httpConnection.call(server, socket);
      if (pending.length > 0) socket.emit("data", pending);
      socket.resume();
    };

    /** Answers every complete hit at the front of `pending`; hands over at the first request that is not one. */
    const work = () => {
      while (
        !handedOver &&
        !closing &&
        !socket.destroyed &&
        pending.length > 0 &&
        !socket.writableNeedDrain
      ) {
        const end = pending.indexOf("\r\n\r\n");
        // An incomplete head (rare: a request's head comes in one packet) is Node's too, with its timeouts.
        const parsed =
          end === -1 || end > MAX_HEAD_BYTES ? undefined : parseHead(pending.toString("latin1", 0, end));
        let hit: RawAnswer | undefined;
        try {
          hit = parsed && answer({ ...parsed, socket });
        } catch (error) {
          onError(error);
        }
        if (!hit) return handOver();
        pending = pending.subarray(end + 4);
        socket.cork();
        socket.write(statusAndFixed(hit.status, hit.fixed));
        // `done` once the last piece is written: the body, or the head when there is none.
        socket.write(headTail(hit.headers, keepAlive), "latin1", hit.body ? undefined : hit.done);
        if (hit.body) socket.write(hit.body, hit.done);
        socket.uncork();
      }
      // A slow reader: read nothing more until what was written has gone (then "drain").
      if (socket.writableNeedDrain && !handedOver) socket.pause();
    };
  });

  return () => {
    closing = true;
    for (const socket of held) {
      if (socket.writableLength === 0) socket.destroy();
      else socket.end();
    }
  };
}
