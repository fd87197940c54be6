// better-auth's before/after hooks: the owner's reset refused while ADMIN_PASSWORD pins that password, the per-source
// sign-in wait enforced, and every security-relevant auth call written to the audit log with address and agent.
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { PASSWORD_MANAGED_MESSAGE } from "~/lib/auth-schemas";
import { recordAudit } from "~/models/audit.server";
import { resetTokenRefused } from "./password-reset.server";
import {
  clearSignInFailure,
  clearSignInFailures,
  failureKey,
  normaliseEmail,
  rateLimitMessage,
  recordSignInFailure,
  signInWaitFor,
  trustedAddressIn,
} from "./throttle.server";

/** The client address (as server/app.ts trusts it) and user agent of a request, for audit entries. */
export function hookSource(headers: Headers | undefined) {
  return {
    ip: trustedAddressIn(headers),
    userAgent: headers?.get("user-agent") ?? null,
  };
}

export const beforeAuthHook = createAuthMiddleware(async (ctx) => {
  // The owner's password, while ADMIN_PASSWORD sets it: no link is mailed (instance.server.ts), and a token from
  // before is refused here, so the API cannot be used around the pages.
  if (ctx.path === "/reset-password") {
    const token = (ctx.body as { token?: unknown } | undefined)?.token;
    if (typeof token === "string" && (await resetTokenRefused(token))) {
      throw new APIError("FORBIDDEN", { message: PASSWORD_MANAGED_MESSAGE, code: "PASSWORD_MANAGED" });
    }
  }
  if (ctx.path !== "/sign-in/email") return;
  const email = normaliseEmail((ctx.body as { email?: unknown } | undefined)?.email);
  if (!email) return;
  const retryAfter = await signInWaitFor(await failureKey(email, ctx.headers));
  if (retryAfter) {
    await recordAudit({
      actor: email,
      action: "auth.sign_in.failure",
      details: { reason: "rate_limited_source" },
      ...hookSource(ctx.headers),
    });
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: rateLimitMessage(retryAfter), code: "TOO_MANY_SIGN_IN_ATTEMPTS" },
      { "X-Retry-After": String(retryAfter), "Retry-After": String(retryAfter) },
    );
  }
});

export const afterAuthHook = createAuthMiddleware(async (ctx) => {
  await auditAuthEvent(ctx.path, ctx);
});

interface AuthHookContext {
  body?: unknown;
  headers?: Headers;
  context: {
    returned?: unknown;
    newSession?: { user: { id: string; email: string; twoFactorEnabled?: boolean | null } } | null;
    session?: { user: { email: string } } | null;
  };
}

const AUDITED_PATHS: Record<string, string> = {
  "/sign-in/email": "auth.sign_in",
  "/two-factor/verify-totp": "auth.two_factor.verify",
  "/two-factor/verify-backup-code": "auth.two_factor.recovery_code",
  "/two-factor/enable": "auth.two_factor.enable",
  "/two-factor/disable": "auth.two_factor.disable",
  "/two-factor/generate-backup-codes": "auth.two_factor.recovery_codes_regenerated",
  "/sign-out": "auth.sign_out",
  "/request-password-reset": "auth.password_reset.request",
  "/reset-password": "auth.password_reset",
};

/** Records every security-relevant better-auth call (success or failure) with IP and user agent. */
async function auditAuthEvent(path: string | undefined, raw: unknown) {
  const action = path ? AUDITED_PATHS[path] : undefined;
  if (!action) return;
  const ctx = raw as AuthHookContext;
  const returned = ctx.context.returned;
  const failed = isAPIError(returned);
  const bodyEmail = normaliseEmail((ctx.body as { email?: unknown } | undefined)?.email);
  const returnedUser = (returned as { user?: { email?: string } } | undefined)?.user;
  const actor =
    ctx.context.newSession?.user.email ??
    returnedUser?.email ??
    ctx.context.session?.user.email ??
    bodyEmail ??
    null;
  const source = hookSource(ctx.headers);
  if (failed) {
    const error = returned as InstanceType<typeof APIError>;
    if (path === "/sign-in/email" && error.statusCode === 401 && bodyEmail) {
      await recordSignInFailure(await failureKey(bodyEmail, ctx.headers)).catch((err) =>
        logger.error({ err }, "could not count a failed sign-in"),
      );
    }
    // The per-source wait records its own entry in the before hook.
    if (error.statusCode === 429) return;
    await recordAudit({
      actor,
      action: `${action}.failure`,
      details: {
        status: error.statusCode,
        code: (error.body as { code?: string } | undefined)?.code ?? null,
      },
      ...source,
    });
    return;
  }
  let suffix = "success";
  if (path === "/sign-in/email") {
    const twoFactorPending =
      (returned as { twoFactorRedirect?: boolean } | undefined)?.twoFactorRedirect ||
      Boolean(ctx.context.newSession?.user.twoFactorEnabled);
    suffix = twoFactorPending ? "second_factor_required" : "success";
    // The right password clears this source's count only: another source's guesses keep their wait.
    if (bodyEmail) await clearSignInFailure(await failureKey(bodyEmail, ctx.headers));
  }
  if (path === "/reset-password") await clearSignInFailures(env().adminEmail);
  await recordAudit({ actor, action: `${action}.${suffix}`, ...source });
}
