// The team end to end through the route modules, as a browser would use them: invitations (made by the owner,
// accepted with a name and password, signed in), each role's account, the links that no longer work, the mail
// through the outbox to a real SMTP server, removal ending open sessions. The content rules a crafted form post
// must not get around: team-content-rules.int.test.ts.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { requireAdmin } from "~/auth/guard.server";
import { auth } from "~/auth/instance.server";
import type { Role } from "~/auth/roles";
import { adminUsers, authSessions, blogPosts, outbox, teamInvitations } from "~/db/schema";
import { env } from "~/env.server";
import { runOutboxOnce } from "~/models/outbox.server";
import { TEAM_MESSAGES } from "~/models/team.server";
import { hashToken } from "~/models/team-invitations.server";
import { startSmtp } from "../support/receivers";
import { accept, answer, BASE, cookieOf, request, run, setupTeam, signIn } from "../support/team-routes";

import { totpFromUri } from "../support/totp";

const { test, owner, invite } = setupTeam();

describe("team", () => {
  it("invite → accept → signed in, for every role but the owner's, with that role's screens", async () => {
    const roles: Role[] = ["administrator", "editor", "author", "contributor", "sales"];
    for (const role of roles) {
      const email = `${role}@example.com`;
      const token = await invite(email, role);
      // Only the hash is stored.
      const [row] = await test
        .handle()
        .db.select()
        .from(teamInvitations)
        .where(eq(teamInvitations.email, email));
      expect(row?.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(row)).not.toContain(token);
      const page = await answer(
        await run("routes/auth/accept-invitation.tsx", "loader", request(`/admin-auth/join/${token}`), {
          token,
        }),
      );
      expect(page.body).toMatchObject({ ok: true, email });
      const accepted = await accept(token, `The ${role}`, `${role}-password`);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(302);
      expect(accepted.headers.get("location")).toBe("/admin");
      const admin = await requireAdmin(request("/admin", accepted.cookie));
      expect(admin).toMatchObject({ email, role, name: `The ${role}` });
      // Signs in again later with the chosen password.
      const again = await signIn(email, `${role}-password`);
      expect((await requireAdmin(request("/admin", again))).role).toBe(role);
      // The team screen is the owner's and administrators' only.
      const team = await run("routes/admin/team.tsx", "loader", request("/admin/team", accepted.cookie));
      if (role === "administrator") expect(team.thrown).toBe(false);
      else expect((await answer(team)).status).toBe(403);
    }
  });

  it("refuses expired, withdrawn and used links with a message that says which", async () => {
    const used = await invite("used@example.com", "editor");
    expect((await accept(used, "Used", "used-password")).status).toBe(302);
    const again = await accept(used, "Used again", "used-password");
    expect(again.status).toBe(410);
    expect(JSON.stringify(again.body)).toContain(TEAM_MESSAGES.invitationUsed);

    const revoked = await invite("revoked@example.com", "editor");
    const [row] = await test
      .handle()
      .db.select()
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, hashToken(revoked)));
    const out = await answer(
      await run(
        "routes/admin/team.tsx",
        "action",
        request("/admin/team", owner.cookie, { intent: "revoke", id: row?.id ?? "" }),
      ),
    );
    expect(out.status).toBe(200);
    const refused = await accept(revoked, "Revoked", "revoked-password");
    expect(JSON.stringify(refused.body)).toContain(TEAM_MESSAGES.invitationRevoked);
    const page = await answer(
      await run("routes/auth/accept-invitation.tsx", "loader", request(`/admin-auth/join/${revoked}`), {
        token: revoked,
      }),
    );
    expect(page.status).toBe(410);
    expect(page.body).toMatchObject({ ok: false, message: TEAM_MESSAGES.invitationRevoked });

    const expired = await invite("expired@example.com", "sales");
    await test
      .handle()
      .db.update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.tokenHash, hashToken(expired)));
    const late = await accept(expired, "Late", "expired-password");
    expect(JSON.stringify(late.body)).toContain(TEAM_MESSAGES.invitationExpired);
    const unknown = await accept("x".repeat(43), "Nobody", "nobody-password");
    expect(JSON.stringify(unknown.body)).toContain(TEAM_MESSAGES.invitationUnknown);
    const ctx = await auth().$context;
    for (const email of ["revoked@example.com", "expired@example.com"]) {
      expect(await ctx.internalAdapter.findUserByEmail(email)).toBeNull();
    }
  });

  it("sending again makes a new link: the old one stops working", async () => {
    const first = await invite("resent@example.com", "author");
    const [row] = await test
      .handle()
      .db.select()
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, hashToken(first)));
    const out = await answer(
      await run(
        "routes/admin/team.tsx",
        "action",
        request("/admin/team", owner.cookie, { intent: "resend", id: row?.id ?? "" }),
      ),
    );
    const second = ((out.body as { link?: string }).link ?? "").split("/").at(-1) ?? "";
    expect(second).not.toBe(first);
    expect((await accept(first, "Old", "old-password")).status).toBe(410);
    expect((await accept(second, "New", "new-password")).status).toBe(302);
  });

  it("mails the invitation through the outbox when SMTP_URL is set (the link sealed while it waits)", async () => {
    const smtp = await startSmtp();
    env().smtpUrl = smtp.url;
    try {
      const out = await answer(
        await run(
          "routes/admin/team.tsx",
          "action",
          request("/admin/team", owner.cookie, {
            intent: "invite",
            email: "mailed@example.com",
            role: "sales",
          }),
        ),
      );
      expect(out.body).toMatchObject({ ok: true });
      expect((out.body as { link?: string }).link).toBeUndefined();
      const [queued] = await test
        .handle()
        .db.select()
        .from(outbox)
        .where(eq(outbox.target, "mailed@example.com"));
      expect(JSON.stringify(queued?.payload)).not.toContain("/admin-auth/join/");
      await runOutboxOnce({ id: "team-test" });
      expect(smtp.mails.map((m) => m.to)).toContainEqual(["mailed@example.com"]);
      const raw = smtp.mails[0]?.raw.replace(/=\r?\n/g, "") ?? "";
      const token = raw.match(/\/admin-auth\/join\/([\w-]{43})/)?.[1] ?? "";
      expect((await accept(token, "Mailed", "mailed-password")).status).toBe(302);
    } finally {
      env().smtpUrl = undefined;
      await smtp.close();
    }
  });

  it("nobody signs up uninvited: better-auth's sign-up stays off", async () => {
    const response = await auth().handler(
      new Request(`${BASE}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE },
        body: JSON.stringify({ email: "walk-in@example.com", password: "walk-in-password", name: "Walk in" }),
      }),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    const ctx = await auth().$context;
    expect(await ctx.internalAdapter.findUserByEmail("walk-in@example.com")).toBeNull();
  });

  it("removing a member ends their open session at its next request; their content stays", async () => {
    const token = await invite("leaving@example.com", "author");
    const { cookie } = await accept(token, "Leaving", "leaving-password");
    const created = await answer(
      await run(
        "routes/admin/blog.tsx",
        "action",
        request("/admin/blog", cookie, { intent: "create", title: "Kept", slug: "kept", status: "draft" }),
      ),
    );
    expect(created.status, String(created.headers.get("location"))).toBe(200);
    const { userId } = await requireAdmin(request("/admin", cookie));
    const out = await answer(
      await run(
        "routes/admin/team.tsx",
        "action",
        request("/admin/team", owner.cookie, { intent: "remove", id: userId }),
      ),
    );
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(await test.handle().db.select().from(authSessions).where(eq(authSessions.userId, userId))).toEqual(
      [],
    );
    const next = await run("routes/admin/dashboard.tsx", "loader", request("/admin", cookie));
    expect((next.value as Response).status).toBe(302);
    const [post] = await test.handle().db.select().from(blogPosts).where(eq(blogPosts.slug, "kept"));
    expect(post?.createdBy).toBe(userId);
    // Signing in again is refused too: no longer a member.
    const { signInAdmin } = await import("~/auth/sign-in.server");
    const refused = await signInAdmin(request("/admin-auth"), {
      email: "leaving@example.com",
      password: "leaving-password",
    });
    expect(refused.kind).toBe("error");
  });

  it("keeps the owner: not removed, not demoted, and the owner's role is never handed out", async () => {
    const [owner] = await test.handle().db.select().from(adminUsers).where(eq(adminUsers.role, "owner"));
    const adminCookie = await signIn("administrator@example.com", "administrator-password");
    const forms: Record<string, string>[] = [
      { intent: "remove", id: owner?.userId ?? "" },
      { intent: "role", id: owner?.userId ?? "", role: "editor" },
      { intent: "invite", email: "second-owner@example.com", role: "owner" },
    ];
    for (const form of forms) {
      const out = await answer(
        await run("routes/admin/team.tsx", "action", request("/admin/team", adminCookie, form)),
      );
      expect(out.status, JSON.stringify(form)).toBe(400);
    }
    const [still] = await test.handle().db.select().from(adminUsers).where(eq(adminUsers.role, "owner"));
    expect(still?.userId).toBe(owner?.userId);
  });

  it("never leaves the team without someone who can manage it", async () => {
    // With the owner's row inactive, the administrator is the last active manager: they cannot demote themselves.
    await test.handle().db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.role, "owner"));
    try {
      const adminCookie = await signIn("administrator@example.com", "administrator-password");
      const { userId } = await requireAdmin(request("/admin", adminCookie));
      const out = await answer(
        await run(
          "routes/admin/team.tsx",
          "action",
          request("/admin/team", adminCookie, { intent: "role", id: userId, role: "editor" }),
        ),
      );
      expect(JSON.stringify(out.body)).toContain(TEAM_MESSAGES.lastManager);
      expect((await requireAdmin(request("/admin", adminCookie))).role).toBe("administrator");
    } finally {
      await test.handle().db.update(adminUsers).set({ isActive: true }).where(eq(adminUsers.role, "owner"));
    }
  });

  it("every member is a full account: own two-factor with recovery codes, reset by mail, sessions; 2FA can be required", async () => {
    const { callAuthEndpoint, signInAdmin, verifyAdminSecondFactor } = await import("~/auth/sign-in.server");
    /** Turns on two-factor sign-in from the member's own session, as Security does; answers the recovery codes. */
    const turnOnTwoFactor = async (cookie: string, password: string) => {
      const enable = await callAuthEndpoint(request("/admin/security", cookie), "/two-factor/enable", {
        password,
      });
      expect(enable.status).toBe(200);
      const { totpURI, backupCodes } = enable.json as { totpURI: string; backupCodes: string[] };
      expect(backupCodes.length).toBeGreaterThan(0);
      const confirmed = await callAuthEndpoint(
        request("/admin/security", cookie),
        "/two-factor/verify-totp",
        {
          code: totpFromUri(totpURI),
        },
      );
      expect(confirmed.status).toBe(200);
      // Confirming opens a new session in place of the one that asked.
      return {
        backupCodes,
        cookie: cookieOf(new Headers(confirmed.setCookies.map((c) => ["set-cookie", c]))),
      };
    };
    const { backupCodes } = await turnOnTwoFactor(
      await signIn("sales@example.com", "sales-password"),
      "sales-password",
    );
    const step1 = await signInAdmin(request("/admin-auth"), {
      email: "sales@example.com",
      password: "sales-password",
    });
    expect(step1.kind).toBe("two-factor");
    const pending = step1.setCookies.map((c) => c.split(";")[0]).join("; ");
    const step2 = await verifyAdminSecondFactor(request("/admin-auth", pending), {
      method: "recovery",
      code: backupCodes[0] ?? "",
    });
    expect(step2.kind).toBe("granted");
    const salesNow = step2.kind === "granted" ? step2.setCookies.map((c) => c.split(";")[0]).join("; ") : "";
    // Their own sessions on Security.
    const security = await answer(
      await run("routes/admin/security.tsx", "loader", request("/admin/security", salesNow)),
    );
    expect((security.body as { sessions: unknown[] }).sessions.length).toBeGreaterThan(0);
    const team = await answer(
      await run("routes/admin/team.tsx", "loader", request("/admin/team", owner.cookie)),
    );
    const listed = (team.body as { members: { email: string; twoFactor: boolean }[] }).members;
    expect(listed.find((m) => m.email === "sales@example.com")?.twoFactor).toBe(true);

    // A reset link by mail for a member, while ADMIN_PASSWORD pins the owner's password (the owner gets none).
    expect(env().adminPassword).toBeTruthy();
    const smtp = await startSmtp();
    env().smtpUrl = smtp.url;
    try {
      for (const email of ["owner@example.com", "editor@example.com"]) {
        const reset = await callAuthEndpoint(request("/admin-auth/forgot"), "/request-password-reset", {
          email,
        });
        expect(reset.status).toBe(200);
      }
      await vi.waitFor(() => expect(smtp.mails.map((m) => m.to)).toContainEqual(["editor@example.com"]), {
        timeout: 5000,
      });
      expect(smtp.mails.map((m) => m.to)).toEqual([["editor@example.com"]]);
    } finally {
      env().smtpUrl = undefined;
      await smtp.close();
    }

    // The owner requires two-factor: the editor (without it) is sent to Security first; sales (with it) is not.
    const administrator = await signIn("administrator@example.com", "administrator-password");
    const notOwner = await answer(
      await run(
        "routes/admin/team.tsx",
        "action",
        request("/admin/team", administrator, { intent: "require-two-factor", on: "true" }),
      ),
    );
    expect(notOwner.status).toBe(403);
    const withoutOwn = await answer(
      await run(
        "routes/admin/team.tsx",
        "action",
        request("/admin/team", owner.cookie, { intent: "require-two-factor", on: "true" }),
      ),
    );
    expect(JSON.stringify(withoutOwn.body)).toContain(TEAM_MESSAGES.ownTwoFactorFirst);
    owner.cookie = (await turnOnTwoFactor(owner.cookie, "team-owner-password")).cookie;
    const on = await answer(
      await run(
        "routes/admin/team.tsx",
        "action",
        request("/admin/team", owner.cookie, { intent: "require-two-factor", on: "true" }),
      ),
    );
    expect(on.status).toBe(200);
    try {
      const editor = await signIn("editor@example.com", "editor-password");
      const blog = await run("routes/admin/blog.tsx", "loader", request("/admin/blog", editor));
      expect((blog.value as Response).headers.get("location")).toBe("/admin/security?required");
      const json = await answer(
        await run(
          "routes/admin/content-revisions.ts",
          "loader",
          request(`/admin/content/blog/${randomUUID()}/revisions`, editor),
          { kind: "blog", id: randomUUID() },
        ),
      );
      expect(json.status).toBe(403);
      const ownPage = await answer(
        await run("routes/admin/security.tsx", "loader", request("/admin/security", editor)),
      );
      expect(ownPage.body).toMatchObject({ required: true });
      expect(
        (await run("routes/admin/contacts.tsx", "loader", request("/admin/contacts", salesNow))).thrown,
      ).toBe(false);
    } finally {
      await run(
        "routes/admin/team.tsx",
        "action",
        request("/admin/team", owner.cookie, { intent: "require-two-factor", on: "false" }),
      );
    }
  });

  afterAll(() => {
    env().smtpUrl = undefined;
  });
});
