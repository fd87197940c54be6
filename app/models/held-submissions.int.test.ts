// Suspected spam is held, never dropped: honeypot and time-trap hits are kept out of every lead table, the outbox
// and the counts, within per-source and total caps; "Not spam" stores them once with their alerts and webhooks;
// "Delete", erasure and the 30-day pruning remove them.
import { count, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/support/test-db";
import {
  appMeta,
  contactRequests,
  formSubmissions,
  heldSubmissions,
  outbox,
  rateLimits,
  subscribers,
  webhookEndpoints,
} from "../db/schema";
import { env } from "../env.server";
import { rateLimitPruningJob } from "../jobs/rate-limit-pruning.server";
import { SUCCESS_MESSAGES } from "../lib/builtin-forms";
import { ELAPSED_FIELD, HONEYPOT_FIELD } from "../lib/lead-schema";
import { submitLead } from "../routes/support/lead-submission.server";
import { countLeads } from "./contacts-admin.server";
import {
  countHeldSubmissions,
  deleteHeldSubmission,
  droppedSpamCount,
  listHeldSubmissions,
  pruneHeldSubmissions,
  restoreHeldSubmission,
  sourceHash,
} from "./held-submissions.server";
import { erasePerson } from "./lead-person.server";
import { createEndpoint } from "./webhooks.server";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const saved = { ...env() };
const request = () =>
  new Request("https://site.example/contact", {
    method: "POST",
    headers: { cookie: `lead_attr=${encodeURIComponent(JSON.stringify({ utm_campaign: "spring" }))}` },
  });

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}
const contact = (email: string, extra: Record<string, string> = {}) =>
  form({
    name: "Fast Person",
    email,
    interest: "sales-automation",
    message: "Autofilled and sent at once.",
    source_page: "/contact",
    source_section: "contact_page",
    ...extra,
  });
const fast = { [ELAPSED_FIELD]: "300" };

beforeEach(async () => {
  Object.assign(env(), { smtpUrl: "smtp://127.0.0.1:2525", webhookAllowPrivate: true, leadMinFillMs: 2000 });
  const d = test.handle().db;
  for (const table of [
    heldSubmissions,
    outbox,
    webhookEndpoints,
    rateLimits,
    contactRequests,
    formSubmissions,
  ])
    await d.delete(table);
  await d.delete(subscribers);
  await d.delete(appMeta).where(eq(appMeta.key, "lead_notifications"));
});
afterEach(() => {
  Object.assign(env(), saved);
});

async function rows(table: typeof outbox) {
  const [row] = await test.handle().db.select({ n: count() }).from(table);
  return Number(row?.n);
}

describe("a trapped submission", () => {
  it("is held with its reason, answered like a success, and stored, counted and queued nowhere else", async () => {
    const outcomes = [
      await submitLead("contact", request(), contact("fast@example.com", fast), "203.0.113.1"),
      await submitLead(
        "contact",
        request(),
        contact("bot@example.com", { [HONEYPOT_FIELD]: "http://spam.example" }),
        "203.0.113.2",
      ),
      await submitLead("lead", request(), form({ email: "demo@example.com", ...fast }), "203.0.113.3"),
      await submitLead("newsletter", request(), form({ email: "News@Example.com", ...fast }), "203.0.113.4"),
    ];
    expect(outcomes.map((o) => [o.status, o.body])).toEqual([
      [200, { ok: true, toast: { type: "success", message: SUCCESS_MESSAGES.contactSuccess } }],
      [200, { ok: true, toast: { type: "success", message: SUCCESS_MESSAGES.contactSuccess } }],
      [
        200,
        {
          ok: true,
          toast: {
            type: "success",
            title: SUCCESS_MESSAGES.dialogSuccessTitle,
            message: SUCCESS_MESSAGES.dialogSuccess,
          },
        },
      ],
      [200, { ok: true, toast: { type: "success", message: SUCCESS_MESSAGES.newsletterSuccess } }],
    ]);
    expect(await countLeads()).toEqual({ contacts: 0, submissions: 0, subscribers: 0, forms: 0 });
    expect(await rows(outbox)).toBe(0);
    expect(await countHeldSubmissions()).toBe(4);

    const held = await test.handle().db.select().from(heldSubmissions);
    const byEmail = new Map(held.map((row) => [row.email, row]));
    expect(byEmail.get("fast@example.com")).toMatchObject({
      kind: "contact",
      reason: "too-fast",
      elapsedMs: 300,
    });
    expect(byEmail.get("bot@example.com")).toMatchObject({
      kind: "contact",
      reason: "honeypot",
      elapsedMs: null,
    });
    expect(byEmail.get("news@example.com")).toMatchObject({ kind: "newsletter", reason: "too-fast" });
    const bot = byEmail.get("bot@example.com");
    expect(bot?.payload).toMatchObject({
      input: { name: "Fast Person", email: "bot@example.com", message: "Autofilled and sent at once." },
      attribution: { sourcePage: "/contact", utmCampaign: "spring" },
    });
    expect(JSON.stringify(bot?.payload)).not.toContain("spam.example");
    expect(bot?.sourceHash).toBe(sourceHash("203.0.113.2"));
    expect(bot?.sourceHash).not.toContain("203.0.113");

    const listed = await listHeldSubmissions();
    expect(listed.map((row) => row.email)).toEqual([
      "News@Example.com",
      "demo@example.com",
      "bot@example.com",
      "fast@example.com",
    ]);
    expect(listed[2]).toMatchObject({ kind: "contact", name: "Fast Person", reason: "honeypot" });
  });

  it("that is invalid still gets its field errors first, and nothing is held", async () => {
    const outcome = await submitLead("lead", request(), form({ email: "nope", ...fast }), "203.0.113.9");
    expect(outcome.status).toBe(400);
    expect(await countHeldSubmissions()).toBe(0);
  });

  it("is not held when its source or everyone is over the hourly cap, and is still answered like a success", async () => {
    // Factor 0.01: 1 held row per source and 5 in all per hour (HELD_CAPS scaled like every public limit).
    env().rateLimitFactor = 0.01;
    const before = droppedSpamCount();
    const same = await Promise.all(
      [1, 2, 3].map((n) =>
        submitLead("contact", request(), contact(`same-${n}@example.com`, fast), "198.51.100.7"),
      ),
    );
    expect(same.map((o) => o.status)).toEqual([200, 200, 200]);
    expect(await countHeldSubmissions()).toBe(1);
    expect(droppedSpamCount() - before).toBe(2);

    const many = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        submitLead("lead", request(), form({ email: `many-${n}@example.com`, ...fast }), `192.0.2.${n + 1}`),
      ),
    );
    expect(many.every((o) => o.status === 200 && o.body.ok)).toBe(true);
    // The source over its own cap did not use up the total: 1 + 4 more sources = 5.
    expect(await countHeldSubmissions()).toBe(5);
    expect(droppedSpamCount() - before).toBe(2 + 4);
    expect(await countLeads()).toEqual({ contacts: 0, submissions: 0, subscribers: 0, forms: 0 });
  });
});

describe("Not spam", () => {
  async function holdOne(kind: "contact" | "lead" | "newsletter", email: string) {
    const body = kind === "contact" ? contact(email, fast) : form({ email, name: "Ada", ...fast });
    await submitLead(kind, request(), body, "203.0.113.20");
    const [row] = await test
      .handle()
      .db.select()
      .from(heldSubmissions)
      .where(eq(heldSubmissions.email, email.toLowerCase()));
    if (!row) throw new Error("not held");
    return row;
  }

  it("stores the lead once, as first received, with its alert mail and webhook, even when restored twice at once", async () => {
    await createEndpoint("http://127.0.0.1:9/hook", ["lead.created"], who);
    const held = await holdOne("contact", "restore@example.com");
    const results = await Promise.all([
      restoreHeldSubmission(held.id, who),
      restoreHeldSubmission(held.id, who),
    ]);
    expect(results.sort()).toEqual(["gone", "restored"]);
    const leads = await test
      .handle()
      .db.select()
      .from(contactRequests)
      .where(eq(contactRequests.email, "restore@example.com"));
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: "Fast Person", sourcePage: "/contact", utmCampaign: "spring" });
    expect(leads[0]?.createdAt.toISOString()).toBe(held.createdAt.toISOString());
    const queued = await test
      .handle()
      .db.select({ kind: outbox.kind })
      .from(outbox)
      .where(eq(outbox.leadEmail, "restore@example.com"));
    expect(queued.map((q) => q.kind).sort()).toEqual(["email", "webhook"]);
    expect(await countHeldSubmissions()).toBe(0);
    expect(await restoreHeldSubmission(held.id, who)).toBe("gone");
  });

  it("stores a demo lead and a newsletter subscriber as their own forms would", async () => {
    const lead = await holdOne("lead", "dialog@example.com");
    const news = await holdOne("newsletter", "Reader@Example.com");
    expect(await restoreHeldSubmission(lead.id, who)).toBe("restored");
    expect(await restoreHeldSubmission(news.id, who)).toBe("restored");
    expect(await countLeads()).toEqual({ contacts: 0, submissions: 1, subscribers: 1, forms: 0 });
    const [sub] = await test.handle().db.select().from(subscribers);
    expect(sub?.email).toBe("reader@example.com");
    const [submission] = await test.handle().db.select().from(formSubmissions);
    expect(submission).toMatchObject({
      email: "dialog@example.com",
      name: "Ada",
      subject: "Lead from website",
    });
  });

  it("refuses a held row whose payload no longer validates and keeps it", async () => {
    const held = await holdOne("contact", "broken@example.com");
    await test
      .handle()
      .db.update(heldSubmissions)
      .set({ payload: { input: { email: "broken@example.com" } } })
      .where(eq(heldSubmissions.id, held.id));
    expect(await restoreHeldSubmission(held.id, who)).toBe("invalid");
    expect(await countHeldSubmissions()).toBe(1);
    expect(await rows(outbox)).toBe(0);
  });
});

describe("removal", () => {
  it("Delete removes one row; erasing a person removes their held rows", async () => {
    const a = await submitLead("lead", request(), form({ email: "a@example.com", ...fast }), "203.0.113.30");
    await submitLead("lead", request(), form({ email: "A@example.com", ...fast }), "203.0.113.31");
    await submitLead("lead", request(), form({ email: "b@example.com", ...fast }), "203.0.113.32");
    expect(a.status).toBe(200);
    const [b] = await test
      .handle()
      .db.select()
      .from(heldSubmissions)
      .where(eq(heldSubmissions.email, "b@example.com"));
    expect(await deleteHeldSubmission(b?.id ?? "", who)).toBeTruthy();
    expect(await deleteHeldSubmission(b?.id ?? "", who)).toBeUndefined();
    const erased = await erasePerson("a@example.com", who);
    expect(erased.counts.held).toBe(2);
    expect(await countHeldSubmissions()).toBe(0);
  });

  it("the periodic pruning deletes held rows older than 30 days and keeps younger ones", async () => {
    const d = test.handle().db;
    const row = (email: string, days: number) => ({
      kind: "lead" as const,
      email,
      payload: { input: { email } },
      reason: "too-fast" as const,
      sourceHash: "x",
      createdAt: sql`now() - make_interval(days => ${days})`,
    });
    await d.insert(heldSubmissions).values([row("old@example.com", 31), row("young@example.com", 29)]);
    expect(await pruneHeldSubmissions()).toBe(1);
    await d.insert(heldSubmissions).values(row("older@example.com", 40));
    // The periodic job (started with the server) does it too.
    const job = rateLimitPruningJob();
    await job.start();
    job.stop();
    const left = await d.select({ email: heldSubmissions.email }).from(heldSubmissions);
    expect(left.map((r) => r.email)).toEqual(["young@example.com"]);
  });
});
