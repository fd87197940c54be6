// The HTTP host (server.ts, server/app.ts) against real production servers: request body limits on every route,
// the client address behind proxies (TRUST_PROXY) and per-/64 IPv6 limits, the content API's CSRF exemption by
// the path React Router routes, security headers, and how the process starts (port in use, development binding).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect, createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import {
  adminCookie,
  type ServerProcess,
  startServer,
  stopServer,
  uniqueIp,
} from "../e2e/support/server-process";
import { baseURL } from "./support";

const KB = 1024;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const id = () => randomBytes(4).toString("hex");

/** A body sent without Content-Length (Transfer-Encoding: chunked), in 16 KB pieces. */
function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.subarray(at, at + 16 * KB));
      at += 16 * KB;
    },
  });
}

async function post(url: string, body: Uint8Array | string, headers: Record<string, string>, stream = false) {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const response = await fetch(url, {
    method: "POST",
    headers: { "X-Forwarded-For": uniqueIp(), ...headers },
    body: stream ? chunked(bytes) : bytes,
    duplex: "half",
  } as RequestInit);
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    cacheControl: response.headers.get("cache-control"),
    text: await response.text(),
  };
}

/** A contact form whose message alone is `size` bytes. */
const oversizedForm = (size: number) =>
  new URLSearchParams({ name: "Big", email: `big-${id()}@example.com`, interest: "consulting" }).toString() +
  `&message=${"a".repeat(size)}`;

describe("request body limits", () => {
  for (const stream of [false, true]) {
    const how = stream ? "chunked, no Content-Length" : "with Content-Length";
    test(`public forms refuse bodies over 64 KB with a readable 413 (${how})`, async () => {
      const base = baseURL;
      const origin = { Origin: base };
      const page = await post(`${base}/contact`, oversizedForm(100 * KB), { ...FORM, ...origin }, stream);
      expect(page.status).toBe(413);
      expect(page.type).toContain("text/plain");
      expect(page.cacheControl).toBe("no-store");
      expect(page.text).toBe("The request is too large: send at most 64 KB.");

      const api = await post(
        `${base}/api/leads`,
        oversizedForm(100 * KB),
        { ...FORM, ...origin, Accept: "application/json" },
        stream,
      );
      expect(api.status).toBe(413);
      expect(api.cacheControl).toBe("no-store");
      expect(JSON.parse(api.text)).toEqual({
        error: { status: 413, message: "The request is too large: send at most 64 KB." },
      });

      // The admin sign-in, reset and consent forms sit behind the same default.
      for (const target of ["/admin-auth", "/admin-auth/forgot", "/admin-auth/reset", "/api/consent"]) {
        const answer = await post(`${base}${target}`, oversizedForm(80 * KB), { ...FORM, ...origin }, stream);
        expect(answer.status, target).toBe(413);
      }
    });
  }

  test("a body megabytes over the limit is refused too, and the client, still sending, reads the 413", async () => {
    const base = baseURL;
    const huge = new Uint8Array(3 * 1024 * KB).fill(0x61);
    for (const stream of [false, true]) {
      const answer = await post(`${base}/contact`, huge, { ...FORM, Origin: base }, stream);
      expect(answer.status).toBe(413);
      expect(answer.text).toContain("too large");
    }
  });

  test("submissions under the limit still arrive whole, with or without Content-Length", async () => {
    const base = baseURL;
    const headers = { ...FORM, Origin: base, Accept: "application/json" };
    for (const stream of [false, true]) {
      const body = new URLSearchParams({
        kind: "contact",
        name: "Within limits",
        email: `fits-${id()}@example.com`,
        interest: "consulting",
        message: "m".repeat(1000),
      }).toString();
      const answer = await post(`${base}/api/leads`, body, headers, stream);
      expect(answer.status, answer.text).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ ok: true });
    }
    const page = await post(
      `${base}/contact`,
      new URLSearchParams({
        name: "Page form",
        email: `page-${id()}@example.com`,
        interest: "consulting",
        message: "Hello",
      }).toString(),
      { ...FORM, Origin: base },
      true,
    );
    expect(page.status).toBe(200);
  });

  test("an upload over 64 KB but under its bucket's limit is accepted", async () => {
    const width = 200;
    const noise = randomBytes(width * width * 3);
    const png = await sharp(noise, { raw: { width, height: width, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.byteLength).toBeGreaterThan(64 * KB);
    const form = new FormData();
    form.set("file", new Blob([png], { type: "image/png" }), "noise.png");
    const cookie = await adminCookie(baseURL, { "X-Forwarded-For": uniqueIp() });
    const upload = await fetch(`${baseURL}/api/uploads?bucket=images`, {
      method: "POST",
      body: form,
      headers: { Origin: baseURL, cookie },
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    expect((await upload.json()).url).toMatch(/^\/uploads\/images\/.+\.png$/);
  });
});

describe("back-office bodies over the limit", { timeout: 120_000 }, () => {
  test("a chunked body over 4 MB to an admin action answers 413, and the log holds no unhandled error", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-host-"));
    const server = await startServer(
      await freePort(),
      { DATA_DIR: dataDir, LOG_LEVEL: "info" },
      { captureOutput: true },
    );
    try {
      const cookie = await adminCookie(server.base);
      const body = new URLSearchParams({
        intent: "create",
        title: "Far too long",
        body: "a".repeat(4 * 1024 * KB + 64 * KB),
      }).toString();
      const headers = { ...FORM, Origin: server.base, cookie };
      const answer = await post(`${server.base}/admin/blog`, body, headers, true);
      expect(answer.status).toBe(413);
      expect(answer.text).toBe("The request is too large: send at most 4 MB.");
      // The server still answers afterwards, and a stopped server has written all it had to say.
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
    const log = server.output.join("");
    expect(log).toContain("listening on");
    expect(log).not.toContain("unhandled error");
    expect(log).not.toContain("request body over");
  });
});

describe("the content API's CSRF exemption follows the routed path", () => {
  test("any casing of the content API path is the content API (key checked, not refused as cross-site)", async () => {
    const base = baseURL;
    for (const path of ["/functions/v1/content-api/blog", "/FUNCTIONS/V1/Content-Api/blog"]) {
      const answer = await post(`${base}${path}`, "{}", {
        "Content-Type": "application/json",
        Origin: "https://elsewhere.example",
      });
      expect(answer.status, path).toBe(401);
      expect(JSON.parse(answer.text).error.code).toBe("unauthorized");
    }
  });

  test("a path that only starts like the content API but routes elsewhere is not exempt", async () => {
    const url = new URL(baseURL);
    // fetch() would resolve the dot segments itself; a raw request sends them as they are.
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const body = "name=x";
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: "/functions/v1/content-api/../../../contact",
          headers: { ...FORM, "Content-Length": body.length, Origin: "https://elsewhere.example" },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(answer.status).toBe(403);
    expect(answer.text).toBe("Cross-site request refused.");
  });
});

test("every response turns the legacy XSS auditor off", async () => {
  for (const path of ["/", "/healthz", "/robots.txt", "/favicon.ico"]) {
    const response = await fetch(`${baseURL}${path}`);
    expect(response.headers.get("x-xss-protection"), path).toBe("0");
  }
});

describe("client addresses behind one proxy (TRUST_PROXY=1)", { timeout: 120_000 }, () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-host-"));
    server = await startServer(await freePort(), {
      DATA_DIR: dataDir,
      TRUST_PROXY: "1",
      RATE_LIMIT_FACTOR: "1",
    });
  });

  afterAll(async () => {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Newsletter sign-ups (5 per address per 10 minutes) as the proxy forwards them. */
  async function signUps(forwardedFor: () => string) {
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const response = await fetch(`${server.base}/api/leads`, {
        method: "POST",
        headers: {
          ...FORM,
          Origin: server.base,
          Accept: "application/json",
          "X-Forwarded-For": forwardedFor(),
        },
        body: new URLSearchParams({ kind: "newsletter", email: `limit-${id()}@example.com` }),
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  test("a forged left-most X-Forwarded-For does not escape the per-address limit", async () => {
    // What the client sends ("6.6.6.x") and, appended by the proxy, the address it really came from.
    const statuses = await signUps(() => `6.6.6.${Math.floor(Math.random() * 250) + 1}, 198.51.100.77`);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test("IPv6 clients are counted per /64, whichever address of it they use", async () => {
    const statuses = await signUps(() => `2001:db8:77:1:${randomBytes(2).toString("hex")}::1`);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another /64 is another client.
    expect(await signUps(() => "2001:db8:77:2::1")).toContain(200);
  });

  test("back-office forms may carry more than 64 KB (a long blog post)", async () => {
    const cookie = await adminCookie(server.base);
    const title = `Long post ${id()}`;
    const body = new URLSearchParams({
      intent: "create",
      title,
      slug: title.toLowerCase().replaceAll(" ", "-"),
      body: `<p>${"A long paragraph. ".repeat(8000)}</p>`,
    });
    expect(body.toString().length).toBeGreaterThan(128 * KB);
    const saved = await fetch(`${server.base}/admin/blog`, {
      method: "POST",
      headers: { ...FORM, Origin: server.base, cookie },
      body,
      redirect: "manual",
    });
    expect(saved.status, (await saved.text()).slice(0, 300)).toBe(200);
    const list = await (await fetch(`${server.base}/admin/blog`, { headers: { cookie } })).text();
    expect(list).toContain(title);
  });
});

/** Processes runServer started, stopped after each test even when it fails or times out. */
const started = new Set<ChildProcess>();

/** Runs `node server.ts` until it exits, or until `until` returns true for its output. */
function runServer(
  env: Record<string, string | undefined>,
  until?: (stdout: string) => boolean,
): Promise<{ code: number | null; stdout: string; stderr: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, ["server.ts"], {
    env: { ...process.env, SEED_DEMO: "false", LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(proc);
  proc.on("exit", () => started.delete(proc));
  let stdout = "";
  let stderr = "";
  return new Promise((resolve) => {
    proc.stdout?.on("data", (chunk) => {
      stdout += chunk;
      if (until?.(stdout)) resolve({ code: null, stdout, stderr, proc });
    });
    proc.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    proc.on("exit", (code) => resolve({ code, stdout, stderr, proc }));
  });
}

describe("starting the server", { timeout: 120_000 }, () => {
  afterEach(() => {
    for (const proc of started) proc.kill("SIGKILL");
  });

  test("a port that is already taken ends the process with status 1 and says so", async () => {
    const holder = createServer();
    const port = await new Promise<number>((resolve) =>
      holder.listen(0, "127.0.0.1", () => resolve((holder.address() as { port: number }).port)),
    );
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-port-"));
    try {
      const run = await runServer({
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: "e2e-admin-password",
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`port ${port} is already in use`);
      expect(run.stdout).not.toContain("listening on");
    } finally {
      holder.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("TRUST_PROXY=true is refused with a message saying what to set instead", async () => {
    const run = await runServer({ NODE_ENV: "production", TRUST_PROXY: "true", PORT: "0" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('TRUST_PROXY: "true" would trust any X-Forwarded-For');
    expect(run.stderr).not.toContain("    at ");
  });

  test("npm run dev listens on 127.0.0.1 only, unless HOST is set", async () => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    expect(external, "this check needs a network interface besides loopback").toBeTruthy();
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-dev-"));
    const run = await runServer(
      { NODE_ENV: "development", HOST: undefined, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      (stdout) => stdout.includes("listening on"),
    );
    try {
      expect(run.code, run.stderr).toBeNull();
      const line = run.stdout.split("\n").find((l) => l.includes("listening on")) as string;
      expect(JSON.parse(line).address).toBe("127.0.0.1");
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      const reached = await new Promise<boolean>((resolve) => {
        const socket = connect(port, external as string, () => {
          socket.destroy();
          resolve(true);
        });
        socket.on("error", () => resolve(false));
      });
      expect(reached, `port ${port} on ${external}`).toBe(false);
    } finally {
      const exited = new Promise((r) => run.proc.once("exit", r));
      run.proc.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
