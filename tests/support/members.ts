// Team members for tests: an auth user and an active admin_users row with a role, written directly (the invitation
// flow is not what these tests are about). Returns what the guard's identity would carry.
import { createHmac } from "node:crypto";
import { auth } from "../../app/auth/instance.server";
import type { Role } from "../../app/auth/roles";
import type { Database } from "../../app/db/client.server";
import { adminUsers, authUsers } from "../../app/db/schema";

export interface TestMember {
  userId: string;
  name: string;
  email: string;
  role: Role;
}

export async function addMember(
  db: Database,
  member: { name: string; email: string; role: Role; active?: boolean },
): Promise<TestMember> {
  const email = member.email.toLowerCase();
  const [user] = await db
    .insert(authUsers)
    .values({ name: member.name, email, emailVerified: true })
    .returning({ id: authUsers.id });
  if (!user) throw new Error("auth user insert returned no row");
  await db.insert(adminUsers).values({ userId: user.id, role: member.role, isActive: member.active ?? true });
  return { userId: user.id, name: member.name, email, role: member.role };
}

/** The AuditContext of a member's request. */
export function memberContext(member: Pick<TestMember, "email">) {
  return { actor: member.email, ip: "127.0.0.1", userAgent: "vitest" };
}

/** An account with a password that is not a team member (better-auth's user and credential, as sign-up makes them). */
export async function addAccount(account: { email: string; password: string; name: string }): Promise<void> {
  const ctx = await auth().$context;
  const user = await ctx.internalAdapter.createUser(
    { email: account.email, name: account.name, emailVerified: true },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(account.password),
  });
}

/**
 * A signed session cookie for a user, made the way a sign-in makes one but without checking a password (a password
 * check costs a fraction of a second; tests that need many fresh sessions use this, tests of signing in do not).
 */
export async function sessionCookie(userId: string): Promise<string> {
  const ctx = await auth().$context;
  const session = await ctx.internalAdapter.createSession(userId);
  const signature = createHmac("sha256", ctx.secret).update(session.token).digest("base64");
  return `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
}
