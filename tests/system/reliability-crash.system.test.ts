// Reliability: kill -9 the production server while submissions stream in from four clients, restart it, and do that
// six times; every submission that was acknowledged (a 200) is then found — contact requests and a built form's
// submissions (both written by group commit), on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is
// set. A kill lands at a moment of the stream, so it cuts requests at every stage: being read, waiting for their
// group's commit, being answered. A cut request is not acknowledged, and may or may not have been stored. This spec
// starts its own servers (one at a time).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import {
  adminCookie,
  createOpenForm,
  scratchDatabase,
  startServer,
  stopServer,
} from "../e2e/support/server-process";
import { WEBINAR_EDITOR_INPUT } from "../support/webinar-definition";
import { postgresUrl } from "./support";

const ROUNDS = 6;
const CLIENTS = 4;

/** What streams in: where each submission goes, and how the stored ones are read back. */
interface Stream {
  /** Prepares the server once (the built form); answers the path submissions go to. */
  setUp(base: string, cookie: string): Promise<string>;
  body(tag: string, n: number): URLSearchParams;
  headers?: Record<string, string>;
  /** The CSV of the stored ones, every line with the address a submission was sent from. */
  export(base: string, cookie: string, tag: string, path: string): Promise<string>;
}

const contactRequests: Stream = {
  setUp: async () => "/contact",
  body: (tag, n) =>
    new URLSearchParams({
      name: `Crash ${n}`,
      email: `${tag}-${n}@example.com`,
      interest: "consulting",
      message: `Submission ${n} before a crash`,
    }),
  export: async (base, cookie, tag) =>
    (await fetch(`${base}/admin/contacts/export/contacts?q=${tag}`, { headers: { cookie } })).text(),
};

/** The webinar registration form, built through the editor's action and opened. */
const formSubmissions: Stream = {
  async setUp(base, cookie) {
    const id = await createOpenForm(base, cookie, WEBINAR_EDITOR_INPUT.name, WEBINAR_EDITOR_INPUT.definition);
    return `/api/forms/${id}`;
  },
  body: (tag, n) =>
    new URLSearchParams({
      name: `Crash ${n}`,
      work_email: `${tag}-${n}@acme-corp.example`,
      topics: "forecasting",
      consent: "on",
    }),
  headers: { Accept: "application/json" },
  export: async (base, cookie, _tag, path) =>
    (await fetch(`${base}/admin/forms/${path.split("/").at(-1)}/export`, { headers: { cookie } })).text(),
};

async function crashLoop(env: Record<string, string>, stream: Stream) {
  const port = await freePort();
  const tag = `crash${randomBytes(4).toString("hex")}`;
  const acknowledged = new Set<number>();
  /** Answers other than a 200: a server that is up refuses none of these submissions. */
  const refused: string[] = [];
  let next = 0;
  let server = await startServer(port, env);
  const { base } = server;
  try {
    const target = await stream.setUp(base, await adminCookie(base));
    for (let round = 0; round < ROUNDS; round++) {
      let streaming = true;
      const clients = Array.from({ length: CLIENTS }, async () => {
        while (streaming) {
          const n = next++;
          try {
            const response = await fetch(`${base}${target}`, {
              method: "POST",
              headers: {
                Origin: base,
                "Content-Type": "application/x-www-form-urlencoded",
                ...stream.headers,
              },
              body: stream.body(tag, n),
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
    const csv = await stream.export(base, await adminCookie(base), tag, target);
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

describe.each([
  ["contact requests", contactRequests],
  ["a built form's submissions", formSubmissions],
])("crash safety: %s", { timeout: 300_000 }, (_, stream) => {
  test("embedded database: every acknowledged submission survives kill -9", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-crash-"));
    try {
      await crashLoop({ DATA_DIR: dataDir }, stream);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("PostgreSQL: every acknowledged submission survives kill -9", async ({ skip }) => {
    const database = await scratchDatabase(postgresUrl(skip), "asimov_crash");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-crash-"));
    try {
      await crashLoop({ DATABASE_URL: database.url.toString(), DATA_DIR: dataDir }, stream);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
