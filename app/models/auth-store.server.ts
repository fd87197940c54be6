// Where better-auth keeps its data: its drizzle adapter over our database handle and the auth_* tables, and the
// auth secret generated on first start (a row in app_meta). app/auth/instance.server.ts builds the instance on it.
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  appMeta,
  authAccounts,
  authRateLimits,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
} from "~/db/schema";

/** better-auth's database: the current handle (read when the instance is made) and its tables. */
export function authDatabase() {
  return drizzleAdapter(db(), {
    provider: "pg",
    schema: {
      user: authUsers,
      session: authSessions,
      account: authAccounts,
      verification: authVerifications,
      twoFactor: authTwoFactors,
      rateLimit: authRateLimits,
    },
  });
}

const GENERATED_SECRET_KEY = "auth_secret";

/** The secret generated on an earlier start and kept in the database, if there is one. */
export async function storedAuthSecret(): Promise<string | undefined> {
  const [row] = await db().select().from(appMeta).where(eq(appMeta.key, GENERATED_SECRET_KEY));
  return row?.value;
}

/** Keeps `secret` as the generated auth secret unless one is stored already (the first instance wins). */
export async function storeAuthSecretIfNone(secret: string): Promise<void> {
  await db().insert(appMeta).values({ key: GENERATED_SECRET_KEY, value: secret }).onConflictDoNothing();
}

/** The e-mail of the account a password-reset token was issued for, when the token is known and unexpired. */
export async function resetTokenEmail(token: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ email: authUsers.email, expiresAt: authVerifications.expiresAt })
    .from(authVerifications)
    .innerJoin(authUsers, sql`${authUsers.id}::text = ${authVerifications.value}`)
    .where(eq(authVerifications.identifier, `reset-password:${token}`))
    .limit(1);
  return row && row.expiresAt > new Date() ? row.email : undefined;
}
