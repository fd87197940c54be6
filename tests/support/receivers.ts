// Real receivers for delivery tests: an SMTP server (smtp-server) that keeps every message, and a node:http
// server that keeps every request and answers with the status the test chooses.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * `refuse(address)`, when given, may answer a recipient with an SMTP code and text instead of accepting it (a 550
 * for an address that does not exist, a 451 for "try again later").
 */
export async function startSmtp(
  refuse?: (address: string) => { code: number; message: string } | undefined,
): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    // close() waits this long for clients to say goodbye (30 s by default): a sender's pooled connections stay
    // open until their idle timeout, and a test that is over need not wait for them.
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const refusal = refuse?.(address.address);
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      callback(error);
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  // A client that dies mid-session (a sender killed with kill -9) resets its connection: not the test's failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * `answer(n)` picks the status of the n-th request (0-based); 200 by default. `reply(n)`, when given, is the body of
 * that answer (sent as UTF-8), instead of "ok" or "receiver error".
 */
export async function startReceiver(
  answer: (n: number) => number = () => 200,
  reply?: (n: number) => string,
) {
  const hooks: ReceivedHook[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      const status = answer(hooks.length);
      const text = reply?.(hooks.length);
      hooks.push({ headers: request.headers, body });
      // A redirect points back at this receiver: following it would show up as a second request here.
      response
        .writeHead(status, { "content-type": "text/plain", location: "/followed" })
        .end(text ?? (status < 300 ? "ok" : "receiver error"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    hooks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The same hook headers as a plain record, for `new Webhook(secret).verify(body, headers)`. */
export function hookHeaders(hook: ReceivedHook): Record<string, string> {
  return {
    "webhook-id": String(hook.headers["webhook-id"]),
    "webhook-timestamp": String(hook.headers["webhook-timestamp"]),
    "webhook-signature": String(hook.headers["webhook-signature"]),
  };
}
