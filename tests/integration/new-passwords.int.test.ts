// The password policy wherever a password is chosen (ADR 047): accepting an invitation, a reset by the page and by
// better-auth's API. A new password has at least 10 characters and is not one of the 10,000 most common; the refusal
// says so in words, keeps what was typed and changes nothing. A password from before the policy still signs in.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auth } from "~/auth/instance.server";
import { authUsers } from "~/db/schema";
import { PASSWORD_POLICY_MESSAGES } from "~/lib/auth-schemas";
import { issueResetToken } from "../support/admin-sign-in";
import { accept, answer, BASE, invite, request, run, setupTeam, signIn } from "../support/team-routes";

const { test, owner } = setupTeam();

describe("accepting an invitation", () => {
  it("refuses a short or common password with a message, keeps the name and leaves the link working", async () => {
    const token = await invite(owner.cookie, "newcomer@example.com", "editor");
    const cases = [
      ["short-pw", PASSWORD_POLICY_MESSAGES.tooShort],
      ["password123", PASSWORD_POLICY_MESSAGES.tooCommon],
      // Upper case does not make a common password less common.
      ["QWERTYUIOP", PASSWORD_POLICY_MESSAGES.tooCommon],
      ["1q2w3e4r5t", PASSWORD_POLICY_MESSAGES.tooCommon],
    ] as const;
    for (const [password, message] of cases) {
      const refused = await accept(token, "New Comer", password);
      expect(refused.status, password).toBe(400);
      const body = refused.body as { fieldErrors?: Record<string, string>; values?: Record<string, string> };
      expect(body.fieldErrors?.password, password).toBe(message);
      expect(body.values?.name).toBe("New Comer");
    }
    const ctx = await auth().$context;
    expect(await ctx.internalAdapter.findUserByEmail("newcomer@example.com")).toBeNull();
    // The link still works, with a password that passes.
    expect((await accept(token, "New Comer", "tulip-marathon-42")).status).toBe(302);
    expect(await signIn("newcomer@example.com", "tulip-marathon-42")).toContain("session_token");
  });
});

describe("a password reset", () => {
  async function resetToken(email: string): Promise<string> {
    const [user] = await test.handle().db.select().from(authUsers).where(eq(authUsers.email, email));
    return issueResetToken(user?.id ?? "");
  }

  const resetPage = async (token: string, password: string) =>
    answer(
      await run(
        "routes/auth/reset-password.tsx",
        "action",
        request("/admin-auth/reset", "", { token, password, confirm: password }),
      ),
    );

  const resetApi = (token: string, newPassword: string) =>
    auth().handler(
      new Request(`${BASE}/api/auth/reset-password`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": "192.0.2.77" },
        body: JSON.stringify({ token, newPassword }),
      }),
    );

  it("refuses a short or common password on the page and through the API; the link still works after", async () => {
    // A member whose password was chosen under the old 6-character rule: it keeps signing in.
    const ctx = await auth().$context;
    const user = await ctx.internalAdapter.createUser(
      { email: "veteran@example.com", name: "Veteran", emailVerified: true },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash("abc123"),
    });
    expect(await signIn("veteran@example.com", "abc123")).toContain("session_token");

    const token = await resetToken("veteran@example.com");
    const short = await resetPage(token, "abc1234");
    expect(short.status).toBe(400);
    expect((short.body as { fieldErrors?: Record<string, string> }).fieldErrors?.password).toBe(
      PASSWORD_POLICY_MESSAGES.tooShort,
    );
    const common = await resetPage(token, "Password123");
    expect(common.status).toBe(400);
    expect((common.body as { fieldErrors?: Record<string, string> }).fieldErrors?.password).toBe(
      PASSWORD_POLICY_MESSAGES.tooCommon,
    );

    // The API behind the page refuses the same, with the same words.
    for (const [password, message] of [
      ["abc1234", PASSWORD_POLICY_MESSAGES.tooShort],
      ["qwertyuiop", PASSWORD_POLICY_MESSAGES.tooCommon],
    ] as const) {
      const api = await resetApi(token, password);
      expect(api.status, password).toBe(400);
      expect(await api.json()).toMatchObject({ code: "PASSWORD_POLICY", message });
    }
    expect(await signIn("veteran@example.com", "abc123")).toContain("session_token");

    const done = await resetPage(token, "lantern-orchard-7");
    expect(done.status).toBe(302);
    expect(await signIn("veteran@example.com", "lantern-orchard-7")).toContain("session_token");
  });
});
