// Team members' rows besides better-auth's own handling of them: the admin_users row (role, active) and the
// two-factor flag of the auth user. Who counts as a member is decided in app/auth/guard.server.ts.
import { eq, or } from "drizzle-orm";
import { isRole, type Role } from "~/auth/roles";
import { db } from "~/db/client.server";
import { adminUsers, authUsers } from "~/db/schema";
import { recordAuditIn } from "~/models/audit.server";

/**
 * The user's admin_users row as the guard reads it, with whether two-factor sign-in is on (null when there is no
 * row or its role is unknown).
 */
export async function memberStatus(
  userId: string,
): Promise<{ role: Role; active: boolean; twoFactor: boolean } | null> {
  const [row] = await db()
    .select({ role: adminUsers.role, isActive: adminUsers.isActive, twoFactor: authUsers.twoFactorEnabled })
    .from(adminUsers)
    .innerJoin(authUsers, eq(authUsers.id, adminUsers.userId))
    .where(eq(adminUsers.userId, userId))
    .limit(1);
  return row && isRole(row.role)
    ? { role: row.role, active: row.isActive, twoFactor: Boolean(row.twoFactor) }
    : null;
}

/**
 * Makes the ADMIN_EMAIL account (`userId`) the team's one owner, in one transaction; at every start and at the owner's
 * sign-in. Any other owner row (the account of an earlier ADMIN_EMAIL, or every former admin row the upgrade to
 * roles made an owner) becomes an administrator, with an audit entry: their access stays, and the owner can remove
 * them from the Team screen like any administrator. The account's own row is created active when missing, made the
 * owner when it held another role (an existing row keeps its active state). Nothing is written when all is right.
 */
export async function ensureAdminRow(userId: string): Promise<void> {
  await db().transaction(async (tx) => {
    // Locked in one order, so two instances starting together wait for each other instead of deadlocking.
    const rows = await tx
      .select({ userId: adminUsers.userId, role: adminUsers.role, email: authUsers.email })
      .from(adminUsers)
      .innerJoin(authUsers, eq(authUsers.id, adminUsers.userId))
      .where(or(eq(adminUsers.role, "owner"), eq(adminUsers.userId, userId)))
      .orderBy(adminUsers.userId)
      .for("update", { of: adminUsers });
    const [account] = await tx
      .select({ email: authUsers.email })
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    const owner = account?.email ?? null;
    const now = new Date();
    const system = { actor: "system", entity: "admin_user" };
    for (const row of rows.filter((r) => r.userId !== userId)) {
      await tx
        .update(adminUsers)
        .set({ role: "administrator", updatedAt: now, updatedBy: null })
        .where(eq(adminUsers.userId, row.userId));
      await recordAuditIn(tx, {
        ...system,
        action: "team.owner.demoted",
        entityId: row.userId,
        details: { email: row.email, owner, via: "ADMIN_EMAIL" },
      });
    }
    const mine = rows.find((r) => r.userId === userId);
    if (!mine) {
      await tx
        .insert(adminUsers)
        .values({ userId, role: "owner", isActive: true, updatedAt: now })
        .onConflictDoNothing();
    } else if (mine.role !== "owner") {
      await tx
        .update(adminUsers)
        .set({ role: "owner", updatedAt: now, updatedBy: null })
        .where(eq(adminUsers.userId, userId));
      await recordAuditIn(tx, {
        ...system,
        action: "team.member.role_changed",
        entityId: userId,
        details: { email: mine.email, from: mine.role, to: "owner", via: "ADMIN_EMAIL" },
      });
    }
  });
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
