// The administrator's sessions through better-auth's session endpoints: listed with device and address, one
// other session or all others ended, each ending audited, and this browser's own session never ended here.
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { type AdminIdentity, checkAdmin } from "~/auth/guard.server";
import { auth, initAuth } from "~/auth/instance.server";
import { latestAudit } from "~/models/audit.server";
import { setupTestDatabase } from "../../tests/support/test-db";
import {
  listAdminSessions,
  revokeAdminSession,
  revokeOtherAdminSessions,
  SESSION_MESSAGES,
} from "./admin-sessions.server";

setupTestDatabase();
const ORIGIN = "http://localhost:3000";
const PASSWORD = "sessions-test-password";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

async function browser(ip: string, userAgent: string) {
  const response = await auth().handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: ORIGIN,
        "x-forwarded-for": ip,
        "user-agent": userAgent,
      },
      body: JSON.stringify({ email: "admin@example.com", password: PASSWORD }),
    }),
  );
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const request = new Request(`${ORIGIN}/admin/security`, {
    headers: { cookie, "x-forwarded-for": ip, "user-agent": userAgent },
  });
  const check = await checkAdmin(request);
  if (!check.ok) throw new Error("not signed in");
  return { request, admin: check.admin as AdminIdentity };
}

beforeAll(async () => {
  process.env.ADMIN_PASSWORD = PASSWORD;
  await initAuth();
  await bootstrapAdmin();
});

describe("admin sessions", () => {
  it("lists every session, this one first and marked, ends another one and audits it", async () => {
    const mine = await browser("198.51.100.81", CHROME);
    const other = await browser("198.51.100.82", FIREFOX);
    const sessions = await listAdminSessions(mine.request, mine.admin);
    expect(sessions?.map((s) => [s.device, s.ip, s.current])).toEqual([
      ["Chrome on Linux", "198.51.100.81", true],
      ["Firefox on Windows", "198.51.100.82", false],
    ]);
    // Tokens stay on the server.
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);

    expect(await revokeAdminSession(mine.request, mine.admin, mine.admin.sessionId)).toEqual({
      ok: false,
      status: 400,
      message: SESSION_MESSAGES.current,
    });
    expect(await revokeAdminSession(mine.request, mine.admin, crypto.randomUUID())).toMatchObject({
      ok: false,
      status: 404,
    });

    expect(await revokeAdminSession(mine.request, mine.admin, other.admin.sessionId)).toEqual({
      ok: true,
      message: SESSION_MESSAGES.revoked,
    });
    expect((await checkAdmin(other.request)).ok).toBe(false);
    expect((await checkAdmin(mine.request)).ok).toBe(true);
    const [entry] = await latestAudit(1);
    expect(entry).toMatchObject({
      action: "auth.session.revoked",
      actor: "admin@example.com",
      entityId: other.admin.sessionId,
      ip: "198.51.100.81",
      details: { device: "Firefox on Windows", ip: "198.51.100.82" },
    });
  });

  it("ends all other sessions, keeps this one, and audits how many", async () => {
    const mine = await browser("198.51.100.83", CHROME);
    const others = [await browser("198.51.100.84", FIREFOX), await browser("198.51.100.85", FIREFOX)];
    const before = (await listAdminSessions(mine.request, mine.admin)) ?? [];
    expect(before.length).toBeGreaterThanOrEqual(3);

    expect(await revokeOtherAdminSessions(mine.request, mine.admin)).toEqual({
      ok: true,
      message: SESSION_MESSAGES.othersRevoked,
    });
    for (const other of others) expect((await checkAdmin(other.request)).ok).toBe(false);
    expect((await listAdminSessions(mine.request, mine.admin))?.map((s) => s.current)).toEqual([true]);
    const [entry] = await latestAudit(1);
    expect(entry).toMatchObject({
      action: "auth.session.revoked_others",
      details: { count: before.length - 1 },
    });
  });
});
