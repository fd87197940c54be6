// Reliability: kill -9 the production server while contact submissions stream in from four clients, restart it,
// and do that six times; every submission that was acknowledged (a 200) is then found — on the embedded database,
// and on PostgreSQL when TEST_DATABASE_URL is set. A kill lands at a moment of the stream, so it cuts requests at
// every stage: being read, waiting for their group's commit, being answered. A cut request is not acknowledged,
// and may or may not have been stored. This spec starts its own servers (one at a time).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import { adminCookie, scratchDatabase, startServer, stopServer } from "../e2e/support/server-process";
import { postgresUrl } from "./support";

const ROUNDS = 6;
const CLIENTS = 4;

async function crashLoop(env: Record<string, string>) {
  const port = await freePort();
  const tag = `crash${randomBytes(4).toString("hex")}`;
  const acknowledged = new Set<number>();
  /** Answers other than a 200: a server that is up refuses none of these submissions. */
  const refused: string[] = [];
  let next = 0;
  let server = await startServer(port, env);
  const { base } = server;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      let streaming = true;
      const clients = Array.from({ length: CLIENTS }, async () => {
        while (streaming) {
          const n = next++;
          try {
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
            await response.arrayBuffer();
            if (response.status === 200) acknowledged.add(n);
            else refused.push(`submission ${n}: ${response.status}`);
          } catch {
            // Cut by the kill (or refused while the server is down): not acknowledged.
          }
        }
      });
      // Killed once this round has had a few of its submissions acknowledged, a different number each round.
      const enough = acknowledged.size + 4 + round * 3;
      const deadline = Date.now() + 60_000;
      while (acknowledged.size < enough && refused.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      await stopServer(server, "SIGKILL");
      streaming = false;
      await Promise.all(clients);
      server = await startServer(port, env);
    }
    const cookie = await adminCookie(base);
    const csv = await (
      await fetch(`${base}/admin/contacts/export/contacts?q=${tag}`, { headers: { cookie } })
    ).text();
    const found = new Set(
      csv
        .split("\r\n")
        .flatMap((line) => /crash[0-9a-f]{8}-(\d+)@/.exec(line)?.[1] ?? [])
        .map(Number),
    );
    const lost = [...acknowledged].filter((n) => !found.has(n));
    expect(refused).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(ROUNDS * 4);
    expect(lost, `acknowledged but not stored (of ${acknowledged.size})`).toEqual([]);
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
