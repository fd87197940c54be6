// The admin sign-in tests' set-up: the administrator (ADMIN, its password set like the CLI does) and another
// account (OTHER) on a fresh database, a real SMTP server the app mails through, and requests as a browser sends them.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll } from "vitest";
import { bootstrapAdmin, setAdminPassword } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { requestInfoContext } from "~/infra/request-context.server";
import { addAccount } from "./members";
import { startSmtp } from "./receivers";
import { setupTestDatabase } from "./test-db";

export const ADMIN = { email: "admin@example.com", password: "flow-admin-password" };
export const OTHER = { email: "not-the-admin@example.com", password: "other-user-password" };
export const BASE = "http://localhost:3000";

export function browserRequest(
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

/** A password-reset token for `userId`, as the reset mail carries one (it works for ten minutes). */
export async function issueResetToken(
  userId: string,
  token = `reset-${crypto.randomUUID()}`,
): Promise<string> {
  const ctx = await auth().$context;
  await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + 10 * 60_000),
  });
  return token;
}

export const cookieHeader = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(";")[0])
    .filter((c) => !c?.endsWith("="))
    .join("; ");

export function routeArgs(request: Request) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "198.51.100.1", nonce: "n" });
  return { request, params: {}, context } as never;
}

/**
 * Starts the SMTP server, points the app at it, opens a fresh database and, before the file's tests, creates the
 * administrator and the other account. `smtp.mails` holds what the app sent; `adminUserId()` is the admin's user id.
 */
export async function setupAdminSignIn() {
  // A real SMTP server for this file; the app sends to it through SMTP_URL.
  const smtp = await startSmtp();
  process.env.ADMIN_EMAIL = ADMIN.email;
  // No ADMIN_PASSWORD: with it, the password is managed by the environment and the reset flow is refused
  // (app/auth-password.int.test.ts); here the password is set like the CLI does.
  delete process.env.ADMIN_PASSWORD;
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Asimov <no-reply@example.com>";
  const test = setupTestDatabase();
  let adminUserId = "";
  beforeAll(async () => {
    await initAuth();
    adminUserId = (await bootstrapAdmin()).userId;
    await setAdminPassword(ADMIN.password);
    await addAccount({ ...OTHER, name: "Other" });
  });

  afterAll(async () => {
    await smtp.close();
  });
  return { test, smtp, adminUserId: () => adminUserId };
}
