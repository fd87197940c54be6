// The team: members (admin_users with their auth_user), invitations (team_invitations) and the team's changes —
// invite, send again, revoke, accept, change a role, remove. Every change records its audit entry; an invitation's
// mail is an outbox row written in the same transaction. The rules (who may invite whom, the owner stays, the team
// never loses its last manager) are checked here, whoever calls. Accounts themselves (the user, the password) are
// better-auth's: app/auth/invitations.server.ts creates them and calls `claimInvitation` / `joinTeam`.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, max, sql } from "drizzle-orm";
import { atRestKey } from "~/auth/auth-secret.server";
import { can, isRole, type Role, rolesWith } from "~/auth/roles";
import { db } from "~/db/client.server";
import { adminUsers, auditLog, authSessions, authUsers, teamInvitations, websiteSettings } from "~/db/schema";
import { env } from "~/env.server";
import { PRODUCT_NAME } from "~/lib/brand";
import { mailConfigured } from "~/lib/mail.server";
import { seal } from "~/lib/secret-box.server";
import { type AuditContext, auditAs } from "~/models/audit.server";
import { enqueue, outboxWritten } from "~/models/outbox.server";

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The member making a team change (from the guard's AdminIdentity). */
export interface TeamActor {
  userId: string;
  role: Role;
}

/** Why a team change was refused, in words a person reads (the Team screen shows them). */
export class TeamRuleError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = "TeamRuleError";
  }
}

export const TEAM_MESSAGES = {
  ownerInvite: "The owner is the account set by ADMIN_EMAIL; invite an administrator instead.",
  alreadyMember: "This person is already a member of the team.",
  ownerStays: "The owner cannot be removed or given another role.",
  lastManager:
    "This would leave nobody who can manage the team. Give someone else the Administrator role first.",
  memberGone: "This member is no longer in the team.",
  ownTwoFactorFirst:
    "Turn on two-factor sign-in for your own account (Security) before requiring it of everyone.",
  invitationGone: "This invitation no longer exists or was already accepted.",
  invitationRevoked: "This invitation was withdrawn. Ask whoever invited you for a new one.",
  invitationExpired: `This invitation has expired (links work for ${INVITATION_TTL_DAYS} days). Ask whoever invited you to send it again.`,
  invitationUsed: "This invitation has already been used. Sign in with the password you chose.",
  invitationUnknown: "This invitation link is not valid. Check that you copied the whole link.",
} as const;

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
  if (!can(actor.role, "team.manage"))
    throw new TeamRuleError("Only owners and administrators manage the team.", 403);
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
      .where(and(pending(), eq(teamInvitations.email, email)));
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

const pending = () => and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt));

/** Sends a pending invitation again: a new token (the old link stops working) and seven more days. */
export async function resendInvitation(
  id: string,
  actor: TeamActor & { name: string },
  who: AuditContext,
): Promise<InvitationSent> {
  const { token, tokenHash, expiresAt } = newToken();
  const key = await mailKey();
  const sent = await db().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.id, id), pending()))
      .for("update");
    if (!row || !isRole(row.role)) throw new TeamRuleError(TEAM_MESSAGES.invitationGone, 404);
    checkInvitedRole(actor, row.role);
    await tx
      .update(teamInvitations)
      .set({ tokenHash, expiresAt, sentAt: new Date() })
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
  if (!can(actor.role, "team.manage"))
    throw new TeamRuleError("Only owners and administrators manage the team.", 403);
  const [row] = await db()
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInvitations.id, id), pending()))
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
    .where(and(eq(teamInvitations.id, opened.id), pending(), gt(teamInvitations.expiresAt, sql`now()`)))
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
    await tx
      .insert(adminUsers)
      .values({ userId, role: invitation.role, isActive: true })
      .onConflictDoUpdate({ target: adminUsers.userId, set: { role: invitation.role, isActive: true } });
    await tx.update(teamInvitations).set({ acceptedBy: userId }).where(eq(teamInvitations.id, invitation.id));
  });
  await auditAs(who, {
    action: "team.invitation.accepted",
    entity: "team_invitation",
    entityId: invitation.id,
    details: { email: invitation.email, role: invitation.role },
  });
}

export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
  twoFactor: boolean;
  lastSignIn: Date | null;
  joinedAt: Date;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  sentAt: Date;
  expiresAt: Date;
  expired: boolean;
}

/** The Team screen: every member (owner first, then by name) and the invitations not yet accepted or revoked. */
export async function listTeam(): Promise<{ members: TeamMember[]; invitations: PendingInvitation[] }> {
  const rows = await db()
    .select({
      userId: adminUsers.userId,
      name: authUsers.name,
      email: authUsers.email,
      role: adminUsers.role,
      isActive: adminUsers.isActive,
      twoFactor: authUsers.twoFactorEnabled,
      joinedAt: adminUsers.createdAt,
    })
    .from(adminUsers)
    .innerJoin(authUsers, eq(authUsers.id, adminUsers.userId));
  const emails = rows.map((r) => r.email);
  const signIns = emails.length
    ? await db()
        .select({ actor: auditLog.actor, at: max(auditLog.at) })
        .from(auditLog)
        .where(and(eq(auditLog.action, "auth.admin_access.granted"), inArray(auditLog.actor, emails)))
        .groupBy(auditLog.actor)
    : [];
  // A sign-in is the sign-in page's granted entry, or a session opened another way (the auth API): the later one.
  const sessions = rows.length
    ? await db()
        .select({ userId: authSessions.userId, at: max(authSessions.createdAt) })
        .from(authSessions)
        .where(
          inArray(
            authSessions.userId,
            rows.map((r) => r.userId),
          ),
        )
        .groupBy(authSessions.userId)
    : [];
  const byEmail = new Map(signIns.map((s) => [s.actor, s.at]));
  const bySession = new Map(sessions.map((s) => [s.userId, s.at]));
  const lastSignIn = (userId: string, email: string) => {
    const times = [byEmail.get(email), bySession.get(userId)].filter((t): t is Date => t instanceof Date);
    return times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
  };
  const order = (role: string) => (role === "owner" ? 0 : 1);
  const members = rows
    .filter((r): r is typeof r & { role: Role } => isRole(r.role))
    .map((r) => ({ ...r, twoFactor: Boolean(r.twoFactor), lastSignIn: lastSignIn(r.userId, r.email) }))
    .sort((a, b) => order(a.role) - order(b.role) || a.name.localeCompare(b.name));
  const invitationRows = await db()
    .select()
    .from(teamInvitations)
    .where(pending())
    .orderBy(desc(teamInvitations.sentAt));
  const now = Date.now();
  const invitations = invitationRows
    .filter((r): r is typeof r & { role: Role } => isRole(r.role))
    .map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role,
      sentAt: r.sentAt,
      expiresAt: r.expiresAt,
      expired: r.expiresAt.getTime() <= now,
    }));
  return { members, invitations };
}

/** Locks the target's row and refuses changes to the owner; answers the row. */
async function lockedMember(tx: Tx, actor: TeamActor, userId: string) {
  if (!can(actor.role, "team.manage"))
    throw new TeamRuleError("Only owners and administrators manage the team.", 403);
  const [row] = await tx
    .select({ role: adminUsers.role, email: authUsers.email })
    .from(adminUsers)
    .innerJoin(authUsers, eq(authUsers.id, adminUsers.userId))
    .where(eq(adminUsers.userId, userId))
    .for("update", { of: adminUsers });
  if (!row) throw new TeamRuleError(TEAM_MESSAGES.memberGone, 404);
  if (row.role === "owner") throw new TeamRuleError(TEAM_MESSAGES.ownerStays);
  return row;
}

/** Whether someone other than `userId` who is active can still manage the team. */
async function anotherManager(tx: Tx, userId: string): Promise<boolean> {
  const managers = rolesWith("team.manage");
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(adminUsers)
    .where(
      and(
        inArray(adminUsers.role, managers),
        eq(adminUsers.isActive, true),
        sql`${adminUsers.userId} <> ${userId}`,
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Gives a member another role (not the owner's, and not the owner). Takes effect on their next request. */
export async function changeMemberRole(userId: string, role: Role, actor: TeamActor, who: AuditContext) {
  if (role === "owner") throw new TeamRuleError(TEAM_MESSAGES.ownerInvite);
  const email = await db().transaction(async (tx) => {
    const row = await lockedMember(tx, actor, userId);
    if (!can(role, "team.manage") && !(await anotherManager(tx, userId))) {
      throw new TeamRuleError(TEAM_MESSAGES.lastManager);
    }
    await tx.update(adminUsers).set({ role }).where(eq(adminUsers.userId, userId));
    return { email: row.email, from: row.role };
  });
  await auditAs(who, {
    action: "team.member.role_changed",
    entity: "admin_user",
    entityId: userId,
    details: { email: email.email, from: email.from, to: role },
  });
}

/**
 * Removes a member: their admin_users row and every session go in one transaction, so an open browser is refused at
 * its next request. Their account and their content stay (posts keep created_by and their name).
 */
export async function removeMember(userId: string, actor: TeamActor, who: AuditContext) {
  const row = await db().transaction(async (tx) => {
    const member = await lockedMember(tx, actor, userId);
    if (!(await anotherManager(tx, userId))) throw new TeamRuleError(TEAM_MESSAGES.lastManager);
    await tx.delete(adminUsers).where(eq(adminUsers.userId, userId));
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    return member;
  });
  await auditAs(who, {
    action: "team.member.removed",
    entity: "admin_user",
    entityId: userId,
    details: { email: row.email, role: row.role },
  });
}

/** The setting row (outside the Settings form's keys, so saving that form never touches it). */
const REQUIRE_TWO_FACTOR = "team_require_two_factor";

/** Whether the owner requires two-factor sign-in of every member. */
export async function twoFactorRequired(): Promise<boolean> {
  const [row] = await db()
    .select({ value: websiteSettings.settingValue })
    .from(websiteSettings)
    .where(eq(websiteSettings.settingKey, REQUIRE_TWO_FACTOR))
    .limit(1);
  return row?.value === "true";
}

/** The owner turns the requirement on or off. */
export async function setTwoFactorRequired(
  on: boolean,
  actor: TeamActor & { twoFactor: boolean },
  who: AuditContext,
): Promise<void> {
  if (actor.role !== "owner") throw new TeamRuleError("Only the owner can require two-factor sign-in.", 403);
  // Requiring it without having it would send the owner to Security too, away from this switch.
  if (on && !actor.twoFactor) throw new TeamRuleError(TEAM_MESSAGES.ownTwoFactorFirst);
  const value = on ? "true" : "false";
  await db()
    .insert(websiteSettings)
    .values({ settingKey: REQUIRE_TWO_FACTOR, settingValue: value, settingType: "boolean" })
    .onConflictDoUpdate({
      target: websiteSettings.settingKey,
      set: { settingValue: value, updatedAt: sql`now()` },
    });
  await auditAs(who, { action: "team.two_factor_required", entity: "settings", details: { on } });
}
