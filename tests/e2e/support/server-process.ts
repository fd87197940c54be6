// Production servers started outside Playwright's two shared test servers: by the reliability and host specs (on
// a data folder or a PostgreSQL database of their own, killed or stopped by the test) and by bench/run.ts. Plain
// Node, no Playwright import, so the bench can use it too.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { API_KEY_PREFIX } from "../../../app/lib/api-keys.ts";
import { freePort } from "../../../scripts/free-port.ts";

/** The administrator's credentials on every server the tests and the bench start. */
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };

/** A random private-range address, so each test is its own client for the rate limits. */
export function uniqueIp(): string {
  return `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
}

/** A short random suffix that makes names, emails and slugs unique per test run. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString("hex");
}

/**
 * The environment of the two shared test servers (demo content, and empty with `seedDemo: false`): Playwright's
 * (playwright.config.ts) and the system project's (tests/system/global-setup.ts).
 */
export function sharedServerEnv(
  dataDir: string,
  { seedDemo }: { seedDemo: boolean },
): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    SEED_DEMO: String(seedDemo),
    // Tests stand for many visitors: each may send its own X-Forwarded-For to be its own client. Trusting the
    // loopback "proxy" (the test runner) makes that one address the client, as one real proxy's would be.
    TRUST_PROXY: "loopback",
    // The rate limits as in production: tests that send many requests use a client address each.
    RATE_LIMIT_FACTOR: "1",
    // Tests fill forms faster than a person: the time trap would drop their leads (leads.int.test.ts covers it).
    LEAD_MIN_FILL_MS: "0",
    LOG_LEVEL: "warn",
  };
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");

export interface ServerProcess {
  proc: ChildProcess;
  base: string;
  /** Milliseconds from spawn to the first 200 on the ready path. */
  startMs: number;
  /** What the server wrote to stdout and stderr (its log lines), with `captureOutput`; empty otherwise. */
  output: string[];
}

interface StartOptions {
  /** The path polled until it answers 200 (default /healthz). */
  readyPath?: string;
  /** Let the server's stderr through (the bench does; tests keep their output clean). */
  inheritStderr?: boolean;
  /** Keep the server's stdout and stderr in `output`, for a test that reads its log. */
  captureOutput?: boolean;
  /** Start through `npm start`'s launcher (scripts/start.ts: the process settings), not `node server.ts`. */
  launcher?: boolean;
}

/** Starts `node server.ts` in production mode on `port` and waits for the ready path to answer 200. */
export async function startServer(
  port: number,
  env: Record<string, string>,
  {
    readyPath = "/healthz",
    inheritStderr = false,
    captureOutput = false,
    launcher = false,
  }: StartOptions = {},
): Promise<ServerProcess> {
  const base = `http://localhost:${port}`;
  const began = performance.now();
  const entry = launcher ? "scripts/start.ts" : "server.ts";
  const proc = spawn(process.execPath, [path.join(root, entry)], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: base,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "false",
      LOG_LEVEL: "error",
      RATE_LIMIT_FACTOR: "0",
      LEAD_MIN_FILL_MS: "0",
      ...env,
    },
    stdio: [
      "ignore",
      captureOutput ? "pipe" : "ignore",
      captureOutput ? "pipe" : inheritStderr ? "inherit" : "ignore",
    ],
  });
  const output: string[] = [];
  proc.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  proc.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${base}${readyPath}`)).status === 200) {
        return { proc, base, startMs: Math.round(performance.now() - began), output };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  proc.kill("SIGKILL");
  throw new Error("server did not become healthy");
}

/** SIGKILL (a crash) or SIGTERM (a graceful stop), and wait for the process to be gone. */
export async function stopServer(server: ServerProcess, signal: "SIGKILL" | "SIGTERM" = "SIGTERM") {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  const exited = new Promise((r) => server.proc.once("exit", r));
  server.proc.kill(signal);
  await exited;
}

/**
 * Signs in as the administrator over HTTP and returns the Cookie header for later requests; `headers` go with the
 * sign-in (a client address of its own, for example).
 */
export async function adminCookie(base: string, headers: Record<string, string> = {}): Promise<string> {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { ...headers, Origin: base, "Content-Type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (signIn.status !== 200) throw new Error(`admin sign-in answered ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A new, empty PostgreSQL database on `adminUrl`'s server; `drop()` removes it. */
export async function scratchDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Two production servers sharing one scratch PostgreSQL database (demo content), as behind a load balancer: their
 * addresses, a connection to the database for the test's own reads, and `stop()`, which ends all of it.
 */
export async function twoInstances(adminUrl: string, prefix: string, env: Record<string, string> = {}) {
  const database = await scratchDatabase(adminUrl, prefix);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const shared = { DATABASE_URL: database.url.toString(), DATA_DIR: dataDir, SEED_DEMO: "true", ...env };
  const servers: ServerProcess[] = [];
  const sql = postgres(database.url.toString(), { max: 1, onnotice: () => {} });
  const stop = async () => {
    for (const server of servers) await stopServer(server);
    await sql.end();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  try {
    servers.push(await startServer(await freePort(), shared));
    servers.push(await startServer(await freePort(), shared));
  } catch (error) {
    await stop();
    throw error;
  }
  const [a, b] = servers as [ServerProcess, ServerProcess];
  return { a, b, sql, stop };
}

/**
 * What the form screen posts to create an open built form named `name` with `definition` (at /admin/forms/new), with
 * any other of its settings (`captcha`, …).
 */
export function newOpenForm(
  name: string,
  definition: unknown,
  settings: Record<string, unknown> = {},
): Record<string, string> {
  const form = {
    name,
    status: "open",
    opensAt: "",
    closesAt: "",
    maxSubmissions: "",
    closedMessage: "",
    definition,
    ...settings,
  };
  return { intent: "save", base: "", form: JSON.stringify(form) };
}

/** Creates that form through the form screen's action, as `cookie`'s member; its id. */
export async function createOpenForm(
  base: string,
  cookie: string,
  name: string,
  definition: unknown,
  settings: Record<string, unknown> = {},
): Promise<string> {
  const created = await adminPost(base, cookie, "/admin/forms/new", newOpenForm(name, definition, settings));
  const id = /^\/admin\/forms\/([0-9a-f-]{36})$/.exec(created.headers.get("location") ?? "")?.[1];
  if (!id) throw new Error(`the form was not created (${created.status})`);
  return id;
}

/** A POST from the administrator's browser: a form to an admin action, with our Origin. */
export async function adminPost(base: string, cookie: string, path: string, fields: Record<string, string>) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { Origin: base, cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  if (response.status >= 400) {
    throw new Error(`${path} ${JSON.stringify(fields)} answered ${response.status}`);
  }
  return response;
}

/**
 * Creates a content API key through the admin screen's action and returns its only plaintext copy; `permission`:
 * what it may do (content_management unless told).
 */
export async function createContentKey(
  base: string,
  cookie: string,
  name = "Reliability test",
  permission = "content_management",
): Promise<string> {
  const html = await (
    await adminPost(base, cookie, "/admin/api-keys", {
      intent: "create",
      keyName: name,
      permissions: permission,
    })
  ).text();
  const key = new RegExp(`${API_KEY_PREFIX}[A-Za-z0-9_-]{43}`).exec(html)?.[0];
  if (!key) throw new Error("the created key is not in the response");
  return key;
}

/** A footer newsletter sign-up to the server at `base` (from outside any page), as the form sends it. */
export async function signUpForNewsletter(base: string, email: string) {
  const response = await fetch(`${base}/api/leads`, {
    method: "POST",
    headers: {
      Origin: base,
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ kind: "newsletter", email, source_page: "/blog" }),
  });
  if (response.status !== 200) {
    throw new Error(`newsletter sign-up answered ${response.status}: ${await response.text()}`);
  }
}
