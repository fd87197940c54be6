// Deleting a lead leaves an audit entry that says who deleted which row, never whose data it was: the audit log
// outlives the lead, so it must not keep the person's name or e-mail address.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { db } from "~/db/client.server";
import { auditLog, contactRequests, formSubmissions, subscribers } from "~/db/schema";
import { requestInfoContext } from "~/infra/request-context.server";
import { setupTestDatabase } from "../../../tests/support/test-db";
import { action } from "./contacts";
import { loader as exportLoader } from "./contacts-export";

process.env.ADMIN_EMAIL = "admin@example.com";
process.env.ADMIN_PASSWORD = "audit-admin-password";
const BASE = "http://localhost:3000";

setupTestDatabase();
let cookie = "";

beforeAll(async () => {
  await initAuth();
  await bootstrapAdmin();
  const { headers } = await auth().api.signInEmail({
    body: { email: "admin@example.com", password: "audit-admin-password" },
    returnHeaders: true,
  });
  cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

async function remove(intent: string, id: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "203.0.113.5", nonce: "" });
  const request = new Request(`${BASE}/admin/contacts`, {
    method: "POST",
    headers: { cookie, origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent, id }),
  });
  const result = (await action({ request, context, params: {} } as never)) as {
    data: { toast?: { type: string } };
  };
  expect(result.data.toast?.type, intent).toBe("success");
  const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
  return entry;
}

const PERSONAL = /Ada|Lovelace|ada@engines\.example/;

describe("deleting leads", () => {
  it("audits a contact request by id only", async () => {
    const [row] = await db()
      .insert(contactRequests)
      .values({ name: "Ada Lovelace", email: "ada@engines.example", interest: "consulting", message: "Hi" })
      .returning({ id: contactRequests.id });
    const entry = await remove("delete-contact", row?.id ?? "");
    expect(entry).toMatchObject({ action: "lead.delete", entity: "contact_request", entityId: row?.id });
    expect(JSON.stringify(entry?.details ?? null)).not.toMatch(PERSONAL);
  });

  it("audits a subscriber by id only", async () => {
    const [row] = await db()
      .insert(subscribers)
      .values({ email: "ada@engines.example" })
      .returning({ id: subscribers.id });
    const entry = await remove("delete-subscriber", row?.id ?? "");
    expect(entry).toMatchObject({ action: "subscriber.delete", entity: "subscriber", entityId: row?.id });
    expect(JSON.stringify(entry?.details ?? null)).not.toMatch(PERSONAL);
  });

  it("audits a form submission by id only", async () => {
    const [row] = await db()
      .insert(formSubmissions)
      .values({ name: "Ada Lovelace", email: "ada@engines.example", subject: "Demo request" })
      .returning({ id: formSubmissions.id });
    const entry = await remove("delete-submission", row?.id ?? "");
    expect(entry).toMatchObject({ action: "lead.delete", entity: "form_submission", entityId: row?.id });
    expect(JSON.stringify(entry?.details ?? null)).not.toMatch(PERSONAL);
  });
});

describe("exporting leads", () => {
  it("audits a searched export without the search text", async () => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { ip: "203.0.113.5", nonce: "" });
    const request = new Request(`${BASE}/admin/contacts/export/contacts.csv?q=ada%40engines.example`, {
      headers: { cookie },
    });
    const response = (await exportLoader({
      request,
      context,
      params: { list: "contacts.csv" },
    } as never)) as Response;
    expect(response.status).toBe(200);
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, "leads.export"));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details).toEqual({ filtered: true });
    expect(JSON.stringify(entries)).not.toMatch(PERSONAL);
  });
});
