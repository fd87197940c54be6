// What of better-auth the product opens (ADR 047). better-auth ships dozens of endpoints under /api/auth (rename
// yourself, change your email, delete your user, sign up, set or change a password, list accounts…); the product's
// screens call a handful of them, each behind the checks those screens apply. Every other endpoint answers 404,
// whoever asks, so a signed-in member cannot reach around a screen by calling better-auth directly. And whichever
// endpoint sets a new password applies the password policy first (password-policy.server.ts).
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { newPasswordProblem, PASSWORD_POLICY_CODE } from "./password-policy.server";

/**
 * The endpoints the product calls, by path (under /api/auth) and method. Each one, with who calls it:
 * the sign-in page, accepting an invitation, and scripts or tests that sign in over HTTP (sign-in.server.ts); the
 * second step of sign-in and confirming a new authenticator on Security (two-factor verify-totp and
 * verify-backup-code); turning two-factor on and off on Security (app/routes/admin/security.tsx); the
 * forgot-password and reset pages (app/routes/auth/forgot-password.tsx, reset-password.tsx).
 * Sessions are read, listed and ended through `auth().api` on the server, which this list does not concern.
 */
export const AUTH_ENDPOINTS_IN_USE: Readonly<Record<string, "POST">> = {
  "/sign-in/email": "POST",
  "/two-factor/verify-totp": "POST",
  "/two-factor/verify-backup-code": "POST",
  "/two-factor/enable": "POST",
  "/two-factor/disable": "POST",
  "/request-password-reset": "POST",
  "/reset-password": "POST",
};

const AUTH_BASE_PATH = "/api/auth";

/** Whether an HTTP request to better-auth is for an endpoint the product uses (exact path and method). */
export function authRequestAllowed(request: Request): boolean {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  return AUTH_ENDPOINTS_IN_USE[pathname.slice(AUTH_BASE_PATH.length)] === request.method;
}

/** better-auth's endpoints that set a password, and the body field that carries the new one. */
const NEW_PASSWORD_FIELDS: Readonly<Record<string, "newPassword" | "password">> = {
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
  "/sign-up/email": "password",
};

const newPasswordCheck = createAuthMiddleware(async (ctx) => {
  const field = ctx.path ? NEW_PASSWORD_FIELDS[ctx.path] : undefined;
  const value = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
  if (typeof value !== "string") return;
  const problem = await newPasswordProblem(value);
  if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: PASSWORD_POLICY_CODE });
});

/** The plugin that closes the unused endpoints (before routing) and checks new passwords (before the endpoint). */
export function productEndpointPolicy() {
  return {
    id: "product-endpoint-policy",
    onRequest: async (request: Request) =>
      authRequestAllowed(request) ? undefined : { response: new Response("Not Found", { status: 404 }) },
    hooks: {
      before: [
        { matcher: (ctx) => Boolean(ctx.path && ctx.path in NEW_PASSWORD_FIELDS), handler: newPasswordCheck },
      ],
    },
  } satisfies BetterAuthPlugin;
}
