// The team's one owner is the account of the current ADMIN_EMAIL: a start with another ADMIN_EMAIL hands ownership
// over (the previous owner stays on as an administrator, with an audit entry, and can then be removed like any
// administrator), and a database with several owners (the upgrade that made every former admin row an owner) is
// put right at the next start.
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { requireAdmin } from "~/auth/guard.server";
import { adminUsers, auditLog, authUsers, teamInvitations } from "~/db/schema";
import { env } from "~/env.server";
import { addMember } from "../support/members";
import { accept, answer, request, run, setupTeam, signIn } from "../support/team-routes";

const { test, owner, invite } = setupTeam();

const FIRST = { adminEmail: "owner@example.com", adminPassword: "team-owner-password" };

/** Starts the server's bootstrap with `config`, as a restart with other settings would. */
async function start(config: { adminEmail: string; adminPassword: string }) {
  env().adminEmail = config.adminEmail;
  return bootstrapAdmin(config);
}

async function roles() {
  const rows = await test
    .handle()
    .db.select({ email: authUsers.email, role: adminUsers.role })
    .from(adminUsers)
    .innerJoin(authUsers, eq(authUsers.id, adminUsers.userId));
  return Object.fromEntries(rows.map((r) => [r.email, r.role]));
}

const owners = async () =>
  Object.entries(await roles())
    .filter(([, role]) => role === "owner")
    .map(([email]) => email);

const invitationTo = async (email: string) =>
  (await test.handle().db.select().from(teamInvitations).where(eq(teamInvitations.email, email)))[0];

const entries = (action: string) =>
  test.handle().db.select().from(auditLog).where(eq(auditLog.action, action));

describe("team: the one owner", () => {
  afterEach(async () => {
    await start(FIRST);
    owner.cookie = await signIn(FIRST.adminEmail, FIRST.adminPassword);
  });

  it("a new ADMIN_EMAIL hands ownership over: the previous owner becomes an administrator, audited, removable", async () => {
    await invite("kept-guest@example.com", "sales");
    await start({ adminEmail: "next-owner@example.com", adminPassword: "next-owner-password" });
    expect(await owners()).toEqual(["next-owner@example.com"]);
    expect((await roles())["owner@example.com"]).toBe("administrator");
    const [entry] = await entries("team.owner.demoted");
    expect(entry).toMatchObject({
      actor: "system",
      details: { email: "owner@example.com", owner: "next-owner@example.com", via: "ADMIN_EMAIL" },
    });
    // The previous owner's open session goes on, as an administrator, who may still invite: their invitation stays.
    expect((await requireAdmin(request("/admin", owner.cookie))).role).toBe("administrator");
    expect((await invitationTo("kept-guest@example.com"))?.revokedAt).toBeNull();

    // The new owner removes the previous one from the Team screen like any administrator.
    const next = await signIn("next-owner@example.com", "next-owner-password");
    const [previous] = await test
      .handle()
      .db.select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, "owner@example.com"));
    const removed = await answer(
      await run(
        "routes/admin/team.tsx",
        "action",
        request("/admin/team", next, { intent: "remove", id: previous?.id ?? "" }),
      ),
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await roles())["owner@example.com"]).toBeUndefined();
    expect((await invitationTo("kept-guest@example.com"))?.revokedAt).toBeInstanceOf(Date);

    // Setting ADMIN_EMAIL back makes the first account the owner again (a member again, as the owner always is).
    await start(FIRST);
    expect(await owners()).toEqual(["owner@example.com"]);
    expect((await roles())["next-owner@example.com"]).toBe("administrator");
    await test.handle().db.delete(authUsers).where(eq(authUsers.email, "next-owner@example.com"));
  });

  it("ADMIN_EMAIL naming an existing member makes that member the owner (audited as a role change)", async () => {
    const accepted = await accept(await invite("editor@example.com", "editor"), "Ed", "editor-password");
    expect(accepted.status).toBe(302);
    await start({ adminEmail: "editor@example.com", adminPassword: "editor-password" });
    expect(await owners()).toEqual(["editor@example.com"]);
    expect((await roles())["owner@example.com"]).toBe("administrator");
    const [promoted] = await test
      .handle()
      .db.select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "team.member.role_changed"),
          eq(auditLog.actor, "system"),
          eq(auditLog.entity, "admin_user"),
        ),
      );
    expect(promoted?.details).toMatchObject({ email: "editor@example.com", from: "editor", to: "owner" });
    await start(FIRST);
    expect((await roles())["editor@example.com"]).toBe("administrator");
  });

  it("a database with several owners is put right at the next start, once", async () => {
    // As the upgrade left it: every former admin row an owner.
    const former = await addMember(test.handle().db, {
      name: "Former admin",
      email: "former-admin@example.com",
      role: "owner",
    });
    expect((await owners()).sort()).toEqual(["former-admin@example.com", "owner@example.com"]);
    const before = (await entries("team.owner.demoted")).length;
    await start(FIRST);
    expect(await owners()).toEqual(["owner@example.com"]);
    expect((await roles())[former.email]).toBe("administrator");
    const demoted = await entries("team.owner.demoted");
    expect(demoted.length).toBe(before + 1);
    expect(demoted.find((e) => e.details?.email === former.email)?.details).toMatchObject({
      owner: "owner@example.com",
    });
    // A second start changes nothing and records nothing.
    await start(FIRST);
    expect((await entries("team.owner.demoted")).length).toBe(before + 1);
    expect(await owners()).toEqual(["owner@example.com"]);
  });
});
