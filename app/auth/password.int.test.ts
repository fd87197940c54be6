// The owner's password when ADMIN_PASSWORD manages it: a mixed-case ADMIN_EMAIL still signs in, a new
// ADMIN_PASSWORD ends every session, an unchanged one does not, and the owner's reset is refused (it would be
// undone at the next start) while the forgot page stays open for the other members
// (tests/integration/team.int.test.ts has a member's reset mail arriving while ADMIN_PASSWORD is set).
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin, setAdminPassword } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { signInAdmin } from "~/auth/sign-in.server";
import { requestInfoContext } from "~/infra/request-context.server";
import { OWNER_PASSWORD_MANAGED_MESSAGE, PASSWORD_MANAGED_MESSAGE } from "~/lib/auth-schemas";
import type { ActionResult } from "~/lib/forms";
import { loader as signInLoader } from "~/routes/auth/admin-auth";
import { action as forgotAction, loader as forgotLoader } from "~/routes/auth/forgot-password";
import { action as resetAction } from "~/routes/auth/reset-password";
import { issueResetToken } from "../../tests/support/admin-sign-in";
import { setupTestDatabase } from "../../tests/support/test-db";

const BASE = "http://localhost:3000";
const PASSWORD = "managed-by-env-1";

process.env.ADMIN_EMAIL = "Admin@Example.com";
process.env.ADMIN_PASSWORD = PASSWORD;
// Mail is configured, so only ADMIN_PASSWORD stands between a visitor and a reset link. Nothing listens on the
// port: a link that was sent anyway would fail to send, and the page would still claim it was sent.
process.env.SMTP_URL = "smtp://127.0.0.1:9";

setupTestDatabase();
let userId = "";

let clients = 0;

/** A request from a new client address each time, so better-auth's per-address limit stays out of the way. */
function browserRequest(path: string, init: { cookie?: string; form?: Record<string, string> } = {}) {
  clients += 1;
  const headers = new Headers({
    "x-forwarded-for": `198.51.100.${clients}`,
    "user-agent": "vitest",
    origin: BASE,
  });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (!init.form) return new Request(`${BASE}${path}`, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(`${BASE}${path}`, { method: "POST", headers, body: new URLSearchParams(init.form) });
}

function routeArgs(request: Request) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "198.51.100.70", nonce: "n" });
  return { request, params: {}, context } as never;
}

const sessionCookie = (setCookies: string[]) =>
  setCookies
    .filter((c) => c.includes("session_token=") && !/session_token=;/.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");

async function signedInCookie(email: string, password: string) {
  const outcome = await signInAdmin(browserRequest("/admin-auth"), { email, password });
  if (outcome.kind !== "granted") throw new Error(`sign-in failed: ${JSON.stringify(outcome)}`);
  return sessionCookie(outcome.setCookies);
}

const sessionOf = (cookie: string) => auth().api.getSession({ headers: new Headers({ cookie }) });

beforeAll(async () => {
  await initAuth();
  userId = (await bootstrapAdmin()).userId;
});

describe("ADMIN_EMAIL", () => {
  it("signs in with a mixed-case ADMIN_EMAIL, typed either way", async () => {
    const granted = await signInAdmin(browserRequest("/admin-auth"), {
      email: "Admin@Example.com",
      password: PASSWORD,
    });
    expect(granted.kind).toBe("granted");
    const lower = await signInAdmin(browserRequest("/admin-auth"), {
      email: "admin@example.com",
      password: PASSWORD,
    });
    expect(lower.kind).toBe("granted");
  });
});

describe("password changes end sessions", () => {
  it("an unchanged ADMIN_PASSWORD at start-up keeps sessions; a new one ends them all", async () => {
    const cookie = await signedInCookie("admin@example.com", PASSWORD);
    await bootstrapAdmin({ adminEmail: "admin@example.com", adminPassword: PASSWORD });
    expect(await sessionOf(cookie)).not.toBeNull();

    await bootstrapAdmin({ adminEmail: "admin@example.com", adminPassword: "managed-by-env-2" });
    expect(await sessionOf(cookie)).toBeNull();
    const signIn = await signInAdmin(browserRequest("/admin-auth"), {
      email: "admin@example.com",
      password: "managed-by-env-2",
    });
    expect(signIn.kind).toBe("granted");
  });

  it("the CLI's set-password ends every session", async () => {
    const cookie = await signedInCookie("admin@example.com", "managed-by-env-2");
    await setAdminPassword(PASSWORD);
    expect(await sessionOf(cookie)).toBeNull();
  });
});

describe("the reset flow while ADMIN_PASSWORD sets the owner's password", () => {
  it('the sign-in page offers "Forgot your password?" (for the other members), mail being configured', async () => {
    const page = (await signInLoader(routeArgs(browserRequest("/admin-auth")))) as unknown as {
      data: { state: string; resetAvailable: boolean };
    };
    expect(page.data.state).toBe("sign-in");
    expect(page.data.resetAvailable).toBe(true);
  });

  it("the forgot page says the owner's password is set by ADMIN_PASSWORD and answers the owner like anyone", async () => {
    expect(forgotLoader()).toMatchObject({ managed: true });
    const result = (await forgotAction(
      routeArgs(browserRequest("/admin-auth/forgot", { form: { email: "admin@example.com" } })),
    )) as unknown as { data: ActionResult };
    expect(result.data).toEqual({ ok: true });
    expect(OWNER_PASSWORD_MANAGED_MESSAGE).toBe(
      "The owner's password is set by the server's ADMIN_PASSWORD setting; change it there. Other members of the team can ask for a reset link here.",
    );
    expect(PASSWORD_MANAGED_MESSAGE).toBe(
      "The password is set by the server's ADMIN_PASSWORD setting; change it there.",
    );
  });

  it("a reset token (from before ADMIN_PASSWORD was set) no longer changes the password", async () => {
    const token = await issueResetToken(userId, "a-reset-token-from-earlier");
    const page = (await resetAction(
      routeArgs(
        browserRequest("/admin-auth/reset", {
          form: { token, password: "reset-password-x", confirm: "reset-password-x" },
        }),
      ),
    )) as unknown as { data: ActionResult; init: ResponseInit };
    expect(page.data.fieldErrors?.form).toBe(PASSWORD_MANAGED_MESSAGE);
    expect(page.init.status).toBe(409);

    // The API refuses too, not only the page.
    const api = await auth().handler(
      new Request(`${BASE}/api/auth/reset-password`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE },
        body: JSON.stringify({ token, newPassword: "reset-password-x" }),
      }),
    );
    expect(api.status).toBe(403);
    const unchanged = await signInAdmin(browserRequest("/admin-auth"), {
      email: "admin@example.com",
      password: PASSWORD,
    });
    expect(unchanged.kind).toBe("granted");
  });
});
