// The admin guard: resolves a request to an active team member (any user with an active admin_users row: the
// ADMIN_EMAIL owner, and whoever accepted an invitation) or refuses it (redirect to /admin-auth, or 401/403 JSON
// for resource routes), revoking and clearing any non-member session on the way. What a member may do is the role
// check's business (requireCan, app/auth/permissions.server.ts). Admin pages get
// it once per request through the admin layout's middleware (app/auth/admin-context.server.ts); actions and
// resource routes outside that layout call requireAdmin(request) themselves.
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { memberStatus } from "~/models/admin-users.server";
import { auth } from "./instance.server";
import type { Role } from "./roles";

export interface AdminIdentity {
  userId: string;
  email: string;
  name: string;
  /** What this member may do: ask `can(admin.role, capability)` (app/auth/roles.ts). */
  role: Role;
  /** Whether the member has two-factor sign-in on (the owner may require it of everyone). */
  twoFactor: boolean;
  sessionId: string;
}

/** Why a request is not the administrator's (its message: docs/product.md, Admin sign-in). */
export type AdminDenial = "signed-out" | "not-admin" | "inactive" | "error";

/** What a signed-in visitor who may not enter is told, whatever the reason (not the admin, inactive, an error). */
export const ADMIN_DENIED_MESSAGE = "Unauthorized: Only the system admin can access this area";

/** A reason the guard puts in `/admin-auth?denied=`: a signed-in visitor turned away. */
export function isAdminRefusal(value: unknown): value is Exclude<AdminDenial, "signed-out"> {
  return value === "not-admin" || value === "inactive" || value === "error";
}

/**
 * Resolves the request to an active team member, or says why not. A signed-in user who is not a member (no
 * admin_users row: never invited, or removed) or whose row is inactive has the session revoked here, so it cannot
 * be used elsewhere. The row is read on every request, so a removed member's open session is refused at its next
 * request. Any failure (e.g. the database is down) is logged and treated as not-admin.
 */
export async function checkAdmin(
  request: Request,
): Promise<{ ok: true; admin: AdminIdentity } | { ok: false; reason: AdminDenial }> {
  try {
    const session = await auth().api.getSession({ headers: request.headers });
    if (!session) return { ok: false, reason: "signed-out" };
    const { user } = session;
    const member = await memberStatus(user.id);
    if (!member?.active) {
      const ctx = await auth().$context;
      await ctx.internalAdapter.deleteSession(session.session.token);
      return { ok: false, reason: member ? "inactive" : "not-admin" };
    }
    const admin = {
      userId: user.id,
      email: user.email,
      name: user.name,
      role: member.role,
      twoFactor: member.twoFactor,
      sessionId: session.session.id,
    };
    return { ok: true, admin };
  } catch (error) {
    logger.error({ err: error, component: "admin-guard" }, "Admin check failed; treating as not admin");
    return { ok: false, reason: "error" };
  }
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
    const message = result.reason === "signed-out" ? "Sign in as the administrator." : ADMIN_DENIED_MESSAGE;
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
