// Accepting an invitation (/admin-auth/join/:token): the only way an account other than the owner's comes to be
// (better-auth's own sign-up stays disabled). The invitation is claimed first, so a link works once even when two
// browsers send it together; then the account is made (or a removed member's account gets the new name and
// password), it joins the team with the invitation's role, and the person is signed in through the same flow as the
// sign-in page (its throttling, audit and two-factor step apply).

import { hitRateLimit, rateLimitRetryAfter } from "~/infra/rate-limit.server";
import { clientKey } from "~/infra/request-context.server";
import { MEMBER_NAME_MAX_LENGTH } from "~/lib/auth-schemas";
import { safeText } from "~/lib/safe-text";
import { type AuditContext, auditAs } from "~/models/audit.server";
import {
  claimInvitation,
  invitationRefusal,
  joinTeam,
  releaseInvitation,
} from "~/models/team-invitations.server";
import { setPasswordFor } from "./bootstrap.server";
import { auth } from "./instance.server";
import { type SignInOutcome, signInAdmin } from "./sign-in.server";
import { rateLimitMessage } from "./throttle.server";

/** Acceptance attempts (and invitation pages that did not open) one client address may make per window. */
export const ACCEPT_LIMIT = { limit: 10, windowSeconds: 15 * 60 } as const;

const limitKey = (ip: string) => `team-invitation:${clientKey(ip)}`;

/** Seconds this address must wait before trying an invitation link again, or 0. */
export function invitationWait(ip: string): Promise<number> {
  return rateLimitRetryAfter(limitKey(ip), ACCEPT_LIMIT.limit);
}

/** Counts one attempt of this address (a POST, or a link that did not open). */
export async function countInvitationAttempt(ip: string): Promise<number> {
  const hit = await hitRateLimit(limitKey(ip), ACCEPT_LIMIT.limit, ACCEPT_LIMIT.windowSeconds);
  return hit.ok ? 0 : hit.retryAfter;
}

export type AcceptOutcome = SignInOutcome | { kind: "refused"; status: number; message: string };

/** Accepts the invitation of `token` with the person's name and password, and signs them in. */
export async function acceptInvitation(
  request: Request,
  token: string,
  input: { name: string; password: string },
  who: AuditContext & { ip: string },
): Promise<AcceptOutcome> {
  const wait = await countInvitationAttempt(who.ip);
  if (wait > 0) return { kind: "refused", status: 429, message: rateLimitMessage(wait) };
  const invitation = await claimInvitation(token);
  if (invitation.state !== "valid") {
    return { kind: "refused", status: 410, message: invitationRefusal(invitation.state) };
  }
  const name = safeText(input.name, MEMBER_NAME_MAX_LENGTH);
  const ctx = await auth().$context;
  let userId: string;
  try {
    const existing = await ctx.internalAdapter.findUserByEmail(invitation.email);
    if (existing) {
      // A member removed earlier and invited again: their account (and content) is theirs again.
      userId = existing.user.id;
      await ctx.internalAdapter.updateUser(userId, { name });
      await ctx.internalAdapter.deleteUserSessions(userId);
    } else {
      const user = await ctx.internalAdapter.createUser(
        { email: invitation.email, name, emailVerified: true },
        { method: "invitation" },
      );
      userId = user.id;
    }
    await setPasswordFor(userId, input.password);
    await joinTeam(invitation, userId, { ...who, actor: invitation.email });
  } catch (error) {
    await releaseInvitation(invitation.id);
    throw error;
  }
  const outcome = await signInAdmin(request, { email: invitation.email, password: input.password });
  if (outcome.kind === "error") {
    await auditAs(
      { ...who, actor: invitation.email },
      { action: "team.invitation.sign_in_failed", details: { status: outcome.status } },
    );
  }
  return outcome;
}
