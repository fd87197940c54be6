// The admin sign-in flow on the server (docs/product.md, Admin sign-in), brute-force limits, global sign-out,
// audit entries, and password reset by email through a real SMTP server started here.
import type { AddressInfo } from "node:net";
import { desc, eq, like } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bootstrapAdmin, setAdminPassword } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import {
  AUTH_MESSAGES,
  callAuthEndpoint,
  signInAdmin,
  signOutEverywhere,
  verifyAdminSecondFactor,
} from "~/auth/sign-in.server";
import { SIGN_IN_LIMITS, signInDelaySeconds } from "~/auth/throttle.server";
import { adminUsers, auditLog, authVerifications, rateLimits } from "~/db/schema";
import { readFlash } from "~/lib/flash.server";
import { requestInfoContext } from "~/lib/request-context.server";
import { latestAudit } from "~/models/audit.server";
import { action as resetAction } from "~/routes/auth/reset-password";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { setupTestDatabase } from "../support/test-db";
import { totpFromUri } from "../support/totp";

const ADMIN = { email: "admin@example.com", password: "flow-admin-password" };
const OTHER = { email: "not-the-admin@example.com", password: "other-user-password" };
const BASE = "http://localhost:3000";

// A real SMTP server for this file; the app sends to it through SMTP_URL.
const inbox: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, _session, callback) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => {
      raw += chunk.toString("utf8");
    });
    stream.on("end", () => {
      inbox.push(raw);
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

process.env.ADMIN_EMAIL = ADMIN.email;
// No ADMIN_PASSWORD: with it, the password is managed by the environment and the reset flow is refused
// (app/auth-password.int.test.ts); here the password is set like the CLI does.
delete process.env.ADMIN_PASSWORD;
process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
process.env.MAIL_FROM = "Asimov <no-reply@example.com>";

const test = setupTestDatabase();
let adminUserId = "";

function browserRequest(
  path: string,
  init: { cookie?: string; ip?: string; form?: Record<string, string> } = {},
) {
  const headers = new Headers({
    "x-forwarded-for": init.ip ?? "198.51.100.1",
    "user-agent": "vitest-browser",
    origin: BASE,
  });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (!init.form) return new Request(`${BASE}${path}`, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(`${BASE}${path}`, { method: "POST", headers, body: new URLSearchParams(init.form) });
}

const cookieHeader = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(";")[0])
    .filter((c) => !c?.endsWith("="))
    .join("; ");

function routeArgs(request: Request) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "198.51.100.1", nonce: "n" });
  return { request, params: {}, context } as never;
}

beforeAll(async () => {
  await initAuth();
  adminUserId = (await bootstrapAdmin()).userId;
  await setAdminPassword(ADMIN.password);
  const ctx = await auth().$context;
  const other = await ctx.internalAdapter.createUser(
    {
      email: OTHER.email,
      name: "Other",
      emailVerified: true,
    },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: other.id,
    providerId: "credential",
    accountId: other.id,
    password: await ctx.password.hash(OTHER.password),
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("admin sign-in flow", () => {
  it("grants the active admin and forwards the session cookie (HttpOnly, SameSite=Lax)", async () => {
    const outcome = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.10" }), ADMIN);
    expect(outcome).toMatchObject({ kind: "granted", message: "Admin access granted" });
    if (outcome.kind !== "granted") return;
    const session = outcome.setCookies.find((c) => c.includes("session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const [entry] = await latestAudit(1);
    expect(entry).toMatchObject({ action: "auth.admin_access.granted", actor: ADMIN.email });
    expect(entry?.ip).toBe("198.51.100.10");
    expect(entry?.userAgent).toBe("vitest-browser");
  });

  it("rejects wrong credentials with 'Invalid email or password' and audits the failure", async () => {
    const outcome = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.11" }), {
      email: ADMIN.email,
      password: "not-the-password",
    });
    expect(outcome).toMatchObject({ kind: "error", status: 401, message: "Invalid email or password" });
    const [entry] = await test
      .handle()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, "auth.sign_in.failure"))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry).toMatchObject({ actor: ADMIN.email, ip: "198.51.100.11" });
  });

  it("signs out a user whose email is not the admin email: 'Unauthorized: Invalid admin email'", async () => {
    const outcome = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.12" }), OTHER);
    expect(outcome).toMatchObject({
      kind: "error",
      status: 403,
      message: "Unauthorized: Invalid admin email",
    });
    const ctx = await auth().$context;
    const user = await ctx.internalAdapter.findUserByEmail(OTHER.email);
    expect(await ctx.internalAdapter.listSessions(user?.user.id ?? "")).toEqual([]);
  });

  it("creates a missing admin_users row active on first sign-in, and denies an inactive one", async () => {
    await test.handle().db.delete(adminUsers).where(eq(adminUsers.userId, adminUserId));
    const first = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.13" }), ADMIN);
    expect(first.kind).toBe("granted");
    const [row] = await test.handle().db.select().from(adminUsers).where(eq(adminUsers.userId, adminUserId));
    expect(row).toMatchObject({ role: "owner", isActive: true });

    await test
      .handle()
      .db.update(adminUsers)
      .set({ isActive: false })
      .where(eq(adminUsers.userId, adminUserId));
    const denied = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.14" }), ADMIN);
    expect(denied).toMatchObject({ kind: "error", status: 403, message: "Admin access denied" });
    await test
      .handle()
      .db.update(adminUsers)
      .set({ isActive: true })
      .where(eq(adminUsers.userId, adminUserId));
  });

  it("waits 1 s, 2 s, 4 s… after five failures from one source, up to 15 minutes", () => {
    expect([0, 4, 5, 6, 7, 10].map((n) => signInDelaySeconds(n))).toEqual([0, 0, 1, 2, 4, 32]);
    expect(signInDelaySeconds(15)).toBe(SIGN_IN_LIMITS.failures.maxDelay);
    expect(signInDelaySeconds(10_000)).toBe(15 * 60);
  });

  it("guesses from many addresses against the admin email do not lock the owner out", async () => {
    for (let i = 0; i < 12; i++) {
      const outcome = await signInAdmin(browserRequest("/admin-auth", { ip: `192.0.2.${i + 1}` }), {
        email: ADMIN.email,
        password: `guess-number-${i}`,
      });
      expect(outcome).toMatchObject({ status: 401 });
    }
    const owner = await signInAdmin(browserRequest("/admin-auth", { ip: "192.0.2.201" }), ADMIN);
    expect(owner.kind).toBe("granted");
  });

  it("slows the guessing address (429, when to retry), not the owner elsewhere or on a known device", async () => {
    // The owner's laptop signed in before, somewhere else: it is a known device.
    const laptop = await signInAdmin(browserRequest("/admin-auth", { ip: "203.0.113.90" }), ADMIN);
    if (laptop.kind !== "granted") throw new Error("sign-in failed");
    const device = laptop.setCookies.find((c) => c.startsWith("asimov_known_device="));
    expect(device).toMatch(/HttpOnly/);
    const deviceCookie = cookieHeader(device ? [device] : []);

    const attacker = "203.0.113.66";
    for (let i = 0; i < 10; i++) {
      const outcome = await signInAdmin(browserRequest("/admin-auth", { ip: attacker }), {
        email: ADMIN.email,
        password: `guess-${i}-wrong`,
      });
      expect(outcome.kind).toBe("error");
      if (outcome.kind !== "error") return;
      expect(outcome.status).toBe(i < SIGN_IN_LIMITS.perIp.max ? 401 : 429);
      if (outcome.status === 429) {
        expect(outcome.message).toMatch(
          /^Too many sign-in attempts\. Try again in \d+ (seconds?|minutes?)\.$/,
        );
        expect(outcome.retryAfter).toBeGreaterThan(0);
      }
    }
    // Even the right password waits at the guessing address…
    const sameAddress = await signInAdmin(browserRequest("/admin-auth", { ip: attacker }), ADMIN);
    expect(sameAddress).toMatchObject({ kind: "error", status: 429 });
    // …but not from another address, nor from the known device behind that same address.
    const elsewhere = await signInAdmin(browserRequest("/admin-auth", { ip: "203.0.113.91" }), ADMIN);
    expect(elsewhere.kind).toBe("granted");
    const known = await signInAdmin(
      browserRequest("/admin-auth", { ip: attacker, cookie: deviceCookie }),
      ADMIN,
    );
    expect(known.kind).toBe("granted");
  });

  it("counts a known device's own failures under the device, and slows it after five", async () => {
    const first = await signInAdmin(browserRequest("/admin-auth", { ip: "203.0.113.100" }), ADMIN);
    if (first.kind !== "granted") throw new Error("sign-in failed");
    const cookie = cookieHeader(first.setCookies.filter((c) => c.startsWith("asimov_known_device=")));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // A new address each time: only the device's own count can hold it back.
      const outcome = await signInAdmin(
        browserRequest("/admin-auth", { ip: `203.0.113.${110 + i}`, cookie }),
        {
          email: ADMIN.email,
          password: `device-guess-${i}`,
        },
      );
      statuses.push(outcome.kind === "error" ? outcome.status : 200);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // A forged device cookie is just an unknown browser.
    const forged = cookie.replace(/\.[^.;]+$/, `.${"A".repeat(43)}%3D`);
    expect(forged).not.toBe(cookie);
    const outcome = await signInAdmin(
      browserRequest("/admin-auth", { ip: "203.0.113.120", cookie: forged }),
      ADMIN,
    );
    expect(outcome.kind).toBe("granted");
  });

  it("counts an IPv6 source's failures per /64, so hopping inside it gains nothing", async () => {
    for (const ip of ["2001:db8:5:6::1", "2001:db8:5:6:ffff::2"]) {
      const outcome = await signInAdmin(browserRequest("/admin-auth", { ip }), {
        email: ADMIN.email,
        password: "wrong-from-ipv6",
      });
      expect(outcome.kind).toBe("error");
    }
    const rows = await test
      .handle()
      .db.select({ key: rateLimits.key, count: rateLimits.count })
      .from(rateLimits)
      .where(like(rateLimits.key, `auth:sign-in-failures:${ADMIN.email}|ip:2001:db8:5:6%`));
    expect(rows).toEqual([{ key: `auth:sign-in-failures:${ADMIN.email}|ip:2001:db8:5:6::/64`, count: 2 }]);
  });

  it("limits attempts per client address", async () => {
    const ip = "192.0.2.250";
    const results: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.perIp.max; i++) {
      const outcome = await signInAdmin(browserRequest("/admin-auth", { ip }), {
        email: `ip-limit-${i}@example.com`,
        password: "whatever-pass",
      });
      results.push(outcome.kind === "error" ? outcome.status : 200);
    }
    expect(results.at(-1)).toBe(429);
  });
});

describe("sign-out", () => {
  it("ends every session of the admin, clears cookies and lands on /admin-auth", async () => {
    const a = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.20" }), ADMIN);
    const b = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.21" }), ADMIN);
    if (a.kind !== "granted" || b.kind !== "granted") throw new Error("sign-in failed");
    const cookieA = cookieHeader(a.setCookies);
    const cookieB = cookieHeader(b.setCookies);
    const response = (await signOutAction(
      routeArgs(browserRequest("/admin-auth/sign-out", { cookie: cookieA, form: {} })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin-auth");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => /session_token=;.*Max-Age=0/.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith("asimov_flash="))).toBe(true);
    expect(await auth().api.getSession({ headers: new Headers({ cookie: cookieB }) })).toBeNull();
    const [entry] = await latestAudit(1);
    expect(entry?.action).toBe("auth.sign_out.success");
  });

  it("still lands on /admin-auth with 'Error signing out' when revoking fails", async () => {
    const a = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.22" }), ADMIN);
    if (a.kind !== "granted") throw new Error("sign-in failed");
    const ctx = await auth().$context;
    const spy = vi
      .spyOn(ctx.internalAdapter, "deleteUserSessions")
      .mockRejectedValueOnce(new Error("db down"));
    expect(await signOutEverywhere(browserRequest("/", { cookie: cookieHeader(a.setCookies) }))).toBe(false);
    spy.mockRejectedValueOnce(new Error("db down"));
    const response = (await signOutAction(
      routeArgs(browserRequest("/admin-auth/sign-out", { cookie: cookieHeader(a.setCookies), form: {} })),
    )) as Response;
    spy.mockRestore();
    expect(response.headers.get("location")).toBe("/admin-auth");
    const flash = response.headers.getSetCookie().find((c) => c.startsWith("asimov_flash=")) ?? "";
    const next = new Request("http://localhost/admin-auth", {
      headers: { cookie: flash.split(";")[0] ?? "" },
    });
    expect(flash).toMatch(/Max-Age=60;.*HttpOnly/);
    expect((await readFlash(next)).flash).toMatchObject({
      type: "error",
      message: AUTH_MESSAGES.signOutError,
    });
  });
});

describe("password reset by email", () => {
  async function requestReset(ip: string) {
    inbox.length = 0;
    const response = await auth().handler(
      new Request(`${BASE}/api/auth/request-password-reset`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": ip },
        body: JSON.stringify({ email: ADMIN.email }),
      }),
    );
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(inbox.length).toBe(1), { timeout: 5000 });
    const raw = inbox[0]?.replace(/=\r?\n/g, "").replace(/=3D/g, "=") ?? "";
    const token = raw.match(/\/admin-auth\/reset\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    return token as string;
  }

  async function reset(token: string, password: string) {
    return resetAction(
      routeArgs(browserRequest("/admin-auth/reset", { form: { token, password, confirm: password } })),
    );
  }

  it("mails a single-use link that sets a new password and ends existing sessions", async () => {
    const before = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.30" }), ADMIN);
    if (before.kind !== "granted") throw new Error("sign-in failed");
    // Someone has been guessing: a successful reset forgets those failures.
    for (let i = 0; i < 5; i++) {
      await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.35" }), {
        email: ADMIN.email,
        password: `before-reset-${i}`,
      });
    }
    const failureRows = () =>
      test
        .handle()
        .db.select()
        .from(rateLimits)
        .where(like(rateLimits.key, `auth:sign-in-failures:${ADMIN.email}|%`));
    expect((await failureRows()).length).toBeGreaterThan(0);
    const token = await requestReset("198.51.100.31");
    expect(inbox[0]).toContain("To: admin@example.com");

    const done = (await reset(token, "brand-new-password")) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin-auth");
    const oldSession = new Headers({ cookie: cookieHeader(before.setCookies) });
    expect(await auth().api.getSession({ headers: oldSession })).toBeNull();
    expect(await failureRows()).toEqual([]);
    const signedIn = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.32" }), {
      email: ADMIN.email,
      password: "brand-new-password",
    });
    expect(signedIn.kind).toBe("granted");

    // Single use: the same link does not work twice.
    const again = (await reset(token, "another-password")) as { init?: ResponseInit; data?: unknown };
    expect(JSON.stringify(again)).toContain("invalid or has expired");

    const actions = (await latestAudit(20)).map((e) => e.action);
    expect(actions).toContain("auth.password_reset.success");
  });

  it("refuses an expired link", async () => {
    const token = await requestReset("198.51.100.33");
    await test
      .handle()
      .db.update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(authVerifications.identifier, `reset-password:${token}`));
    const result = await reset(token, "too-late-password");
    expect(JSON.stringify(result)).toContain("invalid or has expired");
  });

  it("sends nothing for an email that is not the administrator's", async () => {
    inbox.length = 0;
    const response = await auth().handler(
      new Request(`${BASE}/api/auth/request-password-reset`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": "198.51.100.34" },
        body: JSON.stringify({ email: OTHER.email }),
      }),
    );
    expect(response.status).toBe(200);
    // The reset mail is sent before the endpoint answers, so an empty inbox now means none was sent.
    expect(inbox).toEqual([]);
  });
});

describe("two-factor sign-in", () => {
  it("asks for a code after the password, accepts a recovery code once, and audits every change", async () => {
    const PASSWORD = "two-factor-test-password";
    await setAdminPassword(PASSWORD);
    const granted = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.40" }), {
      email: ADMIN.email,
      password: PASSWORD,
    });
    if (granted.kind !== "granted") throw new Error("sign-in failed");
    let cookie = cookieHeader(granted.setCookies);
    const enable = await callAuthEndpoint(
      browserRequest("/", { cookie, ip: "198.51.100.41" }),
      "/two-factor/enable",
      {
        password: PASSWORD,
      },
    );
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = enable.json as { totpURI: string; backupCodes: string[] };
    const confirm = await callAuthEndpoint(
      browserRequest("/", { cookie, ip: "198.51.100.42" }),
      "/two-factor/verify-totp",
      { code: totpFromUri(totpURI) },
    );
    expect(confirm.status).toBe(200);
    cookie = cookieHeader(confirm.setCookies);

    const step1 = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.43" }), {
      email: ADMIN.email,
      password: PASSWORD,
    });
    expect(step1.kind).toBe("two-factor");
    const pending = cookieHeader(step1.setCookies);
    const wrong = await verifyAdminSecondFactor(
      browserRequest("/admin-auth", { cookie: pending, ip: "198.51.100.44" }),
      {
        method: "totp",
        code: totpFromUri(totpURI) === "000000" ? "111111" : "000000",
      },
    );
    expect(wrong).toMatchObject({ kind: "error", message: AUTH_MESSAGES.invalidCode });
    const recovered = await verifyAdminSecondFactor(
      browserRequest("/admin-auth", { cookie: pending, ip: "198.51.100.45" }),
      { method: "recovery", code: backupCodes[0] ?? "" },
    );
    expect(recovered.kind).toBe("granted");

    const again = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.46" }), {
      email: ADMIN.email,
      password: PASSWORD,
    });
    const reused = await verifyAdminSecondFactor(
      browserRequest("/admin-auth", { cookie: cookieHeader(again.setCookies), ip: "198.51.100.47" }),
      { method: "recovery", code: backupCodes[0] ?? "" },
    );
    expect(reused).toMatchObject({ kind: "error", message: AUTH_MESSAGES.invalidRecoveryCode });

    const disable = await callAuthEndpoint(
      browserRequest("/", { cookie, ip: "198.51.100.48" }),
      "/two-factor/disable",
      {
        password: PASSWORD,
      },
    );
    expect(disable.status).toBe(200);

    const actions = (await latestAudit(50, { actionPrefix: "auth.two_factor." })).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "auth.two_factor.enable.success",
        "auth.two_factor.verify.success",
        "auth.two_factor.verify.failure",
        "auth.two_factor.recovery_code.success",
        "auth.two_factor.recovery_code.failure",
        "auth.two_factor.disable.success",
      ]),
    );
    expect(
      (await latestAudit(50, { actionPrefix: "auth.two_factor." })).every((e) =>
        e.action.startsWith("auth.two_factor."),
      ),
    ).toBe(true);
  });
});
