import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import {
  auditLog,
  contactRequests,
  formSubmissions,
  heldSubmissions,
  leadNotes,
  leadStatusChanges,
  newsletterClicks,
  newsletterRecipients,
  newsletters,
  outbox,
  subscriberImports,
  subscribers,
} from "~/db/schema";
import { setupTestDatabase } from "../../tests/support/test-db";
import { countLeads, listFormSubmissions, listSubscribers, setLeadStatus } from "./contacts-admin.server";
import { addNote, deleteNote, editNote, erasePerson, getPerson } from "./lead-person.server";
import { liftSuppression, markSubscription } from "./newsletter-subscribers.server";
import { enqueue } from "./outbox.server";
import { runImportRound, startImport } from "./subscriber-import.server";

setupTestDatabase();
const who = { actor: "person-test@example.com" };

async function seedPerson(email: string, other = "someone.else@example.com") {
  const [contact] = await db()
    .insert(contactRequests)
    .values({ name: "Lin Qiao", email, interest: "consulting", message: "Call me" })
    .returning();
  const [submission] = await db()
    .insert(formSubmissions)
    .values({ email: email.toUpperCase(), name: "Lin", subject: "demo_request" })
    .returning();
  const [subscriber] = await db().insert(subscribers).values({ email: email.toLowerCase() }).returning();
  await db().insert(contactRequests).values({ name: "Other", email: other, interest: "x", message: "y" });
  if (!contact || !submission || !subscriber) throw new Error("seed failed");
  return { contact, submission, subscriber };
}

describe("lead statuses for every kind", () => {
  it("defaults to new and changes for contacts, demo/dialog leads and subscribers, with history", async () => {
    const { contact, submission, subscriber } = await seedPerson("Status.Kinds@Example.com");
    expect([contact.status, submission.status, subscriber.status]).toEqual(["new", "new", "new"]);
    expect(await setLeadStatus("contact", contact.id, "contacted", who)).toEqual({ before: "new" });
    expect(await setLeadStatus("submission", submission.id, "qualified", who)).toEqual({ before: "new" });
    expect(await setLeadStatus("subscriber", subscriber.id, "closed", who)).toEqual({ before: "new" });
    expect(await setLeadStatus("submission", contact.id, "closed", who)).toBeUndefined();

    expect((await listFormSubmissions({ status: "qualified" })).map((r) => r.id)).toEqual([submission.id]);
    expect((await listSubscribers({ status: "closed" })).map((r) => r.id)).toEqual([subscriber.id]);
    const changes = await db()
      .select()
      .from(leadStatusChanges)
      .where(eq(leadStatusChanges.email, "status.kinds@example.com"));
    expect(changes.map((c) => `${c.leadKind}:${c.fromStatus}>${c.toStatus}:${c.actor}`).sort()).toEqual([
      "contact:new>contacted:person-test@example.com",
      "submission:new>qualified:person-test@example.com",
      "subscriber:new>closed:person-test@example.com",
    ]);
    // The audit entries name the lead by id, never by address.
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "lead.status"));
    expect(audits.map((a) => a.entityId).sort()).toEqual([contact.id, submission.id, subscriber.id].sort());
    expect(JSON.stringify(audits).toLowerCase()).not.toContain("status.kinds@example.com");
  });

  it("filters by kind and date range", async () => {
    await seedPerson("filter.kind@example.com", "filter.other@example.com");
    const onlySubs = await countLeads({ kind: "subscriber", q: "filter.kind@" });
    expect(onlySubs).toEqual({ contacts: 0, subscribers: 1, submissions: 0, forms: 0 });
    const future = await countLeads({ from: "2999-01-01", q: "filter.kind@" });
    expect(future).toEqual({ contacts: 0, subscribers: 0, submissions: 0, forms: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect(await countLeads({ from: today, to: today, q: "filter.kind@" })).toEqual({
      contacts: 1,
      subscribers: 1,
      submissions: 1,
      forms: 0,
    });
  });
});

describe("person view", () => {
  it("an address from the URL with a NUL or half an emoji finds nobody instead of failing", async () => {
    expect(await getPerson("nobody\u0000@example.com")).toBeNull();
    expect(await getPerson("\ud83d@example.com")).toBeNull();
  });

  it("groups leads by e-mail without case, with a timeline of leads and status changes", async () => {
    const { contact } = await seedPerson("Grouped@Example.com", "grouped.not@example.com");
    await setLeadStatus("contact", contact.id, "qualified", who);
    const person = await getPerson("GROUPED@example.COM");
    expect(person?.email).toBe("grouped@example.com");
    expect(person?.contacts).toHaveLength(1);
    expect(person?.submissions).toHaveLength(1);
    expect(person?.subscriber?.email).toBe("grouped@example.com");
    expect(person?.name).toBeTruthy();
    const types = person?.timeline.map((t) => (t.type === "lead" ? t.kind : "status")).sort();
    expect(types).toEqual(["contact", "status", "submission", "subscriber"]);
    expect(await getPerson("nobody@example.com")).toBeNull();
  });

  it("adds, edits and deletes notes of one person, audited without their text", async () => {
    await seedPerson("notes@example.com", "notes.other@example.com");
    const note = await addNote("Notes@Example.com", "Prefers calls after 3pm", who);
    expect((await getPerson("notes@example.com"))?.notes.map((n) => n.body)).toEqual([
      "Prefers calls after 3pm",
    ]);
    expect(await editNote("notes.other@example.com", note.id, "hijack", who)).toBeUndefined();
    expect((await editNote("notes@example.com", note.id, "Calls after 4pm", who))?.body).toBe(
      "Calls after 4pm",
    );
    expect(await deleteNote("notes@example.com", note.id, who)).toEqual({ id: note.id });
    expect((await getPerson("notes@example.com"))?.notes).toEqual([]);
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, note.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      "lead.note.add",
      "lead.note.delete",
      "lead.note.edit",
    ]);
    expect(JSON.stringify(audits)).not.toMatch(/3pm|4pm|notes@example/i);
  });
});

describe("erasure", () => {
  it("deletes every row of the address in any case, keeps others, and audits counts only", async () => {
    const { contact } = await seedPerson("Erase.Me@Example.com", "keep.me@example.com");
    await setLeadStatus("contact", contact.id, "contacted", who);
    await addNote("erase.me@example.com", "Asked for pricing", who);
    // An alert still waiting for delivery carries the person's data too; another person's stays.
    await enqueue(db(), [
      {
        kind: "email",
        target: "team@example.com",
        event: "lead.alert",
        payload: {},
        leadEmail: "erase.me@example.com",
      },
      {
        kind: "email",
        target: "team@example.com",
        event: "lead.alert",
        payload: {},
        leadEmail: "keep.me@example.com",
      },
    ]);

    const held = (email: string) => ({
      kind: "newsletter" as const,
      email,
      payload: { input: { email } },
      reason: "too-fast" as const,
      sourceHash: "h",
    });
    await db()
      .insert(heldSubmissions)
      .values([held("erase.me@example.com"), held("keep.me@example.com")]);

    const [letter] = await db().insert(newsletters).values({ subject: "News", body: [] }).returning();
    await db()
      .insert(newsletterRecipients)
      .values(
        ["erase.me@example.com", "keep.me@example.com"].map((email) => ({
          newsletterId: letter?.id ?? "",
          email,
        })),
      );

    const result = await erasePerson("ERASE.ME@example.com", who);
    expect(result.counts).toEqual({
      contacts: 1,
      submissions: 1,
      subscribers: 1,
      notes: 1,
      statusChanges: 1,
      held: 1,
      deliveries: 1,
      newsletterMessages: 1,
      imports: 0,
      formResponses: 0,
    });
    expect((await db().select().from(newsletterRecipients)).map((r) => r.email)).toEqual([
      "keep.me@example.com",
    ]);
    expect((await db().select().from(heldSubmissions)).map((r) => r.email)).toEqual(["keep.me@example.com"]);
    expect(await getPerson("erase.me@example.com")).toBeNull();
    expect((await db().select().from(outbox)).map((r) => r.leadEmail)).toEqual(["keep.me@example.com"]);
    const left = await Promise.all([
      db().select().from(leadNotes).where(eq(leadNotes.email, "erase.me@example.com")),
      db().select().from(leadStatusChanges).where(eq(leadStatusChanges.email, "erase.me@example.com")),
    ]);
    expect(left.flat()).toEqual([]);
    expect(await getPerson("keep.me@example.com")).not.toBeNull();

    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, result.erasureId));
    expect(entry?.action).toBe("person.erase");
    expect(entry?.details).toEqual(result.counts);
    const everything = JSON.stringify(await db().select().from(auditLog)).toLowerCase();
    expect(everything).not.toContain("erase.me");
  });
});

describe("a subscriber's newsletter life", () => {
  const address = "erase.life@example.com";
  const other = "keep.life@example.com";

  async function sendTo(subject: string, email: string, subscriberId: string | null) {
    const [letter] = await db()
      .insert(newsletters)
      .values({ subject, body: [], status: "sent", links: ["https://example.com/a"] })
      .returning();
    const [recipient] = await db()
      .insert(newsletterRecipients)
      .values({
        newsletterId: letter?.id ?? "",
        email,
        subscriberId,
        status: "sent",
        sentAt: new Date(),
        openedAt: new Date(),
      })
      .returning();
    const [click] = await db()
      .insert(newsletterClicks)
      .values({
        recipientId: recipient?.id ?? "",
        newsletterId: letter?.id ?? "",
        url: "https://example.com/a",
      })
      .returning();
    return { recipient, click };
  }

  it("lists sends, clicks and history; erasure leaves no trace of them in any table", async () => {
    const list = async (text: string) => {
      const started = await startImport({ name: "people.csv", text }, who);
      if (!started.ok) throw new Error(started.message);
      while ((await runImportRound()) > 0) {}
    };
    await list(`email,name\n${address},Erin Life\n${other},Kim Keep\n`);
    expect(await markSubscription(address, "unsubscribed")).toBe(true);
    // A second list names them again: skipped (its report keeps the address), never re-subscribed.
    await list(`email\n${address}\n`);
    const [sub] = await db().select().from(subscribers).where(eq(subscribers.email, address));
    if (!sub) throw new Error("no subscriber");
    expect(sub.subscription).toBe("unsubscribed");
    expect(await liftSuppression(sub.id, who)).toBe(true);
    const mine = await sendTo("Spring news", address, sub.id);
    await sendTo("Spring news for others", other, null);
    // An import not written yet holds their row too.
    const pending = await startImport({ name: "later.csv", text: `email\n${address}\n${other}\n` }, who);
    if (!pending.ok) throw new Error(pending.message);

    const person = await getPerson(address);
    expect(person?.name).toBe("Erin Life");
    expect(person?.newsletter?.history.map((h) => h.event).sort()).toEqual([
      "imported",
      "suppression_lifted",
      "unsubscribed",
    ]);
    expect(person?.newsletter?.sends.map((s) => [s.subject, s.status])).toEqual([["Spring news", "sent"]]);
    expect(person?.newsletter?.clicks.map((c) => [c.subject, c.url])).toEqual([
      ["Spring news", "https://example.com/a"],
    ]);

    const result = await erasePerson(address, who);
    expect(result.counts).toMatchObject({ subscribers: 1, newsletterMessages: 1, imports: 2 });

    // No table keeps the address, the subscriber's id or the ids of their sends and clicks (the audit log
    // names entries by id only and outlives the person: it is checked for the address alone).
    const traces = [address, sub.id, mine.recipient?.id ?? "-", mine.click?.id ?? "-"];
    const tables = await db().execute(
      sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const found: string[] = [];
    for (const { name } of rowsOf<{ name: string }>(tables)) {
      const look = name === "audit_log" ? [address] : traces;
      for (const trace of look) {
        const hits = rowsOf<{ n: number }>(
          await db().execute(
            sql`select count(*)::int as n from ${sql.identifier(name)} t where lower(t::text) like ${`%${trace}%`}`,
          ),
        );
        if (Number(hits[0]?.n) > 0) found.push(`${name}: ${trace}`);
      }
    }
    expect(found).toEqual([]);
    // The other person's data is untouched.
    expect((await getPerson(other))?.newsletter?.sends).toHaveLength(1);
    const [later] = await db().select().from(subscriberImports).where(eq(subscriberImports.id, pending.id));
    expect(later?.rows.map((r) => r.email)).toEqual([other]);
  });
});
