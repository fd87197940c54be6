// Production servers that a reliability spec starts itself (apart from the two shared test servers): on a data
// folder or a PostgreSQL database of its own, killed or stopped by the test.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { API_KEY_PREFIX } from "../../app/lib/api-schemas";
import { E2E_ADMIN, expect } from "./fixtures";

export interface ServerProcess {
  proc: ChildProcess;
  base: string;
}

/** Starts `node server.ts` in production mode on `port` and waits for /healthz to answer 200. */
export async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const base = `http://localhost:${port}`;
  const proc = spawn(process.execPath, ["server.ts"], {
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
      ...env,
    },
    stdio: "ignore",
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).status === 200) return { proc, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
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

/** Signs in as the administrator over HTTP and returns the Cookie header for later requests. */
export async function adminCookie(base: string): Promise<string> {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { Origin: base, "Content-Type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server; `drop()` removes it. */
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

/** A POST from the administrator's browser: a form to an admin action, with our Origin. */
export async function adminPost(base: string, cookie: string, path: string, fields: Record<string, string>) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { Origin: base, cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  expect(response.status, `${path} ${JSON.stringify(fields)}`).toBeLessThan(400);
  return response;
}

/** Creates a content API key through the admin screen's action and returns its only plaintext copy. */
export async function createContentKey(base: string, cookie: string): Promise<string> {
  const html = await (
    await adminPost(base, cookie, "/admin/api-keys", { intent: "create", keyName: "Reliability test" })
  ).text();
  const key = new RegExp(`${API_KEY_PREFIX}[A-Za-z0-9_-]{43}`).exec(html)?.[0];
  expect(key, "the created key in the response").toBeTruthy();
  return key as string;
}
