// Brute-force protection for the admin sign-in: the escalating wait after failed passwords (counted per email and
// per source in rate_limits) and the signed "known device" cookie that exempts a returning browser from the
// limits on its shared client address (docs/decisions/013-sign-in-throttling.md).
import { randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { env } from "~/env.server";
import { retryAfterText } from "~/infra/rate-limit.server";
import { clientKey } from "~/infra/request-context.server";
import {
  addHits,
  deleteRateLimit,
  deleteRateLimitsStartingWith,
  rateLimitRow,
  resetRateLimitIn,
} from "~/models/rate-limits.server";

/**
 * Sign-in attempts per client address (better-auth's limiter), and our escalating delay after failed passwords
 * for one email from one client address or one known device.
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

/** "Too many sign-in attempts. Try again in 40 seconds." */
export function rateLimitMessage(retryAfterSeconds: number): string {
  return `Too many sign-in attempts. Try again in ${retryAfterText(Math.max(1, retryAfterSeconds))}.`;
}

export function normaliseEmail(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim().toLowerCase() : null;
}

/** The client address of a request as server/app.ts trusts it (it sets x-forwarded-for to that address). */
export function trustedAddressIn(headers: Headers | undefined): string | null {
  return headers?.get("x-forwarded-for")?.split(",")[0]?.trim() || null;
}

const FAILURE_PREFIX = "auth:sign-in-failures:";

/**
 * The counter a failed password is charged to: this email from this known device, or else from this client
 * address (an IPv6 client by its /64, like every per-address limit, so hopping inside it gains nothing).
 */
export async function failureKey(email: string, headers: Headers | undefined): Promise<string> {
  const device = await knownDeviceIdIn(headers);
  const source = device ? `device:${device}` : `ip:${clientKey(trustedAddressIn(headers) ?? "unknown")}`;
  return `${FAILURE_PREFIX}${email}|${source}`;
}

/**
 * Seconds this source must still wait before trying the email again, or 0. While it waits, even the right
 * password is refused, so the answer does not reveal whether a guess was right. Other sources are unaffected:
 * strangers guessing from elsewhere never hold the owner back.
 */
export async function signInWaitFor(key: string): Promise<number> {
  if (env().rateLimitFactor === 0) return 0;
  const row = await rateLimitRow(key);
  if (!row) return 0;
  const waitMs = row.resetAt.getTime() - Date.now();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/**
 * Counts one failed password for the source. rate_limits.reset_at holds the end of the source's current wait;
 * the count starts again once the source has been quiet for `forgetAfter` after its last wait.
 */
export async function recordSignInFailure(key: string): Promise<void> {
  const factor = env().rateLimitFactor;
  if (factor === 0) return;
  const { free, forgetAfter } = SIGN_IN_LIMITS.failures;
  // reset_at moves to now with every failure; the count starts again at 1 once it is `forgetAfter` in the past.
  const [row] = await addHits([{ key, hits: 1, windowSeconds: 0 }], {
    keepSeconds: forgetAfter,
    moveReset: true,
  });
  const count = row?.count ?? 1;
  const delay = signInDelaySeconds(count, Math.max(1, Math.floor(free * factor)));
  if (delay > 0) await resetRateLimitIn(key, delay);
}

/** Forgets one counter (the right password clears its own source only). */
export async function clearSignInFailure(key: string): Promise<void> {
  await deleteRateLimit(key);
}

/** Forgets every source's failures for the email (after a password change: old guesses are moot). */
export async function clearSignInFailures(email: string): Promise<void> {
  await deleteRateLimitsStartingWith(`${FAILURE_PREFIX}${email}|`);
}

// A browser where the administrator has signed in before gets a signed, HttpOnly "known device" cookie. It
// exempts that browser from the limits on its client address (shared with whoever else is behind the same
// address); its own failed passwords are counted under the device instead.

const KNOWN_DEVICE_MAX_AGE = 180 * 24 * 60 * 60;

// The auth secret, handed over by initAuth (app/auth/instance.server.ts) so device cookies are signed alike by
// every instance sharing the database.
let signingSecret: string | undefined;

export function setDeviceSigningSecret(secret: string | undefined): void {
  signingSecret = secret;
}

function knownDeviceCookieName(): string {
  // __Host-: only ever set by this host, over HTTPS, for the whole site.
  return env().baseUrl.startsWith("https://") ? "__Host-asimov_known_device" : "asimov_known_device";
}

const DEVICE_ID = /^[\w-]{16,64}$/;

let deviceCookie: { cookie: Cookie; secret: string; name: string } | undefined;
/**
 * React Router's createCookie writes and reads it, signed (HMAC SHA-256) with the auth secret. Made on first use
 * and again if the secret or the name changes (tests start auth more than once).
 */
function knownDeviceJar(): Cookie {
  if (!signingSecret) throw new Error("Auth is not initialised (call initAuth at start-up).");
  const name = knownDeviceCookieName();
  if (deviceCookie?.secret !== signingSecret || deviceCookie.name !== name) {
    const cookie = createCookie(name, {
      path: "/",
      maxAge: KNOWN_DEVICE_MAX_AGE,
      httpOnly: true,
      sameSite: "lax",
      secure: env().baseUrl.startsWith("https://"),
      secrets: [signingSecret],
    });
    deviceCookie = { cookie, secret: signingSecret, name };
  }
  return deviceCookie.cookie;
}

/** The id of the known device the request comes from, when it carries a genuine (correctly signed) cookie. */
export async function knownDeviceIdIn(headers: Headers | undefined): Promise<string | null> {
  const cookie = headers?.get("cookie");
  if (!cookie || !signingSecret) return null;
  const id: unknown = await knownDeviceJar().parse(cookie);
  return typeof id === "string" && DEVICE_ID.test(id) ? id : null;
}

/** The Set-Cookie value marking this browser as a known device (keeping its id when it already is one). */
export async function knownDeviceCookie(request: Request): Promise<string> {
  const id = (await knownDeviceIdIn(request.headers)) ?? randomBytes(18).toString("base64url");
  return knownDeviceJar().serialize(id);
}
