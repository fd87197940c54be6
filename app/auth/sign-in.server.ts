// The admin sign-in flow (docs/product.md, Admin sign-in), run on the server for the /admin-auth page, plus
// global sign-out and the two-factor cookie helpers. Each step goes through better-auth's HTTP handler, so its
// rate limits and hooks apply to the form exactly as to the JSON API.
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { ensureAdminRow, memberStatus } from "~/models/admin-users.server";
import { recordAudit } from "~/models/audit.server";
import { clearedSessionCookies } from "./guard.server";
import { hookSource } from "./hooks.server";
import { auth } from "./instance.server";
import { knownDeviceCookie, rateLimitMessage } from "./throttle.server";

export const AUTH_MESSAGES = {
  granted: "Admin access granted",
  denied: "Admin access denied",
  invalidAdminEmail: "Unauthorized: Invalid admin email",
  invalidCredentials: "Invalid email or password",
  notConfigured: "Configuration error: Admin email not configured",
  failed: "Authentication failed",
  unableToCreateRecord: "Unable to create admin user record",
  errorVerifyingStatus: "Error verifying admin status",
  onlyAdmin: "Unauthorized: Only the system admin can access this area",
  signedOut: "Signed out successfully",
  signOutError: "Error signing out",
  invalidCode: "Invalid code. Check your authenticator app and try again.",
  invalidRecoveryCode: "Invalid recovery code.",
  codeExpired: "Your sign-in took too long. Enter your email and password again.",
} as const;

interface AuthCall {
  status: number;
  json: unknown;
  setCookies: string[];
  retryAfter: number;
}

/** Calls a better-auth endpoint on behalf of the browser that sent `request` (its cookies, address, agent). */
export async function callAuthEndpoint(request: Request, path: string, body: unknown): Promise<AuthCall> {
  const { baseUrl } = env();
  // The origin is ours: React Router (and server/app.ts) already refused cross-site form posts.
  const headers = new Headers({ "content-type": "application/json", origin: baseUrl });
  for (const name of ["cookie", "user-agent", "x-forwarded-for"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await auth().handler(
    new Request(`${baseUrl}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const json = await response.json().catch(() => null);
  return {
    status: response.status,
    json,
    setCookies: response.headers.getSetCookie(),
    retryAfter: Number(response.headers.get("x-retry-after") ?? 60) || 60,
  };
}

export type SignInOutcome =
  | { kind: "granted"; message: string; setCookies: string[] }
  | { kind: "two-factor"; setCookies: string[] }
  | { kind: "error"; status: number; message: string; setCookies: string[]; retryAfter?: number };

function errorCode(json: unknown): string | undefined {
  return (json as { code?: string } | null)?.code;
}

/** better-auth (or our per-source wait) held the attempt back: the wait, in words and in seconds. */
function tooManyAttempts(retryAfter: number): SignInOutcome {
  return { kind: "error", status: 429, message: rateLimitMessage(retryAfter), setCookies: [], retryAfter };
}

/** Step 1: email and password. */
export async function signInAdmin(
  request: Request,
  credentials: { email: string; password: string },
): Promise<SignInOutcome> {
  if (!env().adminEmail)
    return { kind: "error", status: 500, message: AUTH_MESSAGES.notConfigured, setCookies: [] };
  const result = await callAuthEndpoint(request, "/sign-in/email", { ...credentials, rememberMe: true });
  if (result.status === 429) return tooManyAttempts(result.retryAfter);
  if (result.status === 401 || result.status === 400) {
    return { kind: "error", status: 401, message: AUTH_MESSAGES.invalidCredentials, setCookies: [] };
  }
  if (result.status !== 200) {
    logger.warn({ status: result.status, code: errorCode(result.json) }, "admin sign-in failed");
    return { kind: "error", status: 403, message: AUTH_MESSAGES.failed, setCookies: result.setCookies };
  }
  if ((result.json as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
    return { kind: "two-factor", setCookies: result.setCookies };
  }
  return completeAdminSignIn(request, result);
}

/** Step 2 (two-factor on): a code from the authenticator app, or a single-use recovery code. */
export async function verifyAdminSecondFactor(
  request: Request,
  input: { code: string; method: "totp" | "recovery" },
): Promise<SignInOutcome> {
  const path = input.method === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  const result = await callAuthEndpoint(request, path, { code: input.code.replace(/\s+/g, "") });
  if (result.status === 429) return tooManyAttempts(result.retryAfter);
  if (result.status !== 200) {
    const code = errorCode(result.json);
    const expired =
      code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || !code;
    const message = expired
      ? AUTH_MESSAGES.codeExpired
      : input.method === "totp"
        ? AUTH_MESSAGES.invalidCode
        : AUTH_MESSAGES.invalidRecoveryCode;
    return {
      kind: "error",
      status: result.status === 400 ? 400 : 401,
      message,
      setCookies: result.setCookies,
    };
  }
  return completeAdminSignIn(request, result);
}

/**
 * After a successful credential check: the user must be a team member. The ADMIN_EMAIL account is the owner, its
 * admin_users row ensured (created active on first sign-in); everyone else has a row only through an accepted
 * invitation. The row must be active. Anything else revokes the new session at once.
 */
async function completeAdminSignIn(request: Request, result: AuthCall): Promise<SignInOutcome> {
  const { token, user } = result.json as { token: string; user: { id: string; email: string } };
  const source = hookSource(request.headers);
  const refuse = async (status: number, message: string, reason: string) => {
    try {
      const ctx = await auth().$context;
      await ctx.internalAdapter.deleteSession(token);
    } catch (error) {
      logger.error({ err: error }, "could not revoke a refused admin session");
    }
    await recordAudit({
      actor: user.email,
      action: "auth.admin_access.denied",
      details: { reason },
      ...source,
    });
    return { kind: "error" as const, status, message, setCookies: await clearedSessionCookies() };
  };
  if (user.email === env().adminEmail) {
    try {
      await ensureAdminRow(user.id);
    } catch (error) {
      logger.error({ err: error }, "could not create the admin_users row");
      return refuse(500, AUTH_MESSAGES.unableToCreateRecord, "admin_record_failed");
    }
  }
  let member: Awaited<ReturnType<typeof memberStatus>> = null;
  try {
    member = await memberStatus(user.id);
  } catch (error) {
    logger.error({ err: error }, "could not read the admin_users row");
    return refuse(500, AUTH_MESSAGES.errorVerifyingStatus, "admin_check_failed");
  }
  if (!member) return refuse(403, AUTH_MESSAGES.invalidAdminEmail, "not_member");
  if (!member.active) return refuse(403, AUTH_MESSAGES.denied, "inactive");
  await recordAudit({ actor: user.email, action: "auth.admin_access.granted", ...source });
  return {
    kind: "granted",
    message: AUTH_MESSAGES.granted,
    setCookies: [...result.setCookies, await knownDeviceCookie(request)],
  };
}

/**
 * Global sign-out: every session of the signed-in user ends (other browsers too). Returns false when revoking
 * failed; the caller clears this browser's cookies and lands on /admin-auth either way.
 */
export async function signOutEverywhere(request: Request): Promise<boolean> {
  try {
    const session = await auth().api.getSession({
      headers: request.headers,
      query: { disableRefresh: true },
    });
    if (!session) return true;
    const ctx = await auth().$context;
    await ctx.internalAdapter.deleteUserSessions(session.user.id);
    await recordAudit({
      actor: session.user.email,
      action: "auth.sign_out.success",
      details: { scope: "global" },
      ...hookSource(request.headers),
    });
    return true;
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    await recordAudit({ actor: null, action: "auth.sign_out.failure", ...hookSource(request.headers) });
    return false;
  }
}

/** Name of the cookie better-auth sets between the password step and the two-factor step. */
export async function twoFactorCookieName(): Promise<string> {
  const ctx = await auth().$context;
  return ctx.createAuthCookie("two_factor").name;
}

/** A Set-Cookie value that ends a pending two-factor sign-in in this browser. */
export async function clearedTwoFactorCookie(): Promise<string> {
  const secure = env().baseUrl.startsWith("https://") ? "; Secure" : "";
  return `${await twoFactorCookieName()}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}
