import { like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auth } from "~/auth/instance.server";
import { signInAdmin } from "~/auth/sign-in.server";
import { authVerifications, rateLimits } from "~/db/schema";
import { latestAudit } from "~/models/audit.server";
import { action as resetAction } from "~/routes/auth/reset-password";
import {
  ADMIN,
  BASE,
  browserRequest,
  cookieHeader,
  OTHER,
  routeArgs,
  setupAdminSignIn,
} from "../support/admin-sign-in";

const { test, smtp } = await setupAdminSignIn();

describe("password reset by email", () => {
  async function requestReset(ip: string) {
    smtp.mails.length = 0;
    const response = await auth().handler(
      new Request(`${BASE}/api/auth/request-password-reset`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": ip },
        body: JSON.stringify({ email: ADMIN.email }),
      }),
    );
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(smtp.mails.length).toBe(1), { timeout: 5000 });
    const raw = smtp.mails[0]?.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=") ?? "";
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
    expect(smtp.mails[0]?.raw).toContain("To: admin@example.com");

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
    smtp.mails.length = 0;
    const response = await auth().handler(
      new Request(`${BASE}/api/auth/request-password-reset`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": "198.51.100.34" },
        body: JSON.stringify({ email: OTHER.email }),
      }),
    );
    expect(response.status).toBe(200);
    // The reset mail is sent before the endpoint answers, so an empty inbox now means none was sent.
    expect(smtp.mails).toEqual([]);
  });
});
