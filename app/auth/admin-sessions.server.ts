// The administrator's signed-in sessions, for the security page: list them, end one, end all but this one. No rows
// of ours but better-auth's API with the request's headers, so here in app/auth rather than app/models.
// Everything goes through better-auth's session endpoints with the browser's own headers, so better-auth checks
// that the sessions belong to the signed-in user. Session tokens never leave the server: the page knows sessions
// by id only.
import { isAPIError } from "better-auth/api";
import type { AdminIdentity } from "~/auth/guard.server";
import { hookSource } from "~/auth/hooks.server";
import { auth } from "~/auth/instance.server";
import { logger } from "~/infra/logger.server";
import { describeUserAgent } from "~/lib/user-agent";
import { recordAudit } from "~/models/audit.server";

export interface AdminSessionView {
  id: string;
  /** "Chrome on Linux". */
  device: string;
  ip: string | null;
  signedInAt: Date;
  /** When the session was last renewed (better-auth renews it at most hourly while it is used). */
  lastSeenAt: Date;
  current: boolean;
}

export const SESSION_MESSAGES = {
  revoked: "Session signed out",
  othersRevoked: "All other sessions signed out",
  notFound: "That session has already ended.",
  current: "This is the session you are using: use Logout to end it.",
  failed: "Could not sign out the session. Please try again.",
  listFailed: "Your sessions could not be listed. Sign in again to see them.",
} as const;

interface BetterAuthSession {
  id: string;
  token: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

async function sessionsOf(request: Request): Promise<BetterAuthSession[]> {
  return (await auth().api.listSessions({ headers: request.headers })) as BetterAuthSession[];
}

/**
 * The administrator's active sessions, this one first, then the most recently used. Null when better-auth will
 * not list them (e.g. a session older than a day is not "fresh" enough for that): the page says to sign in again.
 */
export async function listAdminSessions(
  request: Request,
  admin: AdminIdentity,
): Promise<AdminSessionView[] | null> {
  try {
    const sessions = await sessionsOf(request);
    return sessions
      .map((s) => ({
        id: s.id,
        device: describeUserAgent(s.userAgent),
        ip: s.ipAddress || null,
        signedInAt: new Date(s.createdAt),
        lastSeenAt: new Date(s.updatedAt),
        current: s.id === admin.sessionId,
      }))
      .sort(
        (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime(),
      );
  } catch (error) {
    logger.warn({ err: error }, "could not list the admin's sessions");
    return null;
  }
}

/** better-auth refusing (e.g. a session too old to manage others) is a 403 to explain; anything else a 500. */
function failure(error: unknown): RevokeResult {
  if (isAPIError(error)) return { ok: false, status: 403, message: SESSION_MESSAGES.listFailed };
  logger.error({ err: error }, "could not revoke a session");
  return { ok: false, status: 500, message: SESSION_MESSAGES.failed };
}

export type RevokeResult = { ok: true; message: string } | { ok: false; status: number; message: string };

/** Ends one of the administrator's other sessions (that browser is signed out at its next request). */
export async function revokeAdminSession(
  request: Request,
  admin: AdminIdentity,
  sessionId: string,
): Promise<RevokeResult> {
  if (sessionId === admin.sessionId) return { ok: false, status: 400, message: SESSION_MESSAGES.current };
  try {
    const target = (await sessionsOf(request)).find((s) => s.id === sessionId);
    if (!target) return { ok: false, status: 404, message: SESSION_MESSAGES.notFound };
    await auth().api.revokeSession({ headers: request.headers, body: { token: target.token } });
    await recordAudit({
      actor: admin.email,
      action: "auth.session.revoked",
      entity: "session",
      entityId: target.id,
      details: { device: describeUserAgent(target.userAgent), ip: target.ipAddress ?? null },
      ...hookSource(request.headers),
    });
    return { ok: true, message: SESSION_MESSAGES.revoked };
  } catch (error) {
    return failure(error);
  }
}

/** Ends every session of the administrator except the one making the request. */
export async function revokeOtherAdminSessions(
  request: Request,
  admin: AdminIdentity,
): Promise<RevokeResult> {
  try {
    const others = (await sessionsOf(request)).filter((s) => s.id !== admin.sessionId);
    await auth().api.revokeOtherSessions({ headers: request.headers });
    await recordAudit({
      actor: admin.email,
      action: "auth.session.revoked_others",
      entity: "session",
      details: { count: others.length },
      ...hookSource(request.headers),
    });
    return { ok: true, message: SESSION_MESSAGES.othersRevoked };
  } catch (error) {
    return failure(error);
  }
}
