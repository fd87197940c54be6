// The team: members (admin_users with their auth_user) and the changes to them — change a role, remove, require
// two-factor sign-in; the Team screen's list with the pending invitations and who made them. Every change records
// its audit entry. A role change carries the member's version the screen loaded; removing a member, or taking away
// their right to invite, withdraws the invitations they made. The one owner is the ADMIN_EMAIL account
// (admin-users.server.ts). The rules (who may invite whom, the owner stays, the team never loses its last manager)
// are checked here and in team-invitations.server.ts (invite, send again, revoke, accept), whoever calls. Accounts
// themselves (the user, the password) are better-auth's: app/auth/invitations.server.ts creates them.
import { and, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { can, isRole, type Role, rolesWith } from "~/auth/roles";
import { db, type Transaction as Tx } from "~/db/client.server";
import { adminUsers, auditLog, authSessions, authUsers, teamInvitations, websiteSettings } from "~/db/schema";
import type { EditConflict, EditVersion } from "~/lib/edit-conflict";
import { roleConflictMessage } from "~/lib/team";
import { type AuditContext, auditAs, recordAuditIn } from "~/models/audit.server";
import { isStale, versionOf } from "~/models/edit-conflicts.server";

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

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

/** A role change refused because someone changed the member after the screen was loaded (nothing was written). */
export class TeamConflictError extends TeamRuleError {
  constructor(
    member: string,
    readonly conflict: EditConflict,
  ) {
    super(roleConflictMessage(member, conflict), 409);
    this.name = "TeamConflictError";
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
  notManager: "Only owners and administrators manage the team.",
} as const;

/** An invitation neither accepted nor revoked. */
export const pendingInvitation = () =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt));

export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
  twoFactor: boolean;
  lastSignIn: Date | null;
  joinedAt: Date;
  /** What a role change carries back: the row's last change, so one made meanwhile is not overwritten. */
  version: EditVersion;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  sentAt: Date;
  expiresAt: Date;
  expired: boolean;
  /** Who made or last sent it (their name, else their e-mail); null when that account no longer exists. */
  invitedBy: string | null;
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
      updatedAt: adminUsers.updatedAt,
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
    .map(({ updatedAt, ...r }) => ({
      ...r,
      twoFactor: Boolean(r.twoFactor),
      lastSignIn: lastSignIn(r.userId, r.email),
      version: versionOf({ updatedAt }),
    }))
    .sort((a, b) => order(a.role) - order(b.role) || a.name.localeCompare(b.name));
  const invitationRows = await db()
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      sentAt: teamInvitations.sentAt,
      expiresAt: teamInvitations.expiresAt,
      inviterName: authUsers.name,
      inviterEmail: authUsers.email,
    })
    .from(teamInvitations)
    .leftJoin(authUsers, eq(authUsers.id, teamInvitations.invitedBy))
    .where(pendingInvitation())
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
      invitedBy: r.inviterName?.trim() || r.inviterEmail || null,
    }));
  return { members, invitations };
}

/** Who last changed a member's row (for a refused role change). */
const changer = alias(authUsers, "changer");

/**
 * Locks the actor's and the target's rows (in one order, so two members changing each other cannot deadlock),
 * checks that the actor still manages the team (their role may have changed since the guard read it), and refuses
 * changes to the owner; answers the target's row.
 */
async function lockedMember(tx: Tx, actor: TeamActor, userId: string) {
  if (!can(actor.role, "team.manage")) throw new TeamRuleError(TEAM_MESSAGES.notManager, 403);
  const rows = await tx
    .select({
      userId: adminUsers.userId,
      role: adminUsers.role,
      isActive: adminUsers.isActive,
      email: authUsers.email,
      name: authUsers.name,
      updatedAt: adminUsers.updatedAt,
      updatedBy: adminUsers.updatedBy,
      changedBy: sql<string | null>`coalesce(nullif(trim(${changer.name}), ''), ${changer.email})`,
    })
    .from(adminUsers)
    .innerJoin(authUsers, eq(authUsers.id, adminUsers.userId))
    .leftJoin(changer, eq(changer.id, adminUsers.updatedBy))
    .where(inArray(adminUsers.userId, [actor.userId, userId]))
    .orderBy(adminUsers.userId)
    .for("update", { of: adminUsers });
  const me = rows.find((r) => r.userId === actor.userId);
  if (!me?.isActive || !can(me.role, "team.manage")) throw new TeamRuleError(TEAM_MESSAGES.notManager, 403);
  const row = rows.find((r) => r.userId === userId);
  if (!row) throw new TeamRuleError(TEAM_MESSAGES.memberGone, 404);
  if (row.role === "owner") throw new TeamRuleError(TEAM_MESSAGES.ownerStays);
  return row;
}

/**
 * Holds the inviter's row for the rest of an invitation's transaction (a removal or role change of theirs waits, and
 * then withdraws what they made) and checks that they still manage the team.
 */
export async function lockInviter(tx: Tx, actor: TeamActor): Promise<void> {
  if (!can(actor.role, "team.manage")) throw new TeamRuleError(TEAM_MESSAGES.notManager, 403);
  const [me] = await tx
    .select({ role: adminUsers.role, isActive: adminUsers.isActive })
    .from(adminUsers)
    .where(eq(adminUsers.userId, actor.userId))
    .for("share");
  if (!me?.isActive || !can(me.role, "team.manage")) throw new TeamRuleError(TEAM_MESSAGES.notManager, 403);
}

/**
 * Withdraws the pending invitations `inviter` made, in the caller's transaction, each with its audit entry: who
 * leaves the team, or may no longer invite, leaves no link behind that would still let someone in.
 */
async function withdrawInvitationsBy(
  tx: Tx,
  inviter: { userId: string; email: string },
  reason: "inviter_removed" | "inviter_role_changed",
  who: AuditContext,
) {
  const withdrawn = await tx
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInvitations.invitedBy, inviter.userId), pendingInvitation()))
    .returning({ id: teamInvitations.id, email: teamInvitations.email });
  for (const invitation of withdrawn) {
    await recordAuditIn(tx, {
      ...who,
      action: "team.invitation.revoked",
      entity: "team_invitation",
      entityId: invitation.id,
      details: { email: invitation.email, reason, invitedBy: inviter.email },
    });
  }
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

/**
 * Gives a member another role (not the owner's, and not the owner). Takes effect on their next request. `base`: the
 * member's version the screen loaded; when someone changed the member since, nothing changes (TeamConflictError).
 * A role that may no longer invite withdraws the invitations the member made.
 */
export async function changeMemberRole(
  userId: string,
  role: Role,
  actor: TeamActor,
  who: AuditContext,
  base?: EditVersion,
) {
  if (role === "owner") throw new TeamRuleError(TEAM_MESSAGES.ownerInvite);
  await db().transaction(async (tx) => {
    const row = await lockedMember(tx, actor, userId);
    if (isStale(row, base)) {
      const conflict = { version: versionOf(row), savedBy: row.changedBy, theirs: { role: row.role } };
      throw new TeamConflictError(row.name || row.email, conflict);
    }
    if (!can(role, "team.manage") && !(await anotherManager(tx, userId))) {
      throw new TeamRuleError(TEAM_MESSAGES.lastManager);
    }
    await tx
      .update(adminUsers)
      .set({ role, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(adminUsers.userId, userId));
    await recordAuditIn(tx, {
      ...who,
      action: "team.member.role_changed",
      entity: "admin_user",
      entityId: userId,
      details: { email: row.email, from: row.role, to: role },
    });
    if (!can(role, "team.manage")) await withdrawInvitationsBy(tx, row, "inviter_role_changed", who);
  });
}

/**
 * Removes a member: their admin_users row, every session and the invitations they made go in one transaction, with
 * the audit entries, so an open browser is refused at its next request. Their account and their content stay
 * (posts keep created_by and their name).
 */
export async function removeMember(userId: string, actor: TeamActor, who: AuditContext) {
  await db().transaction(async (tx) => {
    const member = await lockedMember(tx, actor, userId);
    if (!(await anotherManager(tx, userId))) throw new TeamRuleError(TEAM_MESSAGES.lastManager);
    await tx.delete(adminUsers).where(eq(adminUsers.userId, userId));
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    await recordAuditIn(tx, {
      ...who,
      action: "team.member.removed",
      entity: "admin_user",
      entityId: userId,
      details: { email: member.email, role: member.role },
    });
    await withdrawInvitationsBy(tx, member, "inviter_removed", who);
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
