// The person view's actions over HTTP: a refused note answers 400 with what was typed and writes nothing; a
// status change of a demo lead and an erasure go through, and the audit log keeps no trace of the address.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { db } from "~/db/client.server";
import { auditLog, formSubmissions, leadNotes } from "~/db/schema";
import { requestInfoContext } from "~/infra/request-context.server";
import { setupTestDatabase } from "../../../tests/support/test-db";
import { action } from "./contacts-person";

process.env.ADMIN_EMAIL = "admin@example.com";
process.env.ADMIN_PASSWORD = "person-admin-password";
const BASE = "http://localhost:3000";
const EMAIL = "Mira.Person@Example.com";

setupTestDatabase();
let cookie = "";

beforeAll(async () => {
  await initAuth();
  await bootstrapAdmin();
  const { headers } = await auth().api.signInEmail({
    body: { email: "admin@example.com", password: "person-admin-password" },
    returnHeaders: true,
  });
  cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

async function post(fields: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "203.0.113.9", nonce: "" });
  const request = new Request(`${BASE}/admin/contacts/person/${encodeURIComponent(EMAIL)}`, {
    method: "POST",
    headers: { cookie, origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  try {
    return await action({ request, context, params: { email: EMAIL } } as never);
  } catch (thrown) {
    return thrown;
  }
}

/** The body and status of a `data(...)` answer (a plain object is a 200). */
function answer(result: unknown): { status: number; body: Record<string, unknown> } {
  const r = result as { type?: string; init?: { status?: number }; data?: Record<string, unknown> };
  if (r?.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, body: r.data ?? {} };
  return { status: 200, body: result as Record<string, unknown> };
}

describe("person actions", () => {
  it("refuses an empty note with 400, keeping the text, and stores nothing", async () => {
    const { status, body } = answer(await post({ intent: "add-note", body: "   " }));
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({ body: "Write a note first" });
    expect(body.values).toMatchObject({ body: "   " });
    expect(await db().select().from(leadNotes)).toEqual([]);
  });

  it("changes a demo lead's status, erases the person, and leaves no address in the audit log", async () => {
    const [lead] = await db()
      .insert(formSubmissions)
      .values({ email: EMAIL.toLowerCase(), name: "Mira", subject: "demo_request" })
      .returning();
    const changed = answer(
      await post({ intent: "set-status", kind: "submission", id: lead?.id ?? "", status: "qualified" }),
    );
    expect(changed.body.toast).toMatchObject({ type: "success", message: "Lead status updated" });
    expect(answer(await post({ intent: "add-note", body: "Met at the fair" })).body.ok).toBe(true);

    const erased = (await post({ intent: "erase" })) as Response;
    expect(erased.status).toBe(302);
    expect(erased.headers.get("location")).toBe("/admin/contacts");
    expect(
      await db()
        .select()
        .from(formSubmissions)
        .where(eq(formSubmissions.id, lead?.id ?? "")),
    ).toEqual([]);
    const audit = JSON.stringify(await db().select().from(auditLog)).toLowerCase();
    expect(audit).toContain("person.erase");
    expect(audit).not.toContain("mira");
  });
});
