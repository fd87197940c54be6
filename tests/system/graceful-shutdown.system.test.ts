// A graceful stop (SIGTERM) loses nothing that a background job (app/jobs) holds: page views and 404 hits still in
// memory, a webhook still in the outbox, leads sent just before the signal, a post scheduled to go live while no
// server runs. The server gets each kind of work, is stopped with SIGTERM (and must exit by itself, code 0, not
// through the forced exit), is started again, and everything arrives exactly once. Which of the late leads the
// server took in before its listener closed depends on timing; each one it took in must be stored and announced
// once, and none may fail half-way.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { describe, expect, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import {
  adminCookie,
  adminPost,
  createContentKey,
  type ServerProcess,
  scratchDatabase,
  startServer,
  stopServer,
  uniqueSuffix,
} from "../e2e/support/server-process";
import { type ReceivedHook, startReceiver } from "../support/receivers";
import { DESKTOP_CHROME } from "../support/user-agents";
import { postgresUrl } from "./support";

const VIEWS = 30;
const MISSES = 30;
const LATE_LEADS = 5;

/** Rows of one SQL statement, read after the last server has stopped (PGlite allows one process at a time). */
type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Sends a contact lead; the status, or 0 when the connection failed (the server was going away). */
async function sendLead(base: string, email: string): Promise<number> {
  try {
    const response = await fetch(`${base}/contact`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Shutdown Test",
        email,
        interest: "consulting",
        message: "Sent just before the server was told to stop.",
      }),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

const hooksFor = (hooks: ReceivedHook[], text: string) => hooks.filter((h) => h.body.includes(text)).length;

async function nothingLostOnSigterm(env: Record<string, string>, query: () => Promise<Query>) {
  const tag = uniqueSuffix();
  const receiver = await startReceiver();
  const port = await freePort();
  const common = { ...env, WEBHOOK_ALLOW_PRIVATE: "true", LOG_LEVEL: "warn" };
  let server: ServerProcess = await startServer(port, common);
  try {
    const cookie = await adminCookie(server.base);
    for (const events of ["lead.created", "content.published"]) {
      await adminPost(server.base, cookie, "/admin/integrations", {
        intent: "create",
        url: receiver.url,
        events,
      });
    }
    // The publication scheduler: a post that comes due while no server runs goes live at the next start-up.
    const key = await createContentKey(server.base, cookie, "Shutdown test");
    const slug = `shutdown-probe-${tag}`;
    const dueAt = Date.now() + 2_000;
    const created = await fetch(`${server.base}/functions/v1/content-api/blog`, {
      method: "POST",
      headers: { "x-api-key": key, "Content-Type": "application/json" },
      body: JSON.stringify({
        title: `Shutdown probe ${tag}`,
        slug,
        description: "Scheduled across a restart.",
        category: "Engineering",
        status: "published",
        published_at: new Date(dueAt).toISOString(),
      }),
    });
    expect(created.status).toBe(201);

    // The outbox: a committed lead whose webhook may or may not have gone out before the signal.
    const first = `shutdown-first-${tag}@example.com`;
    expect(await sendLead(server.base, first)).toBe(200);

    // The analytics buffer and the 404 counter: hits answered just now, flushed once a second.
    const missing = `/shutdown-missing-${tag}`;
    for (let i = 0; i < Math.max(VIEWS, MISSES); i++) {
      if (i < VIEWS) {
        const view = await fetch(`${server.base}/pricing?utm_source=shutdown-${tag}`, {
          headers: { "User-Agent": DESKTOP_CHROME, Accept: "text/html" },
        });
        expect(view.status).toBe(200);
        await view.arrayBuffer();
      }
      if (i < MISSES) {
        const miss = await fetch(`${server.base}${missing}`, {
          headers: { "User-Agent": DESKTOP_CHROME, Accept: "text/html" },
        });
        expect(miss.status).toBe(404);
        await miss.arrayBuffer();
      }
    }
    // The leads' group commit: leads on their way in when the signal comes.
    const late = Array.from({ length: LATE_LEADS }, (_, i) => `shutdown-late-${i}-${tag}@example.com`);
    const answers = late.map((email) => sendLead(server.base, email));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const exited = new Promise<number | null>((resolve) => server.proc.once("exit", (code) => resolve(code)));
    server.proc.kill("SIGTERM");
    // Drained within the grace period: the process ends by itself, not by the forced exit (code 1).
    expect(await exited).toBe(0);
    // A lead the server took in was written before the database closed (200); one that came after the listener
    // closed was refused (no answer, 0). None failed half-way (5xx).
    const statuses = await Promise.all(answers);
    for (const status of statuses) expect([0, 200]).toContain(status);

    // Restarted once the post is due: the scheduler publishes it and the outbox delivers what is left.
    const wait = dueAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 100));
    server = await startServer(port, common);
    await expect.poll(() => hooksFor(receiver.hooks, `"slug":"${slug}"`), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => hooksFor(receiver.hooks, first), { timeout: 30_000 }).toBe(1);
    for (const [i, email] of late.entries()) {
      if (statuses[i] === 200) {
        await expect.poll(() => hooksFor(receiver.hooks, email), { timeout: 30_000 }).toBe(1);
      }
    }
    await stopServer(server, "SIGTERM");

    const sql = await query();
    const [views] = await sql(
      "select coalesce(sum(views), 0)::int as n from analytics_page_views where utm_source = $1",
      [`shutdown-${tag}`],
    );
    expect(views?.n).toBe(VIEWS);
    const [misses] = await sql("select hits from not_found_paths where path = $1", [missing]);
    expect(misses?.hits).toBe(MISSES);
    const [post] = await sql("select publication_pending from asimov_blog_posts where slug = $1", [slug]);
    expect(post?.publication_pending).toBe(false);
    for (const [i, email] of [first, ...late].entries()) {
      const [stored] = await sql("select count(*)::int as n from atlas_contact_requests where email = $1", [
        email,
      ]);
      // Every lead that was answered is stored, once; one the server never answered is stored at most once.
      const answered = i === 0 || statuses[i - 1] === 200;
      if (answered) expect(stored?.n, email).toBe(1);
      else expect(stored?.n, email).toBeLessThanOrEqual(1);
      // Its webhook went out exactly as often as it is stored (the second run had time to deliver).
      expect(hooksFor(receiver.hooks, email), email).toBe(stored?.n);
    }
  } finally {
    await stopServer(server, "SIGKILL");
    await receiver.close();
  }
}

describe("graceful shutdown", { timeout: 180_000 }, () => {
  test("embedded database: SIGTERM with work pending in every background job loses nothing", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-shutdown-"));
    let db: PGlite | undefined;
    try {
      await nothingLostOnSigterm({ DATA_DIR: dataDir }, async () => {
        db = new PGlite(path.join(dataDir, "pglite"));
        const open = db;
        return async (text, params) => (await open.query<Record<string, unknown>>(text, params)).rows;
      });
    } finally {
      await db?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("PostgreSQL: SIGTERM with work pending in every background job loses nothing", async ({ skip }) => {
    const database = await scratchDatabase(postgresUrl(skip), "asimov_shutdown");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-shutdown-"));
    const client = postgres(database.url.toString(), { max: 1, onnotice: () => {} });
    try {
      await nothingLostOnSigterm({ DATABASE_URL: database.url.toString(), DATA_DIR: dataDir }, async () => {
        return async (text, params) =>
          (await client.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as Record<
            string,
            unknown
          >[];
      });
    } finally {
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
