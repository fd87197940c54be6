import { describe, expect, it } from "vitest";
import { setAdminPassword } from "~/auth/bootstrap.server";
import { AUTH_MESSAGES, callAuthEndpoint, signInAdmin, verifyAdminSecondFactor } from "~/auth/sign-in.server";
import { latestAudit } from "~/models/audit.server";
import { ADMIN, browserRequest, cookieHeader, setupAdminSignIn } from "../support/admin-sign-in";
import { totpFromUri } from "../support/totp";

await setupAdminSignIn();

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
