import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin, setAdminPassword } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { adminUsers, authAccounts, authUsers } from "~/db/schema";
import { setupTestDatabase } from "../../tests/support/test-db";

const test = setupTestDatabase();

async function signIn(email: string, password: string) {
  return auth().handler(
    new Request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ email, password }),
    }),
  );
}

describe("administrator bootstrap", () => {
  beforeAll(async () => {
    delete process.env.ADMIN_PASSWORD;
    await initAuth();
  });

  it("creates the admin with a generated strong password on first start, once", async () => {
    const first = await bootstrapAdmin();
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[\w-]{20}$/);

    const [user] = await test.handle().db.select().from(authUsers).where(eq(authUsers.id, first.userId));
    expect(user?.email).toBe("admin@example.com");
    const [admin] = await test
      .handle()
      .db.select()
      .from(adminUsers)
      .where(eq(adminUsers.userId, first.userId));
    expect(admin).toMatchObject({ role: "owner", isActive: true });
    const [account] = await test
      .handle()
      .db.select()
      .from(authAccounts)
      .where(eq(authAccounts.userId, first.userId));
    expect(account?.password).toBeTruthy();
    expect(account?.password).not.toContain(first.generatedPassword);

    const second = await bootstrapAdmin();
    expect(second).toEqual({ userId: first.userId, created: false });

    const ok = await signIn("admin@example.com", first.generatedPassword ?? "");
    expect(ok.status).toBe(200);
    const bad = await signIn("admin@example.com", "password");
    expect(bad.status).toBe(401);
  });

  it("set-password replaces the password", async () => {
    await setAdminPassword("a-new-long-password");
    expect((await signIn("admin@example.com", "a-new-long-password")).status).toBe(200);
    await expect(setAdminPassword("short")).rejects.toThrow(/at least 6/);
  });
});
