// The benchmark's yardstick (docs/performance.md): a bare `node:http` server, run by the same Node binary as ours,
// that writes exactly the bytes and headers our server answered for each page and encoding, and does nothing else.
// Ours as a ratio of it is what our own code costs on this runtime, whatever the machine; nginx stays as context.
// Runs as a child process (`node bench/bare-node.ts ANSWERS.json`) so its CPU time is counted on its own; prints
// "listening PORT" once it listens on a free loopback port.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/** One recorded answer: what the request's path and Accept-Encoding got from our server. */
export interface RecordedAnswer {
  url: string;
  acceptEncoding: string;
  status: number;
  /** Name/value pairs, as our server sent them (Date and connection management left out). */
  headers: string[];
  bodyBase64: string;
}

/** The encodings each page is measured in: what a load tool, an older client and a browser ask for. */
export interface Encoding {
  name: "plain" | "gzip" | "br";
  headers: Record<string, string>;
  /** The Content-Encoding a cached page answers it with. */
  expect?: string;
}
export const ENCODINGS: Encoding[] = [
  { name: "plain", headers: {} },
  { name: "gzip", headers: { "accept-encoding": "gzip" }, expect: "gzip" },
  { name: "br", headers: { "accept-encoding": "gzip, deflate, br, zstd" }, expect: "br" },
];

/** Headers that belong to one answer's connection or moment, not to what the bare server repeats. */
const NOT_REPLAYED = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** A GET as sent on the wire (fetch would decompress), recorded for the bare server. */
export function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{
    recorded: Omit<RecordedAnswer, "url" | "acceptEncoding">;
    body: Buffer;
    contentType: string;
    encoding: string | undefined;
  }>((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const pairs: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          if (!NOT_REPLAYED.has(name.toLowerCase())) pairs.push(name, res.rawHeaders[i + 1] as string);
        }
        if (!res.headers["content-length"]) pairs.push("Content-Length", String(body.length));
        resolve({
          recorded: { status: res.statusCode ?? 0, headers: pairs, bodyBase64: body.toString("base64") },
          body,
          contentType: res.headers["content-type"] ?? "",
          encoding: res.headers["content-encoding"],
        });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** The bare node:http server (bench/bare-node.ts) serving the recorded answers, in a process of its own. */
export async function startBareNode(answers: RecordedAnswer[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "asimov-bare-"));
  const file = path.join(dir, "answers.json");
  writeFileSync(file, JSON.stringify(answers));
  const proc = spawn(process.execPath, [new URL(import.meta.url).pathname, file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    proc.once("exit", (code) => reject(new Error(`bare node:http server exited with ${code}`)));
    proc.stdout.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pids: proc.pid ? [proc.pid] : [],
    stop() {
      proc.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
