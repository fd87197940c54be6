// Team invitations (team_invitations): invite, send again, revoke, and accepting one (the token's state, claiming
// it, joining the team). An invitation's mail is an outbox row written in the same transaction; every change
// records its audit entry. The member rules and messages are team.server.ts's; the account itself (user, password)
// is better-auth's: app/auth/invitations.server.ts creates it and calls `claimInvitation` / `joinTeam`.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { atRestKey } from "~/auth/auth-secret.server";
import { can, isRole, type Role } from "~/auth/roles";
import { db, type Transaction as Tx } from "~/db/client.server";
import { adminUsers, authUsers, teamInvitations } from "~/db/schema";
import { env } from "~/env.server";
import { mailConfigured } from "~/infra/mail.server";
import { seal } from "~/infra/secret-box.server";
import { PRODUCT_NAME } from "~/lib/brand";
import { type AuditContext, auditAs } from "~/models/audit.server";
import { enqueue, outboxWritten } from "~/models/outbox.server";
import {
  INVITATION_TTL_DAYS,
  lockInviter,
  pendingInvitation,
  TEAM_MESSAGES,
  type TeamActor,
  TeamRuleError,
} from "~/models/team.server";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The acceptance page of a token. */
export function invitationLink(token: string): string {
  return `${env().baseUrl}/admin-auth/join/${token}`;
}

function newToken() {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  return { token, tokenHash: hashToken(token), expiresAt };
}

const ROLE_ARTICLE: Record<Role, string> = {
  owner: "the owner",
  administrator: "an administrator",
  editor: "an editor",
  author: "an author",
  contributor: "a contributor",
  sales: "a member of sales",
};

/** The invitation mail; its text holds the link, so the outbox keeps it sealed with the at-rest key. */
function invitationMail(to: string, role: Role, inviterName: string, link: string, key: Buffer) {
  const text =
    `${inviterName} invited you to join the ${PRODUCT_NAME} back office as ${ROLE_ARTICLE[role]}.\n\n` +
    `Open this link within ${INVITATION_TTL_DAYS} days to choose your name and password:\n${link}\n\n` +
    "The link works once. If you did not expect this invitation, ignore this email.";
  return {
    kind: "email" as const,
    target: to,
    event: "team.invitation",
    payload: {
      subject: `You are invited to the ${PRODUCT_NAME} back office`,
      sealedText: seal(text, key),
    },
  };
}

/** Invitations an administrator may make: any role but the owner (there is one, the ADMIN_EMAIL account). */
function checkInvitedRole(actor: TeamActor, role: Role) {
  if (!can(actor.role, "team.manage")) throw new TeamRuleError(TEAM_MESSAGES.notManager, 403);
  if (role === "owner") throw new TeamRuleError(TEAM_MESSAGES.ownerInvite);
}

/** What the inviter is told: mailed (SMTP configured) or the link to pass on themselves. */
export type InvitationSent = { email: string; mailed: true } | { email: string; mailed: false; link: string };

/**
 * Queues the mail in the caller's transaction, or answers the link to pass on. `key`: the at-rest key, read before
 * the transaction (reading it may query the database, which a PGlite transaction would wait for), null without SMTP.
 */
async function send(
  tx: Tx,
  invitation: { email: string; role: Role; token: string; inviterName: string },
  key: Buffer | null,
): Promise<InvitationSent> {
  const { email, role, token, inviterName } = invitation;
  const link = invitationLink(token);
  if (!key) return { email, mailed: false, link };
  await enqueue(tx, [invitationMail(email, role, inviterName, link, key)]);
  return { email, mailed: true };
}

const mailKey = async () => (mailConfigured() ? atRestKey() : null);

/**
 * Invites `email` with `role`: a new single-use token (only its hash is stored) that works for seven days. An
 * earlier pending invitation of the same address is revoked. Refuses the owner's role and current members.
 */
export async function inviteMember(
  input: { email: string; role: Role },
  actor: TeamActor & { name: string },
  who: AuditContext,
): Promise<InvitationSent> {
  const email = input.email.trim().toLowerCase();
  checkInvitedRole(actor, input.role);
  if (email === env().adminEmail.toLowerCase()) throw new TeamRuleError(TEAM_MESSAGES.alreadyMember);
  const { token, tokenHash, expiresAt } = newToken();
  const key = await mailKey();
  const sent = await db().transaction(async (tx) => {
    await lockInviter(tx, actor);
    const [member] = await tx
      .select({ userId: adminUsers.userId })
      .from(adminUsers)
      .innerJoin(authUsers, eq(authUsers.id, adminUsers.userId))
      .where(sql`lower(${authUsers.email}) = ${email}`)
      .limit(1);
    if (member) throw new TeamRuleError(TEAM_MESSAGES.alreadyMember);
    await tx
      .update(teamInvitations)
      .set({ revokedAt: new Date() })
      .where(and(pendingInvitation(), eq(teamInvitations.email, email)));
    await tx
      .insert(teamInvitations)
      .values({ email, role: input.role, tokenHash, expiresAt, invitedBy: actor.userId });
    return send(tx, { email, role: input.role, token, inviterName: actor.name }, key);
  });
  if (sent.mailed) outboxWritten();
  await auditAs(who, {
    action: "team.invitation.created",
    entity: "team_invitation",
    details: { email, role: input.role, mailed: sent.mailed },
  });
  return sent;
}

/**
 * Sends a pending invitation again: a new token (the old link stops working) and seven more days. Whoever sends it
 * again is its inviter from then on (the mail names them, and it follows them if they leave).
 */
export async function resendInvitation(
  id: string,
  actor: TeamActor & { name: string },
  who: AuditContext,
): Promise<InvitationSent> {
  const { token, tokenHash, expiresAt } = newToken();
  const key = await mailKey();
  const sent = await db().transaction(async (tx) => {
    await lockInviter(tx, actor);
    const [row] = await tx
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.id, id), pendingInvitation()))
      .for("update");
    if (!row || !isRole(row.role)) throw new TeamRuleError(TEAM_MESSAGES.invitationGone, 404);
    checkInvitedRole(actor, row.role);
    await tx
      .update(teamInvitations)
      .set({ tokenHash, expiresAt, sentAt: new Date(), invitedBy: actor.userId })
      .where(eq(teamInvitations.id, id));
    return send(tx, { email: row.email, role: row.role, token, inviterName: actor.name }, key);
  });
  if (sent.mailed) outboxWritten();
  await auditAs(who, {
    action: "team.invitation.resent",
    entity: "team_invitation",
    entityId: id,
    details: { email: sent.email },
  });
  return sent;
}

/** Withdraws a pending invitation: its link is refused from now on. */
export async function revokeInvitation(id: string, actor: TeamActor, who: AuditContext): Promise<string> {
  if (!can(actor.role, "team.manage")) throw new TeamRuleError(TEAM_MESSAGES.notManager, 403);
  const [row] = await db()
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInvitations.id, id), pendingInvitation()))
    .returning({ email: teamInvitations.email });
  if (!row) throw new TeamRuleError(TEAM_MESSAGES.invitationGone, 404);
  await auditAs(who, {
    action: "team.invitation.revoked",
    entity: "team_invitation",
    entityId: id,
    details: { email: row.email },
  });
  return row.email;
}

export type InvitationState = "valid" | "expired" | "revoked" | "used" | "unknown";

/** What a token opens: the invitation's address and role while it works, otherwise why not. */
export async function invitationByToken(
  token: string,
): Promise<
  { state: "valid"; id: string; email: string; role: Role } | { state: Exclude<InvitationState, "valid"> }
> {
  if (!TOKEN_SHAPE.test(token)) return { state: "unknown" };
  const [row] = await db()
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || !isRole(row.role)) return { state: "unknown" };
  if (row.acceptedAt) return { state: "used" };
  if (row.revokedAt) return { state: "revoked" };
  if (row.expiresAt.getTime() <= Date.now()) return { state: "expired" };
  return { state: "valid", id: row.id, email: row.email, role: row.role };
}

/** The message for a token that does not work. */
export function invitationRefusal(state: Exclude<InvitationState, "valid">): string {
  return {
    expired: TEAM_MESSAGES.invitationExpired,
    revoked: TEAM_MESSAGES.invitationRevoked,
    used: TEAM_MESSAGES.invitationUsed,
    unknown: TEAM_MESSAGES.invitationUnknown,
  }[state];
}

/**
 * Marks the invitation used, once: only one of two simultaneous acceptances gets it. Returns the invitation, or
 * the reason it no longer works. `release` gives it back when the account could not be made.
 */
export async function claimInvitation(token: string) {
  const opened = await invitationByToken(token);
  if (opened.state !== "valid") return opened;
  const [row] = await db()
    .update(teamInvitations)
    .set({ acceptedAt: new Date() })
    .where(
      and(eq(teamInvitations.id, opened.id), pendingInvitation(), gt(teamInvitations.expiresAt, sql`now()`)),
    )
    .returning({ id: teamInvitations.id });
  if (!row) return { state: "used" as const };
  return opened;
}

export async function releaseInvitation(id: string): Promise<void> {
  await db().update(teamInvitations).set({ acceptedAt: null }).where(eq(teamInvitations.id, id));
}

/** The accepted invitation's user becomes a member with its role (a removed member comes back the same way). */
export async function joinTeam(
  invitation: { id: string; email: string; role: Role },
  userId: string,
  who: AuditContext,
): Promise<void> {
  await db().transaction(async (tx) => {
    // The role is the inviter's choice: they count as the member's last change (a version the Team screen loads).
    const [made] = await tx
      .update(teamInvitations)
      .set({ acceptedBy: userId })
      .where(eq(teamInvitations.id, invitation.id))
      .returning({ invitedBy: teamInvitations.invitedBy });
    const change = {
      role: invitation.role,
      isActive: true,
      updatedAt: new Date(),
      updatedBy: made?.invitedBy ?? null,
    };
    await tx
      .insert(adminUsers)
      .values({ userId, ...change })
      .onConflictDoUpdate({ target: adminUsers.userId, set: change });
  });
  await auditAs(who, {
    action: "team.invitation.accepted",
    entity: "team_invitation",
    entityId: invitation.id,
    details: { email: invitation.email, role: invitation.role },
  });
}
