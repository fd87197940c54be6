import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { submitLead } from "~/routes/support/lead-submission.server";
import { hookHeaders, startReceiver, startSmtp } from "../../tests/support/receivers";
import { secondClient, setupTestDatabase } from "../../tests/support/test-db";
import {
  appMeta,
  contactRequests,
  formSubmissions,
  outbox,
  subscribers,
  webhookEndpoints,
} from "../db/schema";
import { env } from "../env.server";
import { UnsafeUrlError } from "../infra/webhook-http.server";
import { blogPostSchema } from "../lib/content-schemas";
import { parseRequiredForm } from "../lib/forms";
import { ELAPSED_FIELD } from "../lib/lead-schema";
import { createPost, togglePostStatus } from "./blog-admin.server";
import { saveNotificationSettings } from "./lead-notifications.server";
import { claimDue, deleteDeliveriesFor, type RetryPolicy, runOutboxOnce } from "./outbox.server";
import { createEndpoint, rotateEndpointSecret, sendTestEvent } from "./webhooks.server";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const FAST: RetryPolicy = { baseMs: 1, maxDelayMs: 1, retryForMs: 60_000 };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const saved = { ...env() };

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());
beforeEach(async () => {
  Object.assign(env(), { smtpUrl: smtp.url, webhookAllowPrivate: true, baseUrl: "https://site.example" });
  smtp.mails.length = 0;
  const d = test.handle().db;
  await d.delete(outbox);
  await d.delete(webhookEndpoints);
  await d.delete(appMeta).where(eq(appMeta.key, "lead_notifications"));
});
afterEach(() => {
  Object.assign(env(), saved);
});

function contactForm(email: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  const values = {
    name: "Grace Hopper",
    email,
    organization: "Navy",
    interest: "sales-automation",
    message: "Please call me about a pilot.",
    source_page: "/pricing",
    source_section: "contact_page",
    ...extra,
  };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

const campaign = `lead_attr=${encodeURIComponent(JSON.stringify({ utm_campaign: "spring", utm_source: "news" }))}`;
const request = () =>
  new Request("https://site.example/contact", { method: "POST", headers: { cookie: campaign } });

/** Runs the worker until nothing is due (a retry waits 1 ms with the FAST policy). */
async function drain(id = "test-worker", retry = FAST) {
  for (let round = 0; round < 20; round++) {
    if ((await runOutboxOnce({ id, retry })) === 0) {
      const due = await claimDue(test.handle().db, "peek", 0);
      if (!due.length) {
        const open = await test.handle().db.select().from(outbox).where(eq(outbox.status, "retrying"));
        if (!open.length) return;
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  }
}

/** Alerts to sales@example.com for every kind, and the auto-reply on. */
function autoReplyOn() {
  return saveNotificationSettings(
    {
      recipients: ["sales@example.com"],
      kinds: { contact: true, lead: true, newsletter: true },
      autoReply: { enabled: true, subject: "We got your note", text: "Talk soon." },
    },
    who,
  );
}

describe("a contact submission", () => {
  it("sends the alert mail and a webhook whose signature verifies", async () => {
    const receiver = await startReceiver();
    try {
      const { secret } = await createEndpoint(receiver.url, ["lead.created"], who);
      const outcome = await submitLead("contact", request(), contactForm("grace@example.com"), "203.0.113.5");
      expect(outcome.status).toBe(200);
      // Stored with the lead, delivered only by the worker.
      const queued = await test.handle().db.select().from(outbox);
      expect(queued.map((r) => r.kind).sort()).toEqual(["email", "webhook"]);
      expect(smtp.mails).toHaveLength(0);
      await drain();

      expect(smtp.mails).toHaveLength(1);
      const [mail] = smtp.mails;
      expect(mail?.to).toEqual([env().adminEmail]);
      expect(mail?.raw).toContain("Grace Hopper");
      expect(mail?.raw).toContain("Please call me about a pilot.");
      expect(mail?.raw).toContain("/pricing");
      expect(mail?.raw).toContain("spring");
      // The body is quoted-printable: long lines carry soft breaks ("=" at the end of a line).
      const body = mail?.raw.replace(/=\r\n/g, "");
      expect(body).toContain("https://site.example/admin/contacts/person/grace%40example.com");

      expect(receiver.hooks).toHaveLength(1);
      const [hook] = receiver.hooks;
      if (!hook) throw new Error("no hook");
      const verified = new Webhook(secret).verify(hook.body, hookHeaders(hook)) as {
        type: string;
        data: { email: string; utmCampaign: string };
      };
      expect(verified.type).toBe("lead.created");
      expect(verified.data.email).toBe("grace@example.com");
      expect(verified.data.utmCampaign).toBe("spring");
      const rows = await test.handle().db.select().from(outbox);
      expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("is retried after a receiver failure, then delivered", async () => {
    const receiver = await startReceiver((n) => (n === 0 ? 500 : 200));
    try {
      await createEndpoint(receiver.url, ["lead.created"], who);
      await submitLead("contact", request(), contactForm("retry@example.com"), "203.0.113.6");
      await runOutboxOnce({ id: "w", retry: FAST });
      const [failed] = await test.handle().db.select().from(outbox).where(eq(outbox.kind, "webhook"));
      expect(failed?.status).toBe("retrying");
      expect(failed?.lastHttpStatus).toBe(500);
      expect(failed?.responseExcerpt).toBe("receiver error");
      await drain();
      const [row] = await test.handle().db.select().from(outbox).where(eq(outbox.kind, "webhook"));
      expect(row?.status).toBe("delivered");
      expect(row?.attempts).toBe(2);
      expect(receiver.hooks).toHaveLength(2);
      // A retry is the same message: same webhook-id.
      expect(receiver.hooks[0]?.headers["webhook-id"]).toBe(receiver.hooks[1]?.headers["webhook-id"]);
    } finally {
      await receiver.close();
    }
  });

  it("is signed with the new secret after a rotation", async () => {
    const receiver = await startReceiver();
    try {
      const { endpoint, secret: old } = await createEndpoint(receiver.url, ["lead.created"], who);
      const fresh = await rotateEndpointSecret(endpoint.id, who);
      await submitLead("contact", request(), contactForm("rotate@example.com"), "203.0.113.7");
      await drain();
      const [hook] = receiver.hooks;
      if (!hook || !fresh) throw new Error("no hook");
      expect(() => new Webhook(old).verify(hook.body, hookHeaders(hook))).toThrow();
      expect(new Webhook(fresh).verify(hook.body, hookHeaders(hook))).toBeTruthy();
    } finally {
      await receiver.close();
    }
  });

  it("follows the settings: recipients, kinds and the auto-reply", async () => {
    await saveNotificationSettings(
      {
        recipients: ["sales@example.com", "ceo@example.com"],
        kinds: { contact: true, lead: false, newsletter: true },
        autoReply: { enabled: true, subject: "We got your note", text: "Talk soon." },
      },
      who,
    );
    await submitLead("contact", request(), contactForm("auto@example.com"), "203.0.113.14");
    const dialog = new FormData();
    dialog.set("email", "quiet@example.com");
    await submitLead("lead", request(), dialog, "203.0.113.15");
    await drain();
    const to = smtp.mails.map((m) => m.to.join()).sort();
    // Two alerts for the contact request, its auto-reply; the dialog lead (alerts off) only gets its auto-reply.
    expect(to).toEqual(["auto@example.com", "ceo@example.com", "quiet@example.com", "sales@example.com"]);
    const reply = smtp.mails.find((m) => m.to.includes("auto@example.com"));
    expect(reply?.raw).toContain("We got your note");
    expect(reply?.raw).toContain("Talk soon.");
  });

  it("sends one auto-reply per mailbox per day, whatever the case or +tag, even with rate limits off", async () => {
    await autoReplyOn();
    env().rateLimitFactor = 0;
    const addresses = ["Repeat@example.com", "repeat@example.com", "repeat+again@Example.com"];
    const results = await Promise.all(
      addresses.map((email, i) =>
        submitLead("contact", request(), contactForm(email), `203.0.113.${40 + i}`),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const dialog = new FormData();
    dialog.set("email", "REPEAT@example.com");
    expect((await submitLead("lead", request(), dialog, "203.0.113.44")).status).toBe(200);
    await drain();
    // Every lead is stored and alerted; the visitor's mailbox gets one auto-reply.
    const stored = await test.handle().db.select().from(contactRequests);
    expect(stored.filter((row) => row.email.toLowerCase().startsWith("repeat"))).toHaveLength(3);
    const to = smtp.mails.map((m) => m.to.join().toLowerCase());
    expect(to.filter((address) => address === "sales@example.com")).toHaveLength(4);
    expect(to.filter((address) => address.startsWith("repeat"))).toHaveLength(1);
  });

  it("sends no auto-reply to a suppressed address: one an earlier auto-reply failed for, or the site's own", async () => {
    await autoReplyOn();
    // An auto-reply to this address was refused by its mail server for a day of retries.
    await test
      .handle()
      .db.insert(outbox)
      .values({
        kind: "email",
        target: "bounced@example.com",
        event: "lead.auto_reply",
        payload: { subject: "s", text: "t" },
        status: "failed",
        leadEmail: "bounced@example.com",
      });
    await submitLead("contact", request(), contactForm("Bounced@example.com"), "203.0.113.50");
    await submitLead("contact", request(), contactForm("Sales@example.com"), "203.0.113.51");
    await submitLead("contact", request(), contactForm(env().adminEmail), "203.0.113.52");
    await submitLead("contact", request(), contactForm("welcome@example.com"), "203.0.113.53");
    await drain();
    const replies = await test.handle().db.select().from(outbox).where(eq(outbox.event, "lead.auto_reply"));
    expect(replies.filter((row) => row.status !== "failed").map((row) => row.target)).toEqual([
      "welcome@example.com",
    ]);
    // Each lead was alerted all the same.
    expect(smtp.mails.filter((m) => m.to.includes("sales@example.com"))).toHaveLength(4);
  });

  it("can be erased with the person", async () => {
    const receiver = await startReceiver();
    try {
      await createEndpoint(receiver.url, ["lead.created"], who);
      await submitLead("contact", request(), contactForm("Erase.Me@example.com"), "203.0.113.16");
      expect(await deleteDeliveriesFor(test.handle().db, "erase.me@example.com")).toBe(2);
      expect(await test.handle().db.select().from(outbox)).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it("queues no mail without SMTP_URL", async () => {
    env().smtpUrl = undefined;
    await submitLead("contact", request(), contactForm("nomail@example.com"), "203.0.113.8");
    expect(await test.handle().db.select().from(outbox)).toHaveLength(0);
  });
});

describe("consent and the time trap", () => {
  it("a dialog lead creates no newsletter subscriber", async () => {
    const form = new FormData();
    form.set("email", "dialog@example.com");
    form.set("name", "Dialog Person");
    const outcome = await submitLead("lead", request(), form, "203.0.113.9");
    expect(outcome.status).toBe(200);
    const db = test.handle().db;
    expect(
      await db.select().from(formSubmissions).where(eq(formSubmissions.email, "dialog@example.com")),
    ).toHaveLength(1);
    expect(
      await db.select().from(subscribers).where(eq(subscribers.email, "dialog@example.com")),
    ).toHaveLength(0);
  });

  it("queues nothing for a form sent faster than 2 s (held as suspected spam), and accepts one without a time", async () => {
    const fast = await submitLead(
      "contact",
      request(),
      contactForm("fast@example.com", { [ELAPSED_FIELD]: "800" }),
      "203.0.113.10",
    );
    expect(fast.status).toBe(200);
    expect(fast.body.ok).toBe(true);
    const slow = await submitLead(
      "contact",
      request(),
      contactForm("slow@example.com", { [ELAPSED_FIELD]: "4200" }),
      "203.0.113.11",
    );
    const none = await submitLead("contact", request(), contactForm("nojs@example.com"), "203.0.113.12");
    expect([slow.status, none.status]).toEqual([200, 200]);
    const leads = await test.handle().db.select({ email: outbox.leadEmail }).from(outbox);
    const emails = new Set(leads.map((l) => l.email));
    expect(emails.has("fast@example.com")).toBe(false);
    expect(emails.has("slow@example.com")).toBe(true);
    expect(emails.has("nojs@example.com")).toBe(true);
  });
});

describe("other events", () => {
  it("a new subscriber and a publication reach the endpoints that chose them", async () => {
    const receiver = await startReceiver();
    try {
      await createEndpoint(
        receiver.url,
        ["subscriber.created", "content.published", "content.unpublished"],
        who,
      );
      const form = new FormData();
      form.set("email", "Reader@Example.com");
      await submitLead("newsletter", request(), form, "203.0.113.20");
      await submitLead("newsletter", request(), form, "203.0.113.20"); // already subscribed: no second event
      await submitLead("contact", request(), contactForm("not-chosen@example.com"), "203.0.113.21");
      const input = parseRequiredForm(
        blogPostSchema,
        { title: "Hooked", slug: "hooked", status: "draft" },
        ["title", "slug"],
        "x",
      );
      if (!input.ok) throw new Error("bad input");
      const post = await createPost(input.data, who);
      await togglePostStatus(post.id, who);
      await togglePostStatus(post.id, who);
      await drain();
      const types = receiver.hooks.map((h) => (JSON.parse(h.body) as { type: string }).type);
      expect(types.sort()).toEqual(["content.published", "content.unpublished", "subscriber.created"]);
    } finally {
      await receiver.close();
    }
  });
});

describe("redirects", () => {
  it("are failures, never followed", async () => {
    const redirecting = await startReceiver(() => 302);
    try {
      const { endpoint } = await createEndpoint(redirecting.url, ["lead.created"], who);
      await sendTestEvent(endpoint.id);
      await runOutboxOnce({ id: "w", retry: FAST });
      const [row] = await test.handle().db.select().from(outbox).where(eq(outbox.target, endpoint.id));
      expect(row?.status).toBe("retrying");
      expect(row?.lastHttpStatus).toBe(302);
      expect(row?.lastError).toBe("Redirect (302) not followed");
      expect(redirecting.hooks.map((h) => h.headers["webhook-id"] !== undefined)).toEqual([true]);
    } finally {
      await redirecting.close();
    }
  });
});

describe("SSRF", () => {
  it.each([
    "http://127.0.0.1:9/x",
    "http://10.0.0.5/x",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]/x",
    "http://[fd00::1]/x",
    "http://100.64.0.1/x",
    "http://localhost/x",
  ])("refuses %s at save", async (url) => {
    env().webhookAllowPrivate = false;
    await expect(createEndpoint(url, ["lead.created"], who)).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it("refuses at delivery time too (an endpoint saved while allowed)", async () => {
    const receiver = await startReceiver();
    try {
      await createEndpoint(receiver.url, ["lead.created"], who);
      env().webhookAllowPrivate = false;
      await submitLead("contact", request(), contactForm("ssrf@example.com"), "203.0.113.13");
      await runOutboxOnce({ id: "w", retry: FAST });
      const [row] = await test.handle().db.select().from(outbox).where(eq(outbox.kind, "webhook"));
      expect(row?.status).toBe("retrying");
      expect(row?.lastError).toMatch(/private or internal address/);
      expect(receiver.hooks).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});

describe("two workers on one database", () => {
  it("deliver each row once", async () => {
    const receiver = await startReceiver();
    const handle = test.handle();
    const other = secondClient(handle);
    try {
      const { endpoint } = await createEndpoint(receiver.url, ["lead.created"], who);
      await handle.db.insert(outbox).values(
        Array.from({ length: 40 }, (_, i) => ({
          kind: "webhook" as const,
          target: endpoint.id,
          event: "lead.created",
          payload: { n: i },
        })),
      );
      const work = async (id: string, database: typeof handle.db) => {
        while ((await runOutboxOnce({ id, database, batch: 3, retry: FAST })) > 0) {}
      };
      await Promise.all([
        work("a", handle.db),
        work("b", other.db),
        work("c", handle.db),
        work("d", other.db),
      ]);
      const ids = receiver.hooks.map((h) => h.headers["webhook-id"]);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
      const rows = await handle.db.select().from(outbox);
      expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
    } finally {
      await other.close();
      await receiver.close();
    }
  });
});
