// The server checks of the audit-log screen and of lead assignment, per role: the identity the admin layout's
// middleware would store is set in the router context, the loader or action is called as React Router would.
// Owner and Administrators open the audit log, nobody else (403); members who work leads assign them, others get a
// 403 and nothing changes.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, type TestMember } from "../../../tests/support/members";
import { setupTestDatabase } from "../../../tests/support/test-db";
import { adminContext } from "../../auth/admin-context.server";
import { ROLES, type Role } from "../../auth/roles";
import { formSubmissions } from "../../db/schema";
import { requestInfoContext } from "../../infra/request-context.server";
import { loader as auditLoader } from "./audit";
import { action as personAction } from "./contacts-person";

const test = setupTestDatabase();
const db = () => test.handle().db;
const members = {} as Record<Role, TestMember>;
let sales: TestMember;

beforeAll(async () => {
  for (const role of ROLES) {
    members[role] = await addMember(db(), { name: `The ${role}`, email: `${role}@example.com`, role });
  }
  sales = members.sales;
});

function contextFor(member: TestMember) {
  const context = new RouterContextProvider();
  context.set(adminContext, { ...member, twoFactor: false, sessionId: "test" });
  context.set(requestInfoContext, { ip: "203.0.113.7", nonce: "test" });
  return context;
}

async function outcome(run: () => Promise<unknown>): Promise<number> {
  try {
    const value = await run();
    return value && typeof value === "object" && "init" in value
      ? ((value as { init?: { status?: number } }).init?.status ?? 200)
      : 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

describe("the audit-log screen", () => {
  it.each(ROLES)("%s", async (role) => {
    const request = new Request("http://localhost/admin/audit?kind=security");
    const status = await outcome(() =>
      auditLoader({ request, params: {}, context: contextFor(members[role]) } as never),
    );
    expect(status).toBe(role === "owner" || role === "administrator" ? 200 : 403);
  });
});

describe("assigning a lead", () => {
  it.each(ROLES)("%s", async (role) => {
    const [lead] = await db()
      .insert(formSubmissions)
      .values({ email: `lead-${role}@example.com`, subject: "Demo" })
      .returning();
    if (!lead) throw new Error("no lead");
    const body = new FormData();
    for (const [k, v] of Object.entries({
      intent: "assign",
      kind: "submission",
      id: lead.id,
      assignee: sales.userId,
    }))
      body.set(k, v);
    const request = new Request(`http://localhost/admin/contacts/person/${lead.email}`, {
      method: "POST",
      body,
    });
    const status = await outcome(() =>
      personAction({ request, params: { email: lead.email }, context: contextFor(members[role]) } as never),
    );
    const [after] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, lead.id));
    const allowed = ["owner", "administrator", "sales"].includes(role);
    expect(status).toBe(allowed ? 200 : 403);
    expect(after?.assignedTo ?? null).toBe(allowed ? sales.userId : null);
  });
});
