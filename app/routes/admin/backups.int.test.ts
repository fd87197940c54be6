// The Backups screen's loader and action and the download route on a real database, signed in through better-auth
// as the owner and as an administrator: only the owner gets through; "Back up now" is refused while backups are
// off (400) and while one is queued (409), with the message the screen shows; a recorded archive downloads as an
// attachment, any other name is a 404.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { adminUsers, authUsers, backupRuns } from "~/db/schema";
import { type Env, env } from "~/env.server";
import { requestInfoContext } from "~/infra/request-context.server";
import { BACKUP_BUSY_MESSAGE, BACKUPS_OFF_MESSAGE, runBackupRound } from "~/models/backup-runs.server";
import { localStore } from "~/storage/local-disk.server";
import { addAccount } from "../../../tests/support/members";
import { setupTestDatabase } from "../../../tests/support/test-db";
import { loader as download } from "./backup-download";
import { action, loader } from "./backups";

const test = setupTestDatabase();
const ORIGIN = "http://localhost:3000";
const cookies = { owner: "", administrator: "" };
let dir: string;
let saved: Env["backup"];

async function signIn(email: string, password: string): Promise<string> {
  const response = await auth().handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify({ email, password }),
    }),
  );
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  process.env.ADMIN_PASSWORD = "backups-owner-password";
  await initAuth();
  await bootstrapAdmin();
  cookies.owner = await signIn("admin@example.com", "backups-owner-password");
  await addAccount({ email: "ada@example.com", password: "backups-admin-password", name: "Ada" });
  const [ada] = await test.handle().db.select().from(authUsers).where(eq(authUsers.email, "ada@example.com"));
  await test
    .handle()
    .db.insert(adminUsers)
    .values({ userId: ada?.id ?? "", role: "administrator" });
  cookies.administrator = await signIn("ada@example.com", "backups-admin-password");
  dir = await mkdtemp(path.join(os.tmpdir(), "asimov-backups-route-"));
  saved = env().backup;
});

afterAll(async () => {
  env().backup = saved;
  await rm(dir, { recursive: true, force: true });
});

function args(url: string, cookie: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "198.51.100.9", nonce: "" });
  const headers = new Headers(init.headers);
  headers.set("cookie", cookie);
  headers.set("origin", ORIGIN);
  return { request: new Request(`${ORIGIN}${url}`, { ...init, headers }), params, context } as never;
}

const backUpNow = (cookie = cookies.owner) =>
  action(
    args("/admin/backups", cookie, { method: "POST", body: new URLSearchParams({ intent: "run" }) }),
  ) as unknown as Promise<{ data: { ok: boolean; toast?: { message: string } }; init?: { status?: number } }>;

const screen = async () =>
  (
    (await loader(args("/admin/backups", cookies.owner))) as unknown as {
      data: { on: boolean; runs: unknown[] };
    }
  ).data;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (thrown: unknown) => thrown as Response,
  );

describe("/admin/backups", () => {
  it("refuses an administrator: the screen, Back up now and the download (403)", async () => {
    // Each started only when it is awaited: a refusal that settles while an earlier one is awaited would otherwise
    // be an unhandled rejection for a moment, which Vitest counts as an error of the run.
    const asAdministrator = [
      () => loader(args("/admin/backups", cookies.administrator)),
      () => backUpNow(cookies.administrator),
      () =>
        download(args("/admin/backups/download/x.tar.gz", cookies.administrator, {}, { file: "x.tar.gz" })),
    ];
    for (const outcome of asAdministrator) {
      const response = await refusal(outcome());
      expect(response?.status).toBe(403);
      expect(await response?.json()).toMatchObject({ error: { message: "Only the owner can do this." } });
    }
  });

  it("says backups are off, and refuses Back up now, without BACKUP_DIR", async () => {
    env().backup = { dir: undefined, hour: 3 };
    expect(await screen()).toMatchObject({ on: false, runs: [] });
    const refused = await backUpNow();
    expect(refused.init?.status).toBe(400);
    expect(refused.data.toast?.message).toBe(BACKUPS_OFF_MESSAGE);
  });

  it("queues one backup and refuses a second while it waits (409)", async () => {
    env().backup = { dir: path.join(dir, "backups"), hour: 3 };
    const started = await backUpNow();
    expect(started.data.ok).toBe(true);
    const again = await backUpNow();
    expect(again.init?.status).toBe(409);
    expect(again.data.toast?.message).toBe(BACKUP_BUSY_MESSAGE);
    expect(await screen()).toMatchObject({ on: true, runs: [{ status: "queued", trigger: "manual" }] });
  });

  it("downloads a recorded archive as an attachment, and nothing else", async () => {
    const schedule = { dir: path.join(dir, "backups"), hour: 3, zone: "UTC" };
    expect(await runBackupRound({ schedule, store: localStore(path.join(dir, "uploads")) })).toBe(1);
    const [run] = await test.handle().db.select().from(backupRuns).where(eq(backupRuns.status, "verified"));
    const file = run?.file ?? "";
    const response = (await download(
      args(`/admin/backups/download/${file}`, cookies.owner, {}, { file }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${file}"`);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(run?.size);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    for (const name of ["../pglite/PG_VERSION", `../backups/${file}`, "backup-x-daily.tar.gz", "%2e%2e"]) {
      const refused = await refusal(
        download(
          args(`/admin/backups/download/${encodeURIComponent(name)}`, cookies.owner, {}, { file: name }),
        ),
      );
      expect(refused?.status, name).toBe(404);
    }
  });
});
