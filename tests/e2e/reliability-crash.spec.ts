// Reliability (issue #8): kill -9 the production server right after each of 50 acknowledged contact submissions,
// restart it, and find all 50 rows — on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.
// This spec starts its own servers (one at a time) instead of using the shared test servers.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { freePort } from "../../scripts/free-port.ts";
import { E2E_ADMIN, expect, test } from "./fixtures";

const SUBMISSIONS = 50;

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: `http://localhost:${port}`,
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
      if ((await fetch(`http://localhost:${port}/healthz`)).status === 200) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("server did not become healthy");
}

async function killHard(proc: ChildProcess) {
  const exited = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGKILL");
  await exited;
}

async function crashLoop(env: Record<string, string>) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const tag = `crash${randomBytes(4).toString("hex")}`;
  let server = await startServer(port, env);
  try {
    for (let n = 0; n < SUBMISSIONS; n++) {
      const response = await fetch(`${base}/contact`, {
        method: "POST",
        headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: `Crash ${n}`,
          email: `${tag}-${n}@example.com`,
          interest: "consulting",
          message: `Submission ${n} before a crash`,
        }),
      });
      expect(response.status).toBe(200);
      await killHard(server);
      server = await startServer(port, env);
    }
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/json" },
      body: JSON.stringify(E2E_ADMIN),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const csv = await (
      await fetch(`${base}/admin/contacts/export/contacts?q=${tag}`, { headers: { cookie } })
    ).text();
    const found = new Set(
      csv.split("\r\n").flatMap((line) => /crash[0-9a-f]{8}-(\d+)@/.exec(line)?.[1] ?? []),
    );
    expect(found.size).toBe(SUBMISSIONS);
  } finally {
    await killHard(server);
  }
}

test.describe("crash safety", () => {
  test.describe.configure({ timeout: 300_000 });

  test("embedded database: every acknowledged submission survives kill -9", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-crash-"));
    try {
      await crashLoop({ DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // Runs where PostgreSQL is available (CI sets TEST_DATABASE_URL).
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    test("PostgreSQL: every acknowledged submission survives kill -9", async () => {
      const name = `asimov_crash_${randomBytes(4).toString("hex")}`;
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-crash-"));
      try {
        await crashLoop({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  }
});
