// The better-auth instance: accounts, password hashing, cookie sessions, rate limits and TOTP two-factor, with only
// the endpoints the product uses open (endpoint-policy.server.ts). Its tables live in the same database as the
// product's (auth_* in app/db/schema/auth.ts). initAuth() runs at start-up (and in test setup); everything else
// reaches the instance through auth().
import { betterAuth } from "better-auth";
import { twoFactor } from "better-auth/plugins";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { mailConfigured } from "~/infra/mail.server";
import { NEW_PASSWORD_MIN_LENGTH } from "~/lib/auth-schemas";
import { PRODUCT_NAME } from "~/lib/brand";
import { memberStatus } from "~/models/admin-users.server";
import { authDatabase } from "~/models/auth-store.server";
import { forgetAtRestKey, resolveAuthSecret } from "./auth-secret.server";
import { productEndpointPolicy } from "./endpoint-policy.server";
import { afterAuthHook, beforeAuthHook } from "./hooks.server";
import { RESET_TOKEN_TTL_SECONDS, resetRefusedFor, sendResetMail } from "./password-reset.server";
import { knownDeviceIdIn, SIGN_IN_LIMITS, setDeviceSigningSecret } from "./throttle.server";

/** A limit multiplied by RATE_LIMIT_FACTOR, at least 1. */
function scaled(max: number): number {
  return Math.max(1, Math.floor(max * (env().rateLimitFactor || 1)));
}

function createAuth(secret: string) {
  const { baseUrl } = env();
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret,
    database: authDatabase(),
    // Cookie-authenticated POSTs to /api/auth must come from our own origin (better-auth's CSRF check).
    trustedOrigins: [baseUrl],
    emailAndPassword: {
      enabled: true,
      // There is exactly one administrator, created at start-up; nobody signs up through the site.
      disableSignUp: true,
      // A new password's rules (ADR 047): the length here too, and the common list in productEndpointPolicy's hook.
      // Signing in does not check the length, so passwords chosen under the old 6-character rule keep working.
      minPasswordLength: NEW_PASSWORD_MIN_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Only an active team member can be sent a reset link, and only when SMTP is configured. The owner's
      // password is not reset by mail while ADMIN_PASSWORD sets it (the next start would undo it).
      sendResetPassword: async ({ user, token }) => {
        if (!mailConfigured() || !(await memberStatus(user.id))?.active) return;
        if (resetRefusedFor(user.email)) return;
        await sendResetMail(
          PRODUCT_NAME,
          user.email,
          `${env().baseUrl}/admin-auth/reset?token=${encodeURIComponent(token)}`,
        );
      },
    },
    session: {
      // A working day, renewed while the administrator keeps using the back office (rolling expiry; the
      // renewed cookie is sent by server/app.ts on admin requests).
      expiresIn: 60 * 60 * 24,
      updateAge: 60 * 60,
    },
    rateLimit: {
      // RATE_LIMIT_FACTOR scales these like every other limit (0 turns them off, e.g. for load tests).
      enabled: env().rateLimitFactor > 0,
      storage: "database",
      window: 60,
      max: scaled(100),
      customRules: {
        // A known device (see knownDeviceCookie) is not held back by strangers guessing from its address; its
        // own failures still count under its own key.
        "/sign-in/email": async (request) =>
          (await knownDeviceIdIn(request.headers))
            ? false
            : { window: SIGN_IN_LIMITS.perIp.window, max: scaled(SIGN_IN_LIMITS.perIp.max) },
        "/two-factor/*": { window: 60, max: scaled(5) },
        "/request-password-reset": { window: 60 * 15, max: scaled(3) },
        "/reset-password": { window: 60, max: scaled(5) },
      },
    },
    hooks: { before: beforeAuthHook, after: afterAuthHook },
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: baseUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    // productEndpointPolicy first: an endpoint the product does not use answers 404 before any plugin sees it.
    plugins: [productEndpointPolicy(), twoFactor({ issuer: PRODUCT_NAME })],
    logger: {
      log: (level, message) => {
        const fn = level === "error" ? logger.error : level === "warn" ? logger.warn : logger.debug;
        fn.call(logger, { component: "auth" }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
let instance: Auth | undefined;

/** The better-auth instance; `initAuth()` must have run (server start-up, test setup). */
export function auth(): Auth {
  if (!instance) throw new Error("Auth is not initialised (call initAuth at start-up).");
  return instance;
}

/**
 * Creates the auth instance. The secret comes from AUTH_SECRET or, when unset, from one generated on first
 * start and stored in the database, so every instance sharing the database signs cookies alike
 * (resolveAuthSecret in auth-secret.server.ts).
 */
export async function initAuth(): Promise<Auth> {
  setDeviceSigningSecret(undefined);
  forgetAtRestKey();
  const secret = await resolveAuthSecret();
  setDeviceSigningSecret(secret);
  instance = createAuth(secret);
  return instance;
}
