// The owner's account: created at start-up from ADMIN_EMAIL (and ADMIN_PASSWORD, or a generated password shown
// once), and password changes from the CLI. Every password change ends all sessions. The team has one owner, the
// account of the current ADMIN_EMAIL: a start with another address hands ownership over (ensureAdminRow).
import { randomBytes } from "node:crypto";
import { env } from "~/env.server";
import { ADMIN_PASSWORD_MIN_LENGTH } from "~/lib/auth-schemas";
import { ensureAdminRow } from "~/models/admin-users.server";
import { recordAudit } from "~/models/audit.server";
import { auth } from "./instance.server";
import { clearSignInFailures } from "./throttle.server";

/** A strong random password: 20 characters from a URL-safe alphabet. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}

export interface BootstrapResult {
  userId: string;
  /** Set only when this start generated the password (to be shown once). */
  generatedPassword?: string;
  created: boolean;
}

/**
 * Makes sure the owner's account (ADMIN_EMAIL) exists and is the team's one owner: any other owner becomes an
 * administrator (ensureAdminRow). A configured ADMIN_PASSWORD is applied; without one, a first start generates a
 * strong password for the caller to print once. No well-known default password exists. `config` defaults to the
 * environment (tests pass their own).
 */
export async function bootstrapAdmin(
  config: { adminEmail: string; adminPassword: string | undefined } = env(),
): Promise<BootstrapResult> {
  const { adminEmail, adminPassword } = config;
  const ctx = await auth().$context;
  const existing = await ctx.internalAdapter.findUserByEmail(adminEmail, { includeAccounts: true });
  if (existing) {
    const userId = existing.user.id;
    await ensureAdminRow(userId);
    if (adminPassword) {
      const credential = existing.accounts.find((a) => a.providerId === "credential");
      const matches = credential?.password
        ? await ctx.password.verify({ password: adminPassword, hash: credential.password })
        : false;
      if (!matches) {
        // A new ADMIN_PASSWORD is a password change like any other: whoever held a session under the old one
        // (perhaps the reason it was changed) is signed out.
        await changeAdminPassword(userId, adminEmail, adminPassword);
        await recordAudit({
          actor: adminEmail,
          action: "auth.password.changed",
          details: { via: "ADMIN_PASSWORD" },
        });
      }
    }
    return { userId, created: false };
  }
  const password = adminPassword ?? generatePassword();
  const user = await ctx.internalAdapter.createUser(
    { email: adminEmail, name: "Administrator", emailVerified: true },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(password),
  });
  await ensureAdminRow(user.id);
  return { userId: user.id, created: true, generatedPassword: adminPassword ? undefined : password };
}

/** Sets a member's password (a new credential account when they have none). */
export async function setPasswordFor(userId: string, password: string) {
  const ctx = await auth().$context;
  const hash = await ctx.password.hash(password);
  const accounts = await ctx.internalAdapter.findAccounts(userId);
  if (accounts.some((a) => a.providerId === "credential")) {
    await ctx.internalAdapter.updatePassword(userId, hash);
  } else {
    await ctx.internalAdapter.linkAccount({
      userId,
      providerId: "credential",
      accountId: userId,
      password: hash,
    });
  }
}

/** Every password change: the new hash, every session ended, and the sign-in failure counters cleared. */
async function changeAdminPassword(userId: string, email: string, password: string) {
  await setPasswordFor(userId, password);
  const ctx = await auth().$context;
  await ctx.internalAdapter.deleteUserSessions(userId);
  await clearSignInFailures(email);
}

/**
 * Sets the administrator's password (CLI `npm run admin -- set-password`) and ends every session, so an
 * attacker holding an old session is signed out too.
 */
export async function setAdminPassword(password: string): Promise<void> {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new Error(`The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`);
  }
  const { userId } = await bootstrapAdmin();
  await changeAdminPassword(userId, env().adminEmail, password);
  await recordAudit({ actor: env().adminEmail, action: "auth.password.changed", details: { via: "cli" } });
}
