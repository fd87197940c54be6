// Where a built form's submissions go (PGlite, and PostgreSQL with TEST_DATABASE_URL), delivered to a real SMTP
// server: the chosen members and an outside address get each alert with every answer; the sender gets the
// confirmation with their answers filled in, once a day per mailbox; a form that hands submissions out in turn
// assigns them to its members one after the other, only the owner alerted; a ticked newsletter consent adds the
// sender as a subscriber.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { formResponses, outbox, subscribers } from "~/db/schema";
import { env } from "~/env.server";
import { DEFAULT_ROUTING, type FormRouting } from "~/lib/form-builder/routing";
import { addMember, memberContext, type TestMember } from "../../tests/support/members";
import { startSmtp } from "../../tests/support/receivers";
import { setupTestDatabase } from "../../tests/support/test-db";
import { WEBINAR_DEFINITION, WEBINAR_VISIT, webinarInput } from "../../tests/support/webinar-form";
import { captureFormResponse } from "./form-responses.server";
import { saveForm } from "./forms.server";
import { runOutboxOnce } from "./outbox.server";
import { createEndpoint } from "./webhooks.server";

setupTestDatabase();
const saved = { ...env() };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: TestMember;
let sam: TestMember;
let ada: TestMember;

beforeAll(async () => {
  smtp = await startSmtp();
  owner = await addMember(db(), { name: "Olivia Owner", email: "owner-routing@example.com", role: "owner" });
  sam = await addMember(db(), { name: "Sam Sales", email: "sam-routing@example.com", role: "sales" });
  ada = await addMember(db(), { name: "Ada Admin", email: "ada-routing@example.com", role: "administrator" });
});
afterAll(() => smtp.close());
beforeEach(async () => {
  Object.assign(env(), { smtpUrl: smtp.url, baseUrl: "https://site.example" });
  smtp.mails.length = 0;
  await db().delete(outbox);
});
afterEach(() => {
  Object.assign(env(), saved);
});

const attribution = WEBINAR_VISIT;

async function newForm(routing: Partial<FormRouting>, definition: unknown = WEBINAR_DEFINITION) {
  const input = webinarInput({ status: "open", definition, routing: { ...DEFAULT_ROUTING, ...routing } });
  const result = await saveForm(null, input, memberContext(owner));
  if (!result.ok) throw new Error("not saved");
  return result.form.id;
}

let clientSeq = 0;
async function submit(formId: string, email: string, extra: Record<string, string> = {}) {
  const result = await captureFormResponse({
    formId,
    raw: { name: "Grace Hopper", work_email: email, topics: "forecasting", consent: "on", ...extra },
    attribution,
    client: `198.51.100.${++clientSeq}`,
    trap: null,
  });
  expect(result).toMatchObject({ ok: true });
}

async function deliver() {
  while ((await runOutboxOnce({ id: "test-worker" })) > 0);
}
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

describe("a built form's routing", () => {
  it("alerts the chosen members and an address with every answer; confirms to the sender once a day", async () => {
    const formId = await newForm({
      members: [sam.userId, ada.userId],
      addresses: ["partners@agency.example"],
      confirmation: {
        enabled: true,
        subject: "See you soon, {name}",
        text: "Hi {name}, you chose {topics}.",
      },
    });
    await submit(formId, "grace@navy.example");
    await submit(formId, "Grace+again@navy.example");
    await deliver();

    for (const to of ["sam-routing@example.com", "ada-routing@example.com", "partners@agency.example"]) {
      expect(mailsTo(to), to).toHaveLength(2);
      expect(mailsTo(to)[0]?.raw).toContain("Which topics?: Forecasting");
    }
    expect(mailsTo("owner-routing@example.com")).toEqual([]);
    const confirmations = smtp.mails.filter((m) => m.to.some((to) => to.endsWith("@navy.example")));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.raw).toContain("See you soon, Grace Hopper");
    expect(confirmations[0]?.raw).toContain("Hi Grace Hopper, you chose forecasting.");
  });

  it("hands submissions out in turn: each assigned to the next member, only the owner alerted", async () => {
    const formId = await newForm({ mode: "round-robin", members: [sam.userId, ada.userId] });
    await submit(formId, "one@turns.example");
    await submit(formId, "two@turns.example");
    await submit(formId, "three@turns.example");
    await deliver();
    const rows = await db().select().from(formResponses).where(eq(formResponses.formId, formId));
    const ownerOf = (email: string) => rows.find((r) => r.email === email)?.assignedTo;
    expect([
      ownerOf("one@turns.example"),
      ownerOf("two@turns.example"),
      ownerOf("three@turns.example"),
    ]).toEqual([sam.userId, ada.userId, sam.userId]);
    expect(mailsTo("sam-routing@example.com")).toHaveLength(2);
    expect(mailsTo("ada-routing@example.com")).toHaveLength(1);
  });

  it("adds the sender as a subscriber (announced to webhooks) when a newsletter consent is ticked, and not otherwise", async () => {
    const definition = {
      ...WEBINAR_DEFINITION,
      fields: [
        ...WEBINAR_DEFINITION.fields,
        { type: "consent", name: "news", label: "Send me the newsletter", newsletter: true },
      ],
    };
    Object.assign(env(), { webhookAllowPrivate: true });
    await createEndpoint("http://127.0.0.1:9/hook", ["subscriber.created"], memberContext(owner));
    const formId = await newForm({}, definition);
    await submit(formId, "reader@news.example", { news: "on" });
    await submit(formId, "quiet@news.example");
    const subscribed = await db().select().from(subscribers);
    expect(subscribed.map((s) => s.email)).toContain("reader@news.example");
    expect(subscribed.map((s) => s.email)).not.toContain("quiet@news.example");
    // Announced to the webhooks listening for sign-ups, once.
    const announced = await db().select().from(outbox).where(eq(outbox.event, "subscriber.created"));
    expect(announced.map((row) => row.leadEmail)).toEqual(["reader@news.example"]);
  });

  it("refuses routing it cannot follow, each problem named where the editor shows it", () => {
    const refused = (routing: unknown) => {
      try {
        webinarInput({ routing });
        return {};
      } catch (error) {
        return JSON.parse((error as Error).message) as Record<string, string>;
      }
    };
    expect(refused({ ...DEFAULT_ROUTING, mode: "round-robin" })).toEqual({
      "routing.members": "Choose the members who take turns.",
    });
    expect(refused({ ...DEFAULT_ROUTING, addresses: ["not an address"] })).toMatchObject({
      "routing.addresses": "Enter e-mail addresses, one per line.",
    });
    expect(
      refused({ ...DEFAULT_ROUTING, confirmation: { enabled: true, subject: "", text: "" } }),
    ).toMatchObject({ "routing.confirmation.subject": "Give the confirmation a subject." });
  });
});
