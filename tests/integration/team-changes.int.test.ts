// Team changes that touch what someone else did: the invitations a member made are withdrawn when they leave or
// lose the right to invite (and the Team screen says who invited whom), and a role change carries the version of
// the member the screen loaded, so a change made meanwhile by someone else is not silently overwritten.
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { requireAdmin } from "~/auth/guard.server";
import { adminUsers, auditLog, teamInvitations } from "~/db/schema";
import { formatDateTime } from "~/lib/dates";
import { TEAM_MESSAGES, TeamRuleError } from "~/models/team.server";
import { inviteMember } from "~/models/team-invitations.server";
import { accept, answer, invite, request, run, setupTeam } from "../support/team-routes";
import { testDatabaseKind } from "../support/test-db";

const { test, owner, invite: ownerInvites } = setupTeam();

interface Listed {
  members: { userId: string; email: string; role: string; version: string }[];
  invitations: { id: string; email: string; invitedBy: string | null }[];
}

async function teamScreen(cookie = owner.cookie): Promise<Listed> {
  const out = await answer(await run("routes/admin/team.tsx", "loader", request("/admin/team", cookie)));
  expect(out.status).toBe(200);
  return out.body as Listed;
}

const post = async (cookie: string, form: Record<string, string>) =>
  answer(await run("routes/admin/team.tsx", "action", request("/admin/team", cookie, form)));

/** A member invited by the owner with `role`, signed in; answers their session and id. */
async function member(email: string, name: string, role: "administrator" | "editor" | "author") {
  const accepted = await accept(await ownerInvites(email, role), name, `${role}-password`);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(302);
  const { userId } = await requireAdmin(request("/admin", accepted.cookie));
  return { cookie: accepted.cookie, userId, email, name };
}

const invitationOf = async (email: string) =>
  (await test.handle().db.select().from(teamInvitations).where(eq(teamInvitations.email, email)))[0];

const auditOf = (action: string) =>
  test.handle().db.select().from(auditLog).where(eq(auditLog.action, action));

describe("team: invitations follow their inviter", () => {
  it("removing a member withdraws the invitations they made, with an audit entry; the screen says who invited", async () => {
    const ivy = await member("ivy@example.com", "Ivy Inviter", "administrator");
    const theirs = await invite(ivy.cookie, "ivys-guest@example.com", "editor");
    await ownerInvites("owners-guest@example.com", "author");
    const listed = (await teamScreen()).invitations;
    expect(listed.find((i) => i.email === "ivys-guest@example.com")?.invitedBy).toBe("Ivy Inviter");
    expect(listed.find((i) => i.email === "owners-guest@example.com")?.invitedBy).toBe("Administrator");

    expect((await post(owner.cookie, { intent: "remove", id: ivy.userId })).status).toBe(200);
    expect((await invitationOf("ivys-guest@example.com"))?.revokedAt).toBeInstanceOf(Date);
    expect((await invitationOf("owners-guest@example.com"))?.revokedAt).toBeNull();
    const withdrawn = (await auditOf("team.invitation.revoked")).find(
      (e) => e.details?.email === "ivys-guest@example.com",
    );
    expect(withdrawn).toMatchObject({
      actor: "owner@example.com",
      details: { reason: "inviter_removed", invitedBy: "ivy@example.com" },
    });
    const refused = await accept(theirs, "Guest", "guest-password");
    expect(refused.status).toBe(410);
    expect(JSON.stringify(refused.body)).toContain(TEAM_MESSAGES.invitationRevoked);
    expect((await teamScreen()).invitations.map((i) => i.email)).not.toContain("ivys-guest@example.com");
  });

  it("a role without the right to invite withdraws their invitations; a stale session cannot invite again", async () => {
    const dora = await member("dora@example.com", "Dora", "administrator");
    await invite(dora.cookie, "doras-guest@example.com", "sales");
    const version = (await teamScreen()).members.find((m) => m.userId === dora.userId)?.version ?? "";
    expect(
      (await post(owner.cookie, { intent: "role", id: dora.userId, role: "editor", base: version })).status,
    ).toBe(200);
    expect((await invitationOf("doras-guest@example.com"))?.revokedAt).toBeInstanceOf(Date);
    const withdrawn = (await auditOf("team.invitation.revoked")).find(
      (e) => e.details?.email === "doras-guest@example.com",
    );
    expect(withdrawn?.details).toMatchObject({
      reason: "inviter_role_changed",
      invitedBy: "dora@example.com",
    });

    // Their session still says administrator until the next request: an invitation made with it is refused.
    const stale = { userId: dora.userId, role: "administrator" as const, name: "Dora" };
    const who = { actor: dora.email, ip: null, userAgent: null };
    await expect(
      inviteMember({ email: "late@example.com", role: "sales" }, stale, who),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      inviteMember({ email: "late@example.com", role: "sales" }, stale, who),
    ).rejects.toBeInstanceOf(TeamRuleError);
    expect(await invitationOf("late@example.com")).toBeUndefined();
  });

  it("an invitation made while its inviter is being removed never outlives the removal", async () => {
    const rounds = testDatabaseKind() === "postgres" ? 6 : 2;
    for (let n = 0; n < rounds; n++) {
      const racer = await member(`racer-${n}@example.com`, `Racer ${n}`, "administrator");
      await Promise.all([
        run(
          "routes/admin/team.tsx",
          "action",
          request("/admin/team", racer.cookie, {
            intent: "invite",
            email: `racers-guest-${n}@example.com`,
            role: "editor",
          }),
        ),
        post(owner.cookie, { intent: "remove", id: racer.userId }),
      ]);
      const left = await test
        .handle()
        .db.select()
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.invitedBy, racer.userId),
            isNull(teamInvitations.revokedAt),
            isNull(teamInvitations.acceptedAt),
          ),
        );
      expect(left).toEqual([]);
    }
  });
});

describe("team: a role change carries the version it was chosen on", () => {
  it("refuses a change to a member someone else changed meanwhile, naming who and when; nothing changes", async () => {
    const alex = await member("alex@example.com", "Alex Admin", "administrator");
    const target = await member("target@example.com", "Tess Target", "author");
    const loaded = (await teamScreen()).members.find((m) => m.userId === target.userId)?.version ?? "";
    expect(loaded).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Alex, with the same screen open, changes the role first.
    const first = await post(alex.cookie, {
      intent: "role",
      id: target.userId,
      role: "contributor",
      base: loaded,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const changes = (await auditOf("team.member.role_changed")).length;

    const second = await post(owner.cookie, {
      intent: "role",
      id: target.userId,
      role: "sales",
      base: loaded,
    });
    expect(second.status).toBe(409);
    const body = second.body as {
      ok: boolean;
      toast?: { message: string };
      conflict?: { version: string; savedBy: string | null; theirs: { role?: string } };
    };
    const [row] = await test
      .handle()
      .db.select()
      .from(adminUsers)
      .where(eq(adminUsers.userId, target.userId));
    expect(row?.role).toBe("contributor");
    expect(body.conflict).toMatchObject({ savedBy: "Alex Admin", theirs: { role: "contributor" } });
    expect(body.conflict?.version).not.toBe(loaded);
    expect(body.toast?.message).toContain("Alex Admin");
    expect(body.toast?.message).toContain(formatDateTime(body.conflict?.version));
    expect((await auditOf("team.member.role_changed")).length).toBe(changes);

    // Choosing again on what is there now goes through.
    const again = await post(owner.cookie, {
      intent: "role",
      id: target.userId,
      role: "sales",
      base: body.conflict?.version ?? "",
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const listed = (await teamScreen()).members.find((m) => m.userId === target.userId);
    expect(listed?.role).toBe("sales");
    expect(listed?.version).not.toBe(body.conflict?.version);
  });

  it("two changes made at once on the same version: exactly one goes through", async () => {
    const bea = await member("bea@example.com", "Bea Admin", "administrator");
    const target = await member("raced@example.com", "Raced", "author");
    const loaded = (await teamScreen()).members.find((m) => m.userId === target.userId)?.version ?? "";
    const outcomes = await Promise.all([
      post(bea.cookie, { intent: "role", id: target.userId, role: "contributor", base: loaded }),
      post(owner.cookie, { intent: "role", id: target.userId, role: "sales", base: loaded }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
  });
});
