// The benchmark's yardstick (docs/performance.md): a bare `node:http` server, run by the same Node binary as ours,
// that writes exactly the bytes and headers our server answered for each page and encoding, and does nothing else.
// Ours as a ratio of it is what our own code costs on this runtime, whatever the machine; nginx stays as context.
// Runs as a child process (`node bench/bare-node.ts ANSWERS.json`) so its CPU time is counted on its own; prints
// "listening PORT" once it listens on a free loopback port.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One recorded answer: what the request's path and Accept-Encoding got from our server. */
export interface RecordedAnswer {
  url: string;
  acceptEncoding: string;
  status: number;
  /** Name/value pairs, as our server sent them (Date and connection management left out). */
  headers: string[];
  bodyBase64: string;
}

const key = (url: string, acceptEncoding: string) => `${acceptEncoding}\n${url}`;

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const recorded = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as RecordedAnswer[];
  const answers = new Map(
    recorded.map((a) => [
      key(a.url, a.acceptEncoding),
      { status: a.status, headers: a.headers, body: Buffer.from(a.bodyBase64, "base64") },
    ]),
  );
  const server = createServer((req, res) => {
    const answer = answers.get(key(req.url ?? "", req.headers["accept-encoding"] ?? ""));
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => {
    console.log(`listening ${(server.address() as AddressInfo).port}`);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
