// The newsletter bench's SMTP sink (bench/newsletter.ts), run in a worker thread of its own: receiving and scanning
// 100 messages a second on the thread that also runs the load generator delayed the generator's own reading of
// the page answers, and those delays were counted as the server's latency. A real mail server is another machine.
// Counts the messages whose subject is `workerData.subject` and posts the count, the first and the last arrival
// (ms since the epoch) after each; answers "close" by closing the server and ending the thread.
import type { AddressInfo } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { SMTPServer } from "smtp-server";

export interface SinkCount {
  count: number;
  first: number;
  last: number;
}

const port = parentPort;
if (!port) throw new Error("bench/smtp-sink.ts runs as a worker thread");
const { subject: wanted } = workerData as { subject: string };
const counted: SinkCount = { count: 0, first: 0, last: 0 };
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  // Closing waits at most this long for the sender's pooled connections (smtp-server waits 30 s by default).
  closeTimeout: 200,
  onData(stream, _session, callback) {
    let subject = false;
    stream.on("data", (chunk: Buffer) => {
      if (!subject && chunk.includes(`Subject: ${wanted}`)) subject = true;
    });
    stream.on("end", () => {
      if (subject) {
        const now = performance.timeOrigin + performance.now();
        if (!counted.count) counted.first = now;
        counted.count++;
        counted.last = now;
        port.postMessage({ type: "count", ...counted });
      }
      callback();
    });
  },
});
server.on("error", () => {});
server.listen(0, "127.0.0.1", () => {
  port.postMessage({ type: "listening", port: (server.server.address() as AddressInfo).port });
});
port.on("message", (message) => {
  if (message === "close") server.close(() => process.exit(0));
});
