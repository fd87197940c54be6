// Reliability: kill -9 the production server right after each of 50 acknowledged contact submissions,
// restart it, and find all 50 rows — on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.
// This spec starts its own servers (one at a time) instead of using the shared test servers.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import { adminCookie, scratchDatabase, startServer, stopServer } from "../e2e/support/server-process";
import { postgresUrl } from "./support";

const SUBMISSIONS = 50;

async function crashLoop(env: Record<string, string>) {
  const port = await freePort();
  const tag = `crash${randomBytes(4).toString("hex")}`;
  let server = await startServer(port, env);
  const { base } = server;
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
      await stopServer(server, "SIGKILL");
      server = await startServer(port, env);
    }
    const cookie = await adminCookie(base);
    const csv = await (
      await fetch(`${base}/admin/contacts/export/contacts?q=${tag}`, { headers: { cookie } })
    ).text();
    const found = new Set(
      csv.split("\r\n").flatMap((line) => /crash[0-9a-f]{8}-(\d+)@/.exec(line)?.[1] ?? []),
    );
    expect(found.size).toBe(SUBMISSIONS);
  } finally {
    await stopServer(server, "SIGKILL");
  }
}

describe("crash safety", { timeout: 300_000 }, () => {
  test("embedded database: every acknowledged submission survives kill -9", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-crash-"));
    try {
      await crashLoop({ DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("PostgreSQL: every acknowledged submission survives kill -9", async ({ skip }) => {
    const database = await scratchDatabase(postgresUrl(skip), "asimov_crash");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-crash-"));
    try {
      await crashLoop({ DATABASE_URL: database.url.toString(), DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
