// Group commit of leads (docs/decisions/022-group-commit-for-leads.md) on a real database: submissions that
// arrive while a batch is being written are committed together, each is answered only after its commit, one
// failing lead fails alone, and rate limits count exactly as one by one — also across instances on PostgreSQL.
import { count, eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { type LeadOutcome, submitLead } from "~/routes/support/lead-submission.server";
import { setupTestDatabase, testDatabaseKind } from "../../tests/support/test-db";
import type { Database } from "../db/client.server";
import {
  contactRequests,
  formSubmissions,
  outbox,
  rateLimits,
  subscribers,
  webhookEndpoints,
  websiteSettings,
} from "../db/schema";
import { env } from "../env.server";
import { hitRateLimits } from "../infra/rate-limit.server";
import { clientKey } from "../infra/request-context.server";
import { LEAD_RATE_LIMITS, leadWriteTransactions } from "./leads.server";

const test = setupTestDatabase();
const ORIGIN = "http://localhost:3000";
const db = () => test.handle().db;

function contactForm(email: string, message = "We would like a demo for our team.") {
  const form = new FormData();
  const values = { name: "Ada Lovelace", email, interest: "sales-automation", message };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

function emailForm(email: string) {
  const form = new FormData();
  form.set("email", email);
  return form;
}

const request = () =>
  new Request(`${ORIGIN}/contact`, { method: "POST", headers: { referer: `${ORIGIN}/contact` } });

const contact = (email: string, ip: string, message?: string) =>
  submitLead("contact", request(), contactForm(email, message), ip);

/** Lets the event loop run past the group commit's own setImmediate, so a started batch has taken its leads. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Holds an exclusive lock on the contact table in a transaction of its own until released: a batch of contact
 * requests cannot commit meanwhile (on PGlite, whose one connection runs one transaction at a time, it cannot
 * even begin).
 */
async function holdContactTable() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const held = db().transaction(async (tx) => {
    await tx.execute(sql`lock table atlas_contact_requests in exclusive mode`);
    locked();
    await gate;
  });
  await isLocked;
  return async () => {
    release();
    await held;
  };
}

async function rowsOf(emails: string[]) {
  return db()
    .select({ email: contactRequests.email, tx: sql<string>`xmin::text` })
    .from(contactRequests)
    .where(inArray(contactRequests.email, emails));
}

async function rateCount(kind: "contact" | "lead" | "newsletter", ip: string) {
  const [row] = await db()
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, `lead:${kind}:${clientKey(ip)}`));
  return row?.count ?? 0;
}

const originalFactor = env().rateLimitFactor;
afterEach(() => {
  env().rateLimitFactor = originalFactor;
});

describe("group commit of leads", () => {
  it("commits the leads that arrive during a write together, and answers each only after its commit", async () => {
    env().rateLimitFactor = 100;
    const release = await holdContactTable();
    const before = leadWriteTransactions();
    const answered: string[] = [];
    const visibleAtAnswer: Record<string, number> = {};
    const submit = (email: string) =>
      contact(email, "192.0.2.100").then(async (outcome) => {
        answered.push(email);
        // Read through the test's own handle: on PostgreSQL another connection, which sees committed rows only.
        const [row] = await db()
          .select({ n: count() })
          .from(contactRequests)
          .where(eq(contactRequests.email, email));
        visibleAtAnswer[email] = row?.n ?? 0;
        return outcome;
      });

    const first = submit("gc-first@example.com");
    await nextTurn();
    await nextTurn();
    // The first batch is under way (and stuck behind the lock); these five wait for the next one.
    const rest = Array.from({ length: 5 }, (_, i) => submit(`gc-next-${i}@example.com`));
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(answered).toEqual([]);
    if (testDatabaseKind() === "postgres") {
      const pg = postgres(test.handle().url as string, { max: 1, onnotice: () => {} });
      try {
        const [row] = await pg`select count(*)::int as n from atlas_contact_requests where email like 'gc-%'`;
        expect(row?.n).toBe(0);
      } finally {
        await pg.end();
      }
    }

    await release();
    const outcomes = await Promise.all([first, ...rest]);
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answered).toHaveLength(6);
    expect(Object.values(visibleAtAnswer)).toEqual([1, 1, 1, 1, 1, 1]);

    // Two transactions: the first lead alone, then the five that queued behind it, all in one.
    expect(leadWriteTransactions() - before).toBe(2);
    const rows = await rowsOf([
      "gc-first@example.com",
      ...Array.from({ length: 5 }, (_, i) => `gc-next-${i}@example.com`),
    ]);
    const firstTx = rows.find((r) => r.email === "gc-first@example.com")?.tx;
    const nextTx = new Set(rows.filter((r) => r.email !== "gc-first@example.com").map((r) => r.tx));
    expect(nextTx.size).toBe(1);
    expect(nextTx.has(firstTx as string)).toBe(false);
    // Each row has the moment of its own insert: the batch keeps the order the leads arrived in.
    const ordered = await db()
      .select({ email: contactRequests.email })
      .from(contactRequests)
      .where(sql`${contactRequests.email} like 'gc-next-%'`)
      .orderBy(contactRequests.createdAt);
    expect(ordered.map((r) => r.email)).toEqual(
      Array.from({ length: 5 }, (_, i) => `gc-next-${i}@example.com`),
    );
  });

  it("fails only the lead that fails: the rest of its batch is committed with its deliveries, the bad one leaves nothing", async () => {
    env().rateLimitFactor = 1;
    await db()
      .insert(webhookEndpoints)
      .values({
        url: "https://hooks.example.com/leads",
        events: ["lead.created"],
        secret: "whsec_test",
      });
    await db().execute(sql`
      create function reject_poisoned_lead() returns trigger language plpgsql as $$
      begin
        if new.email = 'poison@example.com' then raise exception 'poisoned lead'; end if;
        return new;
      end $$`);
    await db().execute(sql`
      create trigger reject_poisoned_lead before insert on atlas_contact_requests
      for each row execute function reject_poisoned_lead()`);
    try {
      const before = leadWriteTransactions();
      const emails = ["good-1@example.com", "good-2@example.com", "poison@example.com", "good-3@example.com"];
      // Submitted in one turn of the event loop: one batch.
      const outcomes = await Promise.all(emails.map((email, i) => contact(email, `192.0.2.${110 + i}`)));
      expect(outcomes.map((o) => o.status)).toEqual([200, 200, 500, 200]);
      const failed = outcomes[2] as LeadOutcome;
      expect(failed.body.ok).toBe(false);
      expect(failed.body.values?.email).toBe("poison@example.com");
      // The batch (rolled back), then each lead alone.
      expect(leadWriteTransactions() - before).toBe(1 + emails.length);

      const stored = await rowsOf(emails);
      expect(stored.map((r) => r.email).sort()).toEqual([
        "good-1@example.com",
        "good-2@example.com",
        "good-3@example.com",
      ]);
      const deliveries = await db()
        .select({ email: outbox.leadEmail })
        .from(outbox)
        .where(inArray(outbox.leadEmail, emails));
      expect(deliveries.map((d) => d.email).sort()).toEqual([
        "good-1@example.com",
        "good-2@example.com",
        "good-3@example.com",
      ]);
      // Every attempt counted once against its client's limit, the failed one too (it cannot be retried for free).
      for (const i of [0, 1, 2, 3]) expect(await rateCount("contact", `192.0.2.${110 + i}`)).toBe(1);
    } finally {
      await db().execute(sql`drop trigger reject_poisoned_lead on atlas_contact_requests`);
      await db().execute(sql`drop function reject_poisoned_lead()`);
      await db().delete(webhookEndpoints);
    }
  });

  it("rate-limits exactly per client within a batch and across batches", async () => {
    env().rateLimitFactor = 1;
    const limit = LEAD_RATE_LIMITS.contact.limit;
    // One batch: eight from one client, three from another, interleaved.
    const sends = Array.from({ length: limit + 3 }, (_, i) => [
      ["192.0.2.120", `busy-${i}@example.com`] as const,
      ...(i < 3 ? [["192.0.2.121", `calm-${i}@example.com`] as const] : []),
    ]).flat();
    const outcomes = await Promise.all(sends.map(([ip, email]) => contact(email, ip)));
    const statusOf = new Map(sends.map(([, email], i) => [email, outcomes[i]?.status]));
    // The first `limit` of the busy client in arrival order pass; the rest are refused with Retry-After.
    for (let i = 0; i < limit + 3; i++)
      expect(statusOf.get(`busy-${i}@example.com`)).toBe(i < limit ? 200 : 429);
    for (let i = 0; i < 3; i++) expect(statusOf.get(`calm-${i}@example.com`)).toBe(200);
    const refused = outcomes.find((o) => o.status === 429);
    expect(refused?.headers?.["Retry-After"]).toMatch(/^\d+$/);
    expect(refused?.body.toast?.message).toMatch(/^Too many submissions from your address\. Please wait/);

    // The next batch still counts on: both refused.
    const later = await Promise.all([
      contact("busy-late-1@example.com", "192.0.2.120"),
      contact("busy-late-2@example.com", "192.0.2.120"),
    ]);
    expect(later.map((o) => o.status)).toEqual([429, 429]);
    const [stored] = await db()
      .select({ n: count() })
      .from(contactRequests)
      .where(sql`${contactRequests.email} like 'busy-%'`);
    expect(stored?.n).toBe(limit);
    expect(await rateCount("contact", "192.0.2.120")).toBe(limit + 5);
    expect(await rateCount("contact", "192.0.2.121")).toBe(3);
  });

  it("counts one client exactly when two instances count it at once", async () => {
    env().rateLimitFactor = 1;
    // A second instance: its own connections to the same database (PostgreSQL); with PGlite, one process owns the
    // data, so both "instances" share its connection and the test checks the same counting.
    const other =
      testDatabaseKind() === "postgres"
        ? postgres(test.handle().url as string, { max: 4, onnotice: () => {} })
        : null;
    const otherDb = other ? (drizzle(other) as unknown as Database) : db();
    try {
      const hit = { key: "lead:contact:192.0.2.130", limit: 5, windowSeconds: 600 };
      const batch = Array.from({ length: 4 }, () => hit);
      const verdicts = (
        await Promise.all(
          Array.from({ length: 3 }, (_, i) =>
            (i % 2 ? otherDb : db()).transaction((tx) => hitRateLimits(tx, batch)),
          ),
        )
      ).flat();
      expect(verdicts.filter((v) => v.ok)).toHaveLength(5);
      expect(verdicts.filter((v) => !v.ok)).toHaveLength(7);
    } finally {
      await other?.end();
    }
  });

  it("refuses a form the administrator turned off without counting it, and stores the rest of the batch", async () => {
    env().rateLimitFactor = 1;
    await db().insert(websiteSettings).values({ settingKey: "newsletterEnabled", settingValue: "false" });
    try {
      const [news, dialog, again] = await Promise.all([
        submitLead("newsletter", request(), emailForm("off@example.com"), "192.0.2.140"),
        submitLead("lead", request(), emailForm("dialog-on@example.com"), "192.0.2.140"),
        submitLead("newsletter", request(), emailForm("OFF@example.com"), "192.0.2.141"),
      ]);
      expect([news?.status, dialog?.status, again?.status]).toEqual([404, 200, 404]);
      expect(
        await db().select().from(subscribers).where(eq(subscribers.email, "off@example.com")),
      ).toHaveLength(0);
      expect(
        await db().select().from(formSubmissions).where(eq(formSubmissions.email, "dialog-on@example.com")),
      ).toHaveLength(1);
      expect(await rateCount("newsletter", "192.0.2.140")).toBe(0);
      expect(await rateCount("lead", "192.0.2.140")).toBe(1);
    } finally {
      await db().delete(websiteSettings).where(eq(websiteSettings.settingKey, "newsletterEnabled"));
    }
  });

  it("subscribes an address sent twice in one batch once, and announces it once", async () => {
    env().rateLimitFactor = 100;
    await db()
      .insert(webhookEndpoints)
      .values({
        url: "https://hooks.example.com/subscribers",
        events: ["subscriber.created"],
        secret: "whsec_test",
      });
    try {
      const outcomes = await Promise.all([
        submitLead("newsletter", request(), emailForm("twice@example.com"), "192.0.2.150"),
        submitLead("newsletter", request(), emailForm("Twice@Example.com"), "192.0.2.151"),
        submitLead("newsletter", request(), emailForm("once@example.com"), "192.0.2.152"),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200]);
      const subs = await db()
        .select({ email: subscribers.email })
        .from(subscribers)
        .where(inArray(subscribers.email, ["twice@example.com", "once@example.com"]));
      expect(subs.map((s) => s.email).sort()).toEqual(["once@example.com", "twice@example.com"]);
      const announced = await db()
        .select({ email: outbox.leadEmail })
        .from(outbox)
        .where(eq(outbox.event, "subscriber.created"));
      expect(announced.map((a) => a.email).sort()).toEqual(["once@example.com", "twice@example.com"]);
    } finally {
      await db().delete(webhookEndpoints);
    }
  });
});
