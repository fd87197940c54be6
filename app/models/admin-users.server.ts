// Team members' rows besides better-auth's own handling of them: the admin_users row (role, active) and the
// two-factor flag of the auth user. Who counts as a member is decided in app/auth/guard.server.ts.
import { eq } from "drizzle-orm";
import { isRole, type Role } from "~/auth/roles";
import { db } from "~/db/client.server";
import { adminUsers, authUsers } from "~/db/schema";

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

/** The owner's admin_users row (the ADMIN_EMAIL account), created active when missing (an existing row keeps its state). */
export async function ensureAdminRow(userId: string): Promise<void> {
  await db().insert(adminUsers).values({ userId, role: "owner", isActive: true }).onConflictDoNothing();
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
