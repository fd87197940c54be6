import { desc, eq, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auth } from "~/auth/instance.server";
import { AUTH_MESSAGES, signInAdmin, signOutEverywhere } from "~/auth/sign-in.server";
import { SIGN_IN_LIMITS, signInDelaySeconds } from "~/auth/throttle.server";
import { adminUsers, auditLog, rateLimits } from "~/db/schema";
import { readFlash } from "~/infra/flash.server";
import { latestAudit } from "~/models/audit.server";
import { action as signOutAction } from "~/routes/auth/sign-out";
import {
  ADMIN,
  browserRequest,
  cookieHeader,
  OTHER,
  routeArgs,
  setupAdminSignIn,
} from "../support/admin-sign-in";

const { test, adminUserId } = await setupAdminSignIn();

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
    await test.handle().db.delete(adminUsers).where(eq(adminUsers.userId, adminUserId()));
    const first = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.13" }), ADMIN);
    expect(first.kind).toBe("granted");
    const [row] = await test
      .handle()
      .db.select()
      .from(adminUsers)
      .where(eq(adminUsers.userId, adminUserId()));
    expect(row).toMatchObject({ role: "owner", isActive: true });

    await test
      .handle()
      .db.update(adminUsers)
      .set({ isActive: false })
      .where(eq(adminUsers.userId, adminUserId()));
    const denied = await signInAdmin(browserRequest("/admin-auth", { ip: "198.51.100.14" }), ADMIN);
    expect(denied).toMatchObject({ kind: "error", status: 403, message: "Admin access denied" });
    await test
      .handle()
      .db.update(adminUsers)
      .set({ isActive: true })
      .where(eq(adminUsers.userId, adminUserId()));
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
