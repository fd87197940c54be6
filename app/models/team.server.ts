// The team: members (admin_users with their auth_user) and the changes to them — change a role, remove, require
// two-factor sign-in; the Team screen's list with the pending invitations. Every change records its audit entry.
// The rules (who may invite whom, the owner stays, the team never loses its last manager) are checked here and in
// team-invitations.server.ts (invite, send again, revoke, accept), whoever calls. Accounts themselves (the user,
// the password) are better-auth's: app/auth/invitations.server.ts creates them.
import { and, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { can, isRole, type Role, rolesWith } from "~/auth/roles";
import { db, type Transaction as Tx } from "~/db/client.server";
import { adminUsers, auditLog, authSessions, authUsers, teamInvitations, websiteSettings } from "~/db/schema";
import { type AuditContext, auditAs } from "~/models/audit.server";

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
