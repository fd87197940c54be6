// Hits answered on the connection itself, in front of a real Node HTTP server, over real sockets: what the subset
// reads, the order of answers on a pipelined connection, and the hand-over to Node losing no byte (a split head, a
// POST body, a slow reader, a half-closed connection, an answer that throws).
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerHitsFirst, parseHead, type RawAnswer, type RawRequest } from "./raw-hits";

describe("parseHead", () => {
  const head = (...lines: string[]) => lines.join("\r\n");

  it("reads a plain GET or HEAD with its headers, names in lower case", () => {
    expect(
      parseHead(head("GET /pricing?x=1 HTTP/1.1", "Host: a.example", "Accept-Encoding:  gzip, br ")),
    ).toEqual({
      method: "GET",
      url: "/pricing?x=1",
      headers: { host: "a.example", "accept-encoding": "gzip, br" },
    });
    expect(parseHead(head("HEAD / HTTP/1.1", "host: a", "Connection: Keep-Alive"))?.method).toBe("HEAD");
  });

  it("declines everything outside its subset, for Node's parser to read", () => {
    for (const text of [
      head("POST / HTTP/1.1", "Host: a"),
      head("GET / HTTP/1.0", "Host: a"),
      head("GET http://a/ HTTP/1.1", "Host: a"),
      head("GET /a b HTTP/1.1", "Host: a"),
      head("GET /\u00e9 HTTP/1.1", "Host: a"),
      head("get / HTTP/1.1", "Host: a"),
      head("GET / HTTP/1.1"),
      head("GET / HTTP/1.1", "Host: a", "host: b"),
      head("GET / HTTP/1.1", "Host: a", "Cookie: a=1", "Cookie: b=2"),
      head("GET / HTTP/1.1", "Host : a"),
      head("GET / HTTP/1.1", "Host: a", " folded"),
      head("GET / HTTP/1.1", "Host: a", "X: caf\u00e9"),
      head("GET / HTTP/1.1", "Host: a\nX: y"),
      head("GET / HTTP/1.1", "Host: a", "Content-Length: 0"),
      head("GET / HTTP/1.1", "Host: a", "Transfer-Encoding: chunked"),
      head("GET / HTTP/1.1", "Host: a", "Connection: close"),
      head("GET / HTTP/1.1", "Host: a", "Connection: Upgrade", "Upgrade: websocket"),
      head("GET / HTTP/1.1", "Host: a", "Expect: 100-continue"),
      head("", "GET / HTTP/1.1", "Host: a"),
    ]) {
      expect(parseHead(text), JSON.stringify(text)).toBeUndefined();
    }
  });
});

/** Reads HTTP/1.1 answers with a Content-Length (or none: 304, HEAD) off a socket, in order. */
function answers(socket: net.Socket, heads: string[] = []) {
  let buffered = Buffer.alloc(0);
  const got: { status: number; headers: Record<string, string>; body: string }[] = [];
  const waiting: (() => void)[] = [];
  socket.on("data", (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const end = buffered.indexOf("\r\n\r\n");
      if (end === -1) return;
      const lines = buffered.toString("latin1", 0, end).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const status = Number(lines[0]?.split(" ")[1]);
      const method = heads[got.length] ?? "GET";
      const length = status === 304 || method === "HEAD" ? 0 : Number(headers["content-length"] ?? 0);
      if (buffered.length < end + 4 + length) return;
      got.push({ status, headers, body: buffered.toString("latin1", end + 4, end + 4 + length) });
      buffered = buffered.subarray(end + 4 + length);
      for (const wake of waiting.splice(0)) wake();
    }
  });
  return {
    got,
    /** Bytes received that are not (yet) a whole answer. */
    rest: () => buffered.length,
    async count(n: number) {
      while (got.length < n) await new Promise<void>((resolve) => waiting.push(resolve));
      return got;
    },
  };
}

const BIG = "x".repeat(3 * 1024 * 1024);
/** Headers every hit replays (the page cache's replayed headers), one array for all. */
const FIXED = ["Content-Type", "text/plain", "Vary", "Accept-Encoding"];
const errors: unknown[] = [];
let written = 0;

/** A Node HTTP server that answers "node METHOD URL BODY", with hits answered first by answerHitsFirst. */
async function start() {
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => res.end(`node ${req.method} ${req.url} ${body}`));
  });
  server.keepAliveTimeout = 5000;
  const answer = (req: RawRequest): RawAnswer | undefined => {
    const done = () => {
      written++;
    };
    if (req.url === "/throw") throw new Error("broken");
    if (req.url === "/hit")
      return {
        status: 200,
        fixed: FIXED,
        headers: ["Content-Length", "3", "X-Host", String(req.headers.host)],
        body: req.method === "HEAD" ? undefined : Buffer.from("hit"),
        done,
      };
    if (req.url === "/big")
      return {
        status: 200,
        fixed: FIXED,
        headers: ["Content-Length", String(BIG.length)],
        body: Buffer.from(BIG),
        done,
      };
    if (req.url === "/same") return { status: 304, fixed: FIXED, headers: ["ETag", '"a"'], done };
    return undefined;
  };
  const closeHeld = answerHitsFirst(server, answer, (error) => errors.push(error));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, closeHeld, port: (server.address() as AddressInfo).port };
}

async function stop({ server, closeHeld }: Awaited<ReturnType<typeof start>>) {
  closeHeld();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

let first: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  first = await start();
});
afterAll(() => stop(first));

async function connect(port = first.port) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  return socket;
}
const get = (path: string, method = "GET", extra = "") =>
  `${method} ${path} HTTP/1.1\r\nHost: test.example\r\n${extra}\r\n`;

describe("answerHitsFirst", () => {
  it("answers hits itself, then hands the connection over at the first other request, in order", async () => {
    const socket = await connect();
    const reader = answers(socket, ["GET", "HEAD", "GET", "GET", "GET", "GET"]);
    socket.write(
      get("/hit") + get("/hit", "HEAD") + get("/same") + get("/other") + get("/hit") + get("/same"),
    );
    const got = await reader.count(6);
    expect(got.map((a) => `${a.status} ${a.body}`)).toEqual([
      "200 hit",
      "200 ",
      "304 ",
      "200 node GET /other ",
      // Node's from here on.
      "200 node GET /hit ",
      "200 node GET /same ",
    ]);
    expect(got[0]?.headers).toMatchObject({
      "content-type": "text/plain",
      vary: "Accept-Encoding",
      "x-host": "test.example",
      connection: "keep-alive",
      "keep-alive": "timeout=5",
    });
    expect(got[0]?.headers.date).toMatch(/GMT$/);
    expect(got[1]?.headers["content-length"]).toBe("3");
    expect(got[2]?.headers).toMatchObject({ "content-type": "text/plain", etag: '"a"' });
    socket.destroy();
  });

  it("hands over a head that arrives in pieces, and a POST's body, without losing a byte", async () => {
    const socket = await connect();
    const reader = answers(socket);
    socket.write(get("/hit"));
    await reader.count(1);
    socket.write("GET /hi");
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write("t HTTP/1.1\r\nHost: a\r\n\r\n");
    await reader.count(2);
    socket.write(`POST /form HTTP/1.1\r\nHost: a\r\nContent-Length: 7\r\n\r\nname=ab`);
    const got = await reader.count(3);
    expect(got.map((a) => a.body)).toEqual(["hit", "node GET /hit ", "node POST /form name=ab"]);
    socket.destroy();
  });

  it("keeps a slow reader's answers whole and in order, then hands over what was left unread", async () => {
    const socket = await connect();
    socket.pause();
    socket.write(get("/big") + get("/big") + get("/big") + get("/hit") + get("/after"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const reader = answers(socket);
    socket.resume();
    const got = await reader.count(5);
    expect(got.map((a) => a.body.length)).toEqual([
      BIG.length,
      BIG.length,
      BIG.length,
      3,
      "node GET /after ".length,
    ]);
    expect(got[2]?.body).toBe(BIG);
    socket.destroy();
  });

  it("closes a connection the client half-closed once its answers are out", async () => {
    const socket = await connect();
    const reader = answers(socket);
    const closed = new Promise((resolve) => socket.once("end", resolve));
    socket.end(get("/hit"));
    await closed;
    expect(reader.got.map((a) => a.body)).toEqual(["hit"]);
  });

  it("hands over a request whose answer throws, and reports the error", async () => {
    const before = errors.length;
    const socket = await connect();
    const reader = answers(socket);
    socket.write(get("/throw"));
    const got = await reader.count(1);
    expect(got[0]?.body).toBe("node GET /throw ");
    expect(errors.length).toBe(before + 1);
    socket.destroy();
  });

  it("gives every answer's body back once written, and closes the idle connections it holds", async () => {
    const before = written;
    const socket = await connect();
    const reader = answers(socket);
    for (let i = 1; i <= 20; i++) {
      socket.write(get("/hit"));
      await reader.count(i);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(written - before).toBe(20);
    const closed = new Promise((resolve) => socket.once("close", resolve));
    first.closeHeld();
    await closed;
  });

  it("at shutdown lets a connection that is still being written finish its answers, then closes it", async () => {
    const second = await start();
    const socket = await connect(second.port);
    socket.pause();
    socket.write(get("/big") + get("/big") + get("/big") + get("/big"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    second.closeHeld();
    const reader = answers(socket);
    const ended = new Promise((resolve) => socket.once("end", resolve));
    socket.resume();
    await ended;
    // What had been written arrives whole (however much the kernel had taken); nothing is cut off.
    expect(reader.got.length).toBeGreaterThan(0);
    expect(reader.got.every((a) => a.body === BIG)).toBe(true);
    expect(reader.rest()).toBe(0);
    await stop(second);
  });
});
