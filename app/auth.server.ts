// better-auth: accounts, password hashing, cookie sessions, rate limits and TOTP two-factor. Its tables live in
// the same database as the product's (auth_* in app/db/schema.ts).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { eq, like, sql } from "drizzle-orm";
import { db, rowsOf } from "~/db/client.server";
import {
  adminUsers,
  appMeta,
  authAccounts,
  authRateLimits,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
  rateLimits,
} from "~/db/schema";
import { env } from "~/env.server";
import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MANAGED_MESSAGE } from "~/lib/auth-schemas";
import { logger } from "~/lib/logger.server";
import { escapeHtml, mailConfigured, sendMail } from "~/lib/mail.server";
import { retryAfterText } from "~/lib/rate-limit.server";
import { recordAudit } from "~/models/audit.server";

export const BRAND_NAME = "Asimov";
export { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MANAGED_MESSAGE };

/**
 * Sign-in attempts per client address (better-auth's limiter), and our escalating delay after failed passwords
 * for one email from one client address or one known device (docs/decisions/013-sign-in-throttling.md).
 */
export const SIGN_IN_LIMITS = {
  perIp: { window: 60, max: 5 },
  failures: {
    /** Failures from one source that cost nothing. */
    free: 5,
    /** The longest wait, in seconds. */
    maxDelay: 15 * 60,
    /** A source's failures are forgotten this long (seconds) after its last wait ended. */
    forgetAfter: 24 * 60 * 60,
  },
} as const;

/**
 * Seconds a source must wait after its `failures`-th failed password: none for the first few, then 1 s, 2 s,
 * 4 s… up to SIGN_IN_LIMITS.failures.maxDelay.
 */
export function signInDelaySeconds(failures: number, free: number = SIGN_IN_LIMITS.failures.free): number {
  if (failures < free) return 0;
  return Math.min(SIGN_IN_LIMITS.failures.maxDelay, 2 ** Math.min(30, failures - free));
}

/**
 * Whether the password is managed by ADMIN_PASSWORD: the server applies it at every start, so a password chosen
 * through the reset flow would silently be undone at the next restart. The reset flow is refused instead.
 */
export function passwordManagedByEnv(): boolean {
  return Boolean(env().adminPassword);
}

/** How long a password-reset link works (seconds). */
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;

/** A limit multiplied by RATE_LIMIT_FACTOR, at least 1. */
function scaled(max: number): number {
  return Math.max(1, Math.floor(max * (env().rateLimitFactor || 1)));
}

function createAuth(secret: string) {
  const { baseUrl } = env();
  return betterAuth({
    appName: BRAND_NAME,
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        twoFactor: authTwoFactors,
        rateLimit: authRateLimits,
      },
    }),
    // Cookie-authenticated POSTs to /api/auth must come from our own origin (better-auth's CSRF check).
    trustedOrigins: [baseUrl],
    emailAndPassword: {
      enabled: true,
      // There is exactly one administrator, created at start-up; nobody signs up through the site.
      disableSignUp: true,
      minPasswordLength: ADMIN_PASSWORD_MIN_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Only the administrator can be sent a reset link, and only when SMTP is configured.
      sendResetPassword: async ({ user, token }) => {
        if (!mailConfigured() || user.email !== env().adminEmail) return;
        await sendResetMail(
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
        "/sign-in/email": (request) =>
          knownDeviceIdIn(request.headers)
            ? false
            : { window: SIGN_IN_LIMITS.perIp.window, max: scaled(SIGN_IN_LIMITS.perIp.max) },
        "/two-factor/*": { window: 60, max: scaled(5) },
        "/request-password-reset": { window: 60 * 15, max: scaled(3) },
        "/reset-password": { window: 60, max: scaled(5) },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (
          (ctx.path === "/request-password-reset" || ctx.path === "/reset-password") &&
          passwordManagedByEnv()
        ) {
          throw new APIError("FORBIDDEN", { message: PASSWORD_MANAGED_MESSAGE, code: "PASSWORD_MANAGED" });
        }
        if (ctx.path !== "/sign-in/email") return;
        const email = normaliseEmail((ctx.body as { email?: unknown } | undefined)?.email);
        if (!email) return;
        const retryAfter = await signInWaitFor(failureKey(email, ctx.headers));
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
      }),
      after: createAuthMiddleware(async (ctx) => {
        await auditAuthEvent(ctx.path, ctx);
      }),
    },
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: baseUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [twoFactor({ issuer: BRAND_NAME })],
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
 * start and stored in the database, so every instance sharing the database signs cookies alike.
 */
export async function initAuth(): Promise<Auth> {
  const configured = env().authSecret;
  signingSecret = undefined;
  let secret = configured;
  if (!secret) {
    const generated = randomBytes(32).toString("base64url");
    await db().insert(appMeta).values({ key: "auth_secret", value: generated }).onConflictDoNothing();
    const [row] = await db().select().from(appMeta).where(eq(appMeta.key, "auth_secret"));
    if (!row) throw new Error("Could not read the stored auth secret");
    secret = row.value;
  }
  signingSecret = secret;
  instance = createAuth(secret);
  return instance;
}

let signingSecret: string | undefined;

/** A strong random password: 20 characters from a URL-safe alphabet. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}

export interface BootstrapResult {
  userId: string;
  /** Set only when this start generated the password (to be shown once). */
  generatedPassword?: string;
  created: boolean;
}

/**
 * Makes sure the administrator account (ADMIN_EMAIL) exists with an active admin_users row. A configured
 * ADMIN_PASSWORD is applied; without one, a first start generates a strong password for the caller to print
 * once. No well-known default password exists. `config` defaults to the environment (tests pass their own).
 */
export async function bootstrapAdmin(
  config: { adminEmail: string; adminPassword: string | undefined } = env(),
): Promise<BootstrapResult> {
  const { adminEmail, adminPassword } = config;
  const ctx = await auth().$context;
  const existing = await ctx.internalAdapter.findUserByEmail(adminEmail, { includeAccounts: true });
  if (existing) {
    const userId = existing.user.id;
    await ensureAdminRow(userId);
    if (adminPassword) {
      const credential = existing.accounts.find((a) => a.providerId === "credential");
      const matches = credential?.password
        ? await ctx.password.verify({ password: adminPassword, hash: credential.password })
        : false;
      if (!matches) {
        // A new ADMIN_PASSWORD is a password change like any other: whoever held a session under the old one
        // (perhaps the reason it was changed) is signed out.
        await changeAdminPassword(userId, adminEmail, adminPassword);
        await recordAudit({
          actor: adminEmail,
          action: "auth.password.changed",
          details: { via: "ADMIN_PASSWORD" },
        });
      }
    }
    return { userId, created: false };
  }
  const password = adminPassword ?? generatePassword();
  const user = await ctx.internalAdapter.createUser(
    { email: adminEmail, name: "Administrator", emailVerified: true },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(password),
  });
  await ensureAdminRow(user.id);
  return { userId: user.id, created: true, generatedPassword: adminPassword ? undefined : password };
}

async function ensureAdminRow(userId: string) {
  await db().insert(adminUsers).values({ userId, role: "admin", isActive: true }).onConflictDoNothing();
}

async function setAdminPasswordFor(userId: string, password: string) {
  const ctx = await auth().$context;
  const hash = await ctx.password.hash(password);
  const accounts = await ctx.internalAdapter.findAccounts(userId);
  if (accounts.some((a) => a.providerId === "credential")) {
    await ctx.internalAdapter.updatePassword(userId, hash);
  } else {
    await ctx.internalAdapter.linkAccount({
      userId,
      providerId: "credential",
      accountId: userId,
      password: hash,
    });
  }
}

/** Every password change: the new hash, every session ended, and the sign-in failure counters cleared. */
async function changeAdminPassword(userId: string, email: string, password: string) {
  await setAdminPasswordFor(userId, password);
  const ctx = await auth().$context;
  await ctx.internalAdapter.deleteUserSessions(userId);
  await clearSignInFailures(email);
}

/**
 * Sets the administrator's password (CLI `npm run admin -- set-password`) and ends every session, so an
 * attacker holding an old session is signed out too.
 */
export async function setAdminPassword(password: string): Promise<void> {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new Error(`The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`);
  }
  const { userId } = await bootstrapAdmin();
  await changeAdminPassword(userId, env().adminEmail, password);
  await recordAudit({ actor: env().adminEmail, action: "auth.password.changed", details: { via: "cli" } });
}

// ---------------------------------------------------------------------------------------------------------------
// The admin guard. Every admin loader, action and resource route calls requireAdmin(request): actions and
// resource routes do not run the admin layout's loader, so a guard only in the layout would leave them open.

export interface AdminIdentity {
  userId: string;
  email: string;
  sessionId: string;
}

/** Why a request is not the administrator's (its message: docs/product.md, Admin sign-in). */
export type AdminDenial = "signed-out" | "not-admin" | "inactive" | "error";

export const ADMIN_DENIAL_MESSAGES: Record<Exclude<AdminDenial, "signed-out">, string> = {
  "not-admin": "Unauthorized: Only the system admin can access this area",
  inactive: "Unauthorized: Only the system admin can access this area",
  error: "Unauthorized: Only the system admin can access this area",
};

/**
 * Resolves the request to the one active administrator, or says why not. A signed-in user who is not the admin
 * (wrong email, inactive admin_users row) has the session revoked here, so it cannot be used elsewhere. Any
 * failure (e.g. the database is down) is logged and treated as not-admin.
 */
export async function checkAdmin(
  request: Request,
): Promise<{ ok: true; admin: AdminIdentity } | { ok: false; reason: AdminDenial }> {
  try {
    const session = await auth().api.getSession({ headers: request.headers });
    if (!session) return { ok: false, reason: "signed-out" };
    const { user } = session;
    const denial = await adminDenialFor(user.id, user.email);
    if (denial) {
      const ctx = await auth().$context;
      await ctx.internalAdapter.deleteSession(session.session.token);
      return { ok: false, reason: denial };
    }
    return { ok: true, admin: { userId: user.id, email: user.email, sessionId: session.session.id } };
  } catch (error) {
    logger.error({ err: error, component: "admin-guard" }, "Admin check failed; treating as not admin");
    return { ok: false, reason: "error" };
  }
}

/** The administrator is the user whose email equals ADMIN_EMAIL exactly and whose admin_users row is active. */
export async function adminDenialFor(userId: string, email: string): Promise<AdminDenial | null> {
  if (email !== env().adminEmail) return "not-admin";
  const [row] = await db().select().from(adminUsers).where(eq(adminUsers.userId, userId)).limit(1);
  if (!row?.isActive) return "inactive";
  return null;
}

/**
 * The guard: returns the administrator or throws a redirect to /admin-auth. Non-admin sessions are revoked and
 * their cookies cleared. Resource routes that speak JSON pass `{ json: true }` and get a 401/403 instead.
 */
export async function requireAdmin(
  request: Request,
  options: { json?: boolean } = {},
): Promise<AdminIdentity> {
  const result = await checkAdmin(request);
  if (result.ok) return result.admin;
  const headers = new Headers();
  if (result.reason !== "signed-out") {
    for (const cookie of await clearedSessionCookies()) headers.append("Set-Cookie", cookie);
  }
  if (options.json) {
    const status = result.reason === "signed-out" ? 401 : 403;
    const message =
      result.reason === "signed-out" ? "Sign in as the administrator." : ADMIN_DENIAL_MESSAGES[result.reason];
    headers.set("Content-Type", "application/json");
    throw new Response(JSON.stringify({ error: { status, message } }), { status, headers });
  }
  const target = result.reason === "signed-out" ? "/admin-auth" : `/admin-auth?denied=${result.reason}`;
  headers.set("Location", target);
  throw new Response(null, { status: 302, headers });
}

/** Set-Cookie values that delete better-auth's session cookies in the browser. */
export async function clearedSessionCookies(): Promise<string[]> {
  const ctx = await auth().$context;
  const names = [
    ctx.authCookies.sessionToken.name,
    ctx.authCookies.sessionData.name,
    ctx.authCookies.dontRememberToken.name,
  ];
  const secure = env().baseUrl.startsWith("https://") ? "; Secure" : "";
  return names.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Brute-force protection, audit of auth events and password-reset mail (used by the better-auth hooks above).

function normaliseEmail(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim().toLowerCase() : null;
}

const FAILURE_PREFIX = "auth:sign-in-failures:";

/**
 * The counter a failed password is charged to: this email from this known device, or else from this client
 * address (x-forwarded-for, which server/app.ts sets to the client address it trusts).
 */
function failureKey(email: string, headers: Headers | undefined): string {
  const device = knownDeviceIdIn(headers);
  const source = device ? `device:${device}` : `ip:${hookSource(headers).ip ?? "unknown"}`;
  return `${FAILURE_PREFIX}${email}|${source}`;
}

/** "Too many sign-in attempts. Try again in 40 seconds." */
export function rateLimitMessage(retryAfterSeconds: number): string {
  return `Too many sign-in attempts. Try again in ${retryAfterText(Math.max(1, retryAfterSeconds))}.`;
}

/**
 * Seconds this source must still wait before trying the email again, or 0. While it waits, even the right
 * password is refused, so the answer does not reveal whether a guess was right. Other sources are unaffected:
 * strangers guessing from elsewhere never hold the owner back.
 */
async function signInWaitFor(key: string): Promise<number> {
  if (env().rateLimitFactor === 0) return 0;
  const [row] = await db().select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  if (!row) return 0;
  const waitMs = row.resetAt.getTime() - Date.now();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/**
 * Counts one failed password for the source. rate_limits.reset_at holds the end of the source's current wait;
 * the count starts again once the source has been quiet for `forgetAfter` after its last wait.
 */
async function recordSignInFailure(key: string): Promise<void> {
  const factor = env().rateLimitFactor;
  if (factor === 0) return;
  const { free, forgetAfter } = SIGN_IN_LIMITS.failures;
  const rows = await db().execute<{ count: number }>(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.reset_at + make_interval(secs => ${forgetAfter}) <= now()
        then 1 else rate_limits.count + 1 end,
      reset_at = now()
    returning count`);
  const count = Number(rowsOf<{ count: number }>(rows)[0]?.count ?? 1);
  const delay = signInDelaySeconds(count, Math.max(1, Math.floor(free * factor)));
  if (delay > 0) {
    await db()
      .update(rateLimits)
      .set({ resetAt: sql`now() + make_interval(secs => ${delay})` })
      .where(eq(rateLimits.key, key));
  }
}

/** Forgets every source's failures for the email (after a password change: old guesses are moot). */
async function clearSignInFailures(email: string): Promise<void> {
  await db()
    .delete(rateLimits)
    .where(like(rateLimits.key, `${FAILURE_PREFIX}${email.replace(/[\\%_]/g, "\\$&")}|%`));
}

// A browser where the administrator has signed in before gets a signed, HttpOnly "known device" cookie. It
// exempts that browser from the limits on its client address (shared with whoever else is behind the same
// address); its own failed passwords are counted under the device instead.

const KNOWN_DEVICE_MAX_AGE = 180 * 24 * 60 * 60;

function knownDeviceCookieName(): string {
  // __Host-: only ever set by this host, over HTTPS, for the whole site.
  return env().baseUrl.startsWith("https://") ? "__Host-asimov_known_device" : "asimov_known_device";
}

function deviceSignature(id: string): string {
  if (!signingSecret) throw new Error("Auth is not initialised (call initAuth at start-up).");
  return createHmac("sha256", signingSecret).update(`known-device:${id}`).digest("base64url");
}

/** The id of the known device the request comes from, when it carries a genuine cookie. */
function knownDeviceIdIn(headers: Headers | undefined): string | null {
  const cookie = headers?.get("cookie");
  if (!cookie || !signingSecret) return null;
  const match = cookie.match(
    new RegExp(`(?:^|;\\s*)${knownDeviceCookieName()}=([\\w-]{16,64})\\.([\\w-]{43})(?:;|$)`),
  );
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(deviceSignature(match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}

/** The Set-Cookie value marking this browser as a known device (keeping its id when it already is one). */
function knownDeviceCookie(request: Request): string {
  const id = knownDeviceIdIn(request.headers) ?? randomBytes(18).toString("base64url");
  const secure = env().baseUrl.startsWith("https://") ? "; Secure" : "";
  return `${knownDeviceCookieName()}=${id}.${deviceSignature(id)}; Path=/; Max-Age=${KNOWN_DEVICE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`;
}

/** The client address (as server/app.ts trusts it) and user agent of a request, for audit entries. */
export function hookSource(headers: Headers | undefined) {
  return {
    ip: headers?.get("x-forwarded-for")?.split(",")[0]?.trim() || null,
    userAgent: headers?.get("user-agent") ?? null,
  };
}

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
      await recordSignInFailure(failureKey(bodyEmail, ctx.headers)).catch((err) =>
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
    if (bodyEmail)
      await db()
        .delete(rateLimits)
        .where(eq(rateLimits.key, failureKey(bodyEmail, ctx.headers)));
  }
  if (path === "/reset-password") await clearSignInFailures(env().adminEmail);
  await recordAudit({ actor, action: `${action}.${suffix}`, ...source });
}

async function sendResetMail(to: string, link: string) {
  await sendMail({
    to,
    subject: `Reset your ${BRAND_NAME} admin password`,
    text:
      `Someone (hopefully you) asked to reset the ${BRAND_NAME} administrator password.\n\n` +
      `Open this link within ${RESET_TOKEN_TTL_SECONDS / 60} minutes to choose a new password:\n${link}\n\n` +
      "The link works once. If you did not ask for it, ignore this email: your password stays the same.",
    html:
      `<p>Someone (hopefully you) asked to reset the ${BRAND_NAME} administrator password.</p>` +
      `<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for ` +
      `${RESET_TOKEN_TTL_SECONDS / 60} minutes).</p>` +
      "<p>If you did not ask for it, ignore this email: your password stays the same.</p>",
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The admin sign-in flow (docs/product.md, Admin sign-in), run on the server for the
// /admin-auth page. Each step goes through better-auth's HTTP handler, so its rate limits and hooks apply to the
// form exactly as to the JSON API.

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

/** Step 1: email and password. */
export async function signInAdmin(
  request: Request,
  credentials: { email: string; password: string },
): Promise<SignInOutcome> {
  if (!env().adminEmail)
    return { kind: "error", status: 500, message: AUTH_MESSAGES.notConfigured, setCookies: [] };
  const result = await callAuthEndpoint(request, "/sign-in/email", { ...credentials, rememberMe: true });
  if (result.status === 429) {
    return {
      kind: "error",
      status: 429,
      message: rateLimitMessage(result.retryAfter),
      setCookies: [],
      retryAfter: result.retryAfter,
    };
  }
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
  if (result.status === 429) {
    return {
      kind: "error",
      status: 429,
      message: rateLimitMessage(result.retryAfter),
      setCookies: [],
      retryAfter: result.retryAfter,
    };
  }
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
 * After a successful credential check: the email must be ADMIN_EMAIL exactly, an admin_users row is ensured
 * (created active on first sign-in) and must be active. Anything else revokes the new session at once.
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
  if (user.email !== env().adminEmail) return refuse(403, AUTH_MESSAGES.invalidAdminEmail, "not_admin_email");
  try {
    await ensureAdminRow(user.id);
  } catch (error) {
    logger.error({ err: error }, "could not create the admin_users row");
    return refuse(500, AUTH_MESSAGES.unableToCreateRecord, "admin_record_failed");
  }
  let active = false;
  try {
    const [row] = await db().select().from(adminUsers).where(eq(adminUsers.userId, user.id)).limit(1);
    active = Boolean(row?.isActive);
  } catch (error) {
    logger.error({ err: error }, "could not read the admin_users row");
    return refuse(500, AUTH_MESSAGES.errorVerifyingStatus, "admin_check_failed");
  }
  if (!active) return refuse(403, AUTH_MESSAGES.denied, "inactive");
  await recordAudit({ actor: user.email, action: "auth.admin_access.granted", ...source });
  return {
    kind: "granted",
    message: AUTH_MESSAGES.granted,
    setCookies: [...result.setCookies, knownDeviceCookie(request)],
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

/** Whether the administrator can be sent a password-reset link (SMTP configured). */
export function passwordResetByEmailAvailable(): boolean {
  return mailConfigured();
}

/** Whether the user has confirmed two-factor sign-in. */
export async function isTwoFactorEnabled(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ enabled: authUsers.twoFactorEnabled })
    .from(authUsers)
    .where(eq(authUsers.id, userId))
    .limit(1);
  return Boolean(row?.enabled);
}
