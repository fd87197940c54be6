// Leads assigned to people (ADR 032) on a real database: the round-robin hands new contact and demo leads out in
// turn, also when two transactions store leads at once; the assignee's alert reaches their mailbox on a real SMTP
// server; "assigned to me" lists exactly theirs; only members who may hold leads can be given one.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { submitLead } from "~/routes/support/lead-submission.server";
import { addMember, memberContext, type TestMember } from "../../tests/support/members";
import { startSmtp } from "../../tests/support/receivers";
import { setupTestDatabase } from "../../tests/support/test-db";
import {
  appMeta,
  contactRequests,
  formSubmissions,
  leadAssignmentTurns,
  outbox,
  subscribers,
} from "../db/schema";
import { env } from "../env.server";
import { actorLabel, auditSentence } from "../lib/audit-sentences";
import type { Attribution } from "../lib/lead-schema";
import type { LeadNotificationSettings } from "../lib/notification-settings";
import { latestAudit } from "./audit.server";
import {
  countLeads,
  filterFromSearch,
  listContactRequests,
  listFormSubmissions,
} from "./contacts-admin.server";
import { assignLead } from "./lead-assignment.server";
import { saveNotificationSettings } from "./lead-notifications.server";
import { type PendingLead, storeLeads } from "./leads.server";
import { claimDue, type RetryPolicy, runOutboxOnce } from "./outbox.server";

const test = setupTestDatabase();
const db = () => test.handle().db;
const FAST: RetryPolicy = { baseMs: 1, maxDelayMs: 1, retryForMs: 60_000 };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const saved = { ...env() };
let owner: TestMember;
let sam: TestMember;
let ada: TestMember;
let eddie: TestMember;

beforeAll(async () => {
  smtp = await startSmtp();
  owner = await addMember(db(), { name: "Olivia Owner", email: "owner-team@example.com", role: "owner" });
  sam = await addMember(db(), { name: "Sam Sales", email: "sam@example.com", role: "sales" });
  ada = await addMember(db(), { name: "Ada Admin", email: "ada@example.com", role: "administrator" });
  eddie = await addMember(db(), { name: "Eddie Editor", email: "eddie@example.com", role: "editor" });
});
afterAll(() => smtp.close());
beforeEach(async () => {
  Object.assign(env(), { smtpUrl: smtp.url, baseUrl: "https://site.example" });
  smtp.mails.length = 0;
  await db().delete(outbox);
  await db().delete(contactRequests);
  await db().delete(formSubmissions);
  await db().delete(subscribers);
  await db().delete(leadAssignmentTurns);
  await db().delete(appMeta).where(eq(appMeta.key, "lead_notifications"));
});
afterEach(() => {
  Object.assign(env(), saved);
});

const who = () => memberContext(owner);

function settings(roundRobin: LeadNotificationSettings["roundRobin"]): LeadNotificationSettings {
  return {
    recipients: ["alerts@example.com"],
    kinds: { contact: true, lead: true, newsletter: false },
    autoReply: { enabled: false, subject: "x", text: "x" },
    roundRobin,
  };
}

const request = () => new Request("https://site.example/", { method: "POST" });

function demoForm(email: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ email, name: "Demo Person", purpose: "demo", message: "Show me" }))
    form.set(k, v);
  return form;
}

/** Runs the outbox worker until nothing is due. */
async function drain() {
  for (let round = 0; round < 20; round++) {
    if ((await runOutboxOnce({ id: "test-worker", retry: FAST })) === 0) {
      if (!(await claimDue(db(), "peek", 0)).length) return;
    }
  }
}

const noAttribution: Attribution = {
  sourcePage: null,
  sourceSection: null,
  referrer: null,
  landingPage: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
};

function pendingDemo(email: string): PendingLead {
  return {
    kind: "lead",
    input: { email, name: "", purpose: "", message: "" } as never,
    attribution: noAttribution,
    rate: null,
  };
}

async function ownerOf(email: string): Promise<string | null> {
  const [row] = await db()
    .select({ assignedTo: formSubmissions.assignedTo })
    .from(formSubmissions)
    .where(eq(formSubmissions.email, email));
  return row?.assignedTo ?? null;
}

describe("round-robin assignment", () => {
  it("gives new demo leads in turn to the chosen members, and each assignee gets the alert in their mailbox", async () => {
    // Eddie is an editor: chosen, but his role cannot hold leads, so he is skipped.
    await saveNotificationSettings(
      settings({ enabled: true, members: [sam.userId, eddie.userId, ada.userId] }),
      who(),
    );
    for (const n of [1, 2, 3]) {
      const outcome = await submitLead(
        "lead",
        request(),
        demoForm(`demo-${n}@example.com`),
        `203.0.113.${n}`,
      );
      expect(outcome.status).toBe(200);
    }
    const newsletter = new FormData();
    newsletter.set("email", "reader@example.com");
    await submitLead("newsletter", request(), newsletter, "203.0.113.9");

    expect(await ownerOf("demo-1@example.com")).toBe(sam.userId);
    expect(await ownerOf("demo-2@example.com")).toBe(ada.userId);
    expect(await ownerOf("demo-3@example.com")).toBe(sam.userId);
    const [sub] = await db().select().from(subscribers);
    expect(sub?.assignedTo).toBeNull();

    await drain();
    const to = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
    expect(
      to("sam@example.com")
        .map((m) => /demo-\d@example\.com/.exec(m.raw)?.[0])
        .sort(),
    ).toEqual(["demo-1@example.com", "demo-3@example.com"]);
    expect(to("ada@example.com").map((m) => /demo-\d@example\.com/.exec(m.raw)?.[0])).toEqual([
      "demo-2@example.com",
    ]);
    expect(to("eddie@example.com")).toHaveLength(0);
    // The settings' recipients still get every alert.
    expect(to("alerts@example.com")).toHaveLength(3);
  });

  it("never gives two leads the same turn when two transactions store leads at once", async () => {
    await saveNotificationSettings(settings({ enabled: true, members: [sam.userId, ada.userId] }), who());
    // Three leads a batch between two members: a turn taken twice would give one member two extra leads.
    const batches = [0, 1, 2].map((b) =>
      Array.from({ length: 3 }, (_, i) => pendingDemo(`race-${b}-${i}@example.com`)),
    );
    await Promise.all(batches.map((batch) => storeLeads(batch)));
    const rows = await db().select({ assignedTo: formSubmissions.assignedTo }).from(formSubmissions);
    expect(rows).toHaveLength(9);
    const bySam = rows.filter((r) => r.assignedTo === sam.userId).length;
    const byAda = rows.filter((r) => r.assignedTo === ada.userId).length;
    // Turns 0..8: Sam has the even ones (5), Ada the odd ones (4).
    expect([bySam, byAda]).toEqual([5, 4]);
    const [turns] = await db().select().from(leadAssignmentTurns);
    expect(turns?.turns).toBe(9);
  });

  it("assigns nobody when it is off, or when no chosen member can hold leads", async () => {
    await saveNotificationSettings(settings({ enabled: false, members: [sam.userId] }), who());
    await submitLead("lead", request(), demoForm("off@example.com"), "203.0.113.30");
    await saveNotificationSettings(settings({ enabled: true, members: [eddie.userId] }), who());
    await submitLead("lead", request(), demoForm("editor-only@example.com"), "203.0.113.31");
    expect(await ownerOf("off@example.com")).toBeNull();
    expect(await ownerOf("editor-only@example.com")).toBeNull();
    expect(await db().select().from(leadAssignmentTurns)).toHaveLength(0);
  });
});

describe("assigning by hand", () => {
  it("assigns, reassigns and unassigns; the new assignee gets the alert; the audit log says it in words", async () => {
    await submitLead("lead", request(), demoForm("hand@example.com"), "203.0.113.40");
    const [lead] = await db().select().from(formSubmissions);
    if (!lead) throw new Error("no lead");
    await db().delete(outbox);

    const first = await assignLead("submission", lead.id, sam.userId, who());
    expect(first).toMatchObject({ ok: true, changed: true, assignee: { userId: sam.userId } });
    expect(await assignLead("submission", lead.id, sam.userId, who())).toMatchObject({
      ok: true,
      changed: false,
    });
    expect(await assignLead("submission", lead.id, ada.userId, who())).toMatchObject({
      ok: true,
      changed: true,
    });
    await drain();
    expect(smtp.mails.flatMap((m) => m.to).sort()).toEqual(["ada@example.com", "sam@example.com"]);

    expect(await assignLead("submission", lead.id, null, who())).toMatchObject({ ok: true, assignee: null });
    expect(await ownerOf("hand@example.com")).toBeNull();

    const entries = await latestAudit(3, { actionPrefix: "lead." });
    const sentences = entries.map((e) =>
      auditSentence({
        who: actorLabel(e.actor, e.memberName),
        action: e.action,
        entity: e.entity,
        details: e.details,
      }),
    );
    expect(sentences).toEqual([
      "Olivia Owner took a demo or dialog lead off its owner's list",
      "Olivia Owner assigned a demo or dialog lead to Ada Admin",
      "Olivia Owner assigned a demo or dialog lead to Sam Sales",
    ]);
  });

  it("refuses a member whose role cannot hold leads, an inactive member, and a lead that is gone", async () => {
    const away = await addMember(db(), {
      name: "Away",
      email: "away@example.com",
      role: "sales",
      active: false,
    });
    await submitLead("lead", request(), demoForm("refused@example.com"), "203.0.113.50");
    const [lead] = await db().select().from(formSubmissions);
    if (!lead) throw new Error("no lead");
    expect(await assignLead("submission", lead.id, eddie.userId, who())).toEqual({
      ok: false,
      reason: "not-assignable",
    });
    expect(await assignLead("submission", lead.id, away.userId, who())).toEqual({
      ok: false,
      reason: "not-assignable",
    });
    expect(await assignLead("contact", crypto.randomUUID(), sam.userId, who())).toEqual({
      ok: false,
      reason: "gone",
    });
    expect(await ownerOf("refused@example.com")).toBeNull();
  });
});

describe("the inbox's owner filter", () => {
  it("shows exactly the signed-in member's leads for 'assigned to me', and the rest for 'unassigned'", async () => {
    const contact = (email: string) => {
      const form = new FormData();
      const values = { name: "C", email, interest: "sales-automation", message: "Hello there, please call." };
      for (const [k, v] of Object.entries(values)) form.set(k, v);
      return form;
    };
    for (const [n, email] of ["c1@example.com", "c2@example.com", "c3@example.com"].entries()) {
      await submitLead("contact", request(), contact(email), `198.51.100.${n + 1}`);
    }
    await submitLead("lead", request(), demoForm("d1@example.com"), "198.51.100.9");
    const contacts = await db().select().from(contactRequests);
    const [demo] = await db().select().from(formSubmissions);
    const byEmail = (email: string) => contacts.find((c) => c.email === email)?.id ?? "";
    await assignLead("contact", byEmail("c1@example.com"), sam.userId, who());
    await assignLead("contact", byEmail("c2@example.com"), ada.userId, who());
    await assignLead("submission", demo?.id ?? "", sam.userId, who());

    const mine = filterFromSearch(new URLSearchParams("assigned=me"), sam.userId);
    expect((await listContactRequests(mine)).map((c) => c.email)).toEqual(["c1@example.com"]);
    expect((await listFormSubmissions(mine)).map((c) => c.email)).toEqual(["d1@example.com"]);
    expect(await countLeads(mine)).toEqual({ contacts: 1, subscribers: 0, submissions: 1, forms: 0 });

    const adas = filterFromSearch(new URLSearchParams("assigned=me"), ada.userId);
    expect((await listContactRequests(adas)).map((c) => c.email)).toEqual(["c2@example.com"]);
    expect(await listFormSubmissions(adas)).toEqual([]);

    const unassigned = filterFromSearch(new URLSearchParams("assigned=none"), sam.userId);
    expect((await listContactRequests(unassigned)).map((c) => c.email)).toEqual(["c3@example.com"]);

    // "Assigned to me" without a signed-in member means nothing: the filter is dropped, not turned into "all".
    expect(filterFromSearch(new URLSearchParams("assigned=me")).assigned).toBeUndefined();
  });
});
