// Double opt-in against a real SMTP server: a sign-up is pending and mailed a link; the link confirms once; pending
// sign-ups are pruned after 7 days; the setting turns confirmation off; an address that unsubscribed must confirm
// again.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { submitLead } from "~/routes/support/lead-submission.server";
import { startSmtp } from "../../tests/support/receivers";
import { setupTestDatabase } from "../../tests/support/test-db";
import { outbox, subscriberHistory, subscribers, subscriberTokens, websiteSettings } from "../db/schema";
import { env } from "../env.server";
import { SUCCESS_MESSAGES } from "../lib/builtin-forms";
import {
  confirmSubscription,
  liftSuppression,
  listSuppressed,
  markSubscription,
  prunePendingSubscribers,
  tokenHash,
} from "./newsletter-subscribers.server";
import { runOutboxOnce } from "./outbox.server";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const saved = { ...env() };
let ip = 0;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());
beforeEach(async () => {
  Object.assign(env(), { smtpUrl: smtp.url, baseUrl: "https://site.example" });
  smtp.mails.length = 0;
  await test.handle().db.delete(outbox);
});
afterEach(() => {
  Object.assign(env(), saved);
});

const request = () => new Request("https://site.example/", { method: "POST" });

function signUp(email: string) {
  const form = new FormData();
  form.set("email", email);
  form.set("source_page", "/blog");
  ip++;
  return submitLead("newsletter", request(), form, `198.51.100.${ip}`);
}

async function deliverOutbox() {
  while ((await runOutboxOnce({ id: "test" })) > 0) {}
}

async function subscriber(email: string) {
  const [row] = await test.handle().db.select().from(subscribers).where(eq(subscribers.email, email));
  return row;
}

/** The confirmation link's token in the last mail to `email` (quoted-printable soft breaks undone). */
function mailedToken(email: string): string {
  const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const raw = mail.raw.replace(/=\r?\n/g, "");
  const token = /\/newsletter\/confirm\/([A-Za-z0-9_-]+)/.exec(raw)?.[1];
  if (!token) throw new Error("no confirmation link in the mail");
  return token;
}

describe("double opt-in", () => {
  it("a sign-up is pending, is mailed a link, and the link confirms it once", async () => {
    const outcome = await signUp("Reader@Example.com");
    // The visitor's answer is the one every newsletter form has always had.
    expect(outcome).toEqual({
      status: 200,
      body: { ok: true, toast: { type: "success", message: SUCCESS_MESSAGES.newsletterSuccess } },
    });
    expect((await subscriber("reader@example.com"))?.subscription).toBe("pending");
    // The queued mail holds its link sealed: the row, as stored, has no usable link.
    const queued = await test.handle().db.select().from(outbox);
    expect(queued.filter((r) => r.event === "subscriber.confirmation")).toHaveLength(1);
    expect(JSON.stringify(queued)).not.toContain("/newsletter/confirm/");
    await deliverOutbox();
    const token = mailedToken("reader@example.com");
    // Only the hash is stored, and the delivered row still holds no token.
    const tokens = await test.handle().db.select().from(subscriberTokens);
    expect(tokens.map((t) => t.tokenHash)).toEqual([tokenHash(token)]);
    expect(JSON.stringify(tokens)).not.toContain(token);
    const delivered = await test.handle().db.select().from(outbox);
    expect(delivered.find((r) => r.event === "subscriber.confirmation")).toMatchObject({
      status: "delivered",
    });
    expect(JSON.stringify([...queued, ...delivered])).not.toContain(token);
    // The mail itself holds the whole link.
    const mail = smtp.mails.find((m) => m.to.includes("reader@example.com"));
    expect(mail?.raw.replace(/=\r?\n/g, "")).toContain(`https://site.example/newsletter/confirm/${token}`);

    expect(await confirmSubscription(token)).toBe("confirmed");
    expect((await subscriber("reader@example.com"))?.subscription).toBe("confirmed");
    expect(await confirmSubscription(token)).toBe("invalid");
  });

  it("an expired link confirms nothing", async () => {
    await signUp("late@example.com");
    await deliverOutbox();
    const token = mailedToken("late@example.com");
    await test.handle().db.update(subscriberTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect(await confirmSubscription(token)).toBe("invalid");
    expect((await subscriber("late@example.com"))?.subscription).toBe("pending");
    expect(await confirmSubscription("not-a-token-at-all-but-long-enough")).toBe("invalid");
  });

  it("pending sign-ups older than 7 days are deleted; confirmed ones stay", async () => {
    await signUp("never@example.com");
    await signUp("recent@example.com");
    await test
      .handle()
      .db.update(subscribers)
      .set({ subscriptionChangedAt: sql`now() - interval '8 days'` })
      .where(eq(subscribers.email, "never@example.com"));
    expect(await prunePendingSubscribers()).toBe(1);
    expect(await subscriber("never@example.com")).toBeUndefined();
    expect((await subscriber("recent@example.com"))?.subscription).toBe("pending");
  });

  it("the setting turns confirmation off; without mail nobody could confirm, so sign-ups are confirmed", async () => {
    await test
      .handle()
      .db.insert(websiteSettings)
      .values({ settingKey: "newsletterDoubleOptIn", settingValue: "false", settingType: "boolean" });
    try {
      await signUp("single@example.com");
      expect((await subscriber("single@example.com"))?.subscription).toBe("confirmed");
    } finally {
      await test
        .handle()
        .db.delete(websiteSettings)
        .where(eq(websiteSettings.settingKey, "newsletterDoubleOptIn"));
    }
    env().smtpUrl = undefined;
    await signUp("nomail@example.com");
    expect((await subscriber("nomail@example.com"))?.subscription).toBe("confirmed");
    env().smtpUrl = smtp.url;
    await deliverOutbox();
    // Nothing to the subscribers themselves (the administrator's sign-up alert is another matter).
    expect(smtp.mails.filter((m) => m.to.some((to) => /single|nomail/.test(to)))).toHaveLength(0);
  });

  it("subscribing again after unsubscribing needs a new confirmation; the admin can lift a suppression", async () => {
    await signUp("back@example.com");
    await deliverOutbox();
    expect(await confirmSubscription(mailedToken("back@example.com"))).toBe("confirmed");
    expect(await markSubscription("back@example.com", "unsubscribed")).toBe(true);
    expect((await listSuppressed()).map((s) => s.email)).toContain("back@example.com");
    smtp.mails.length = 0;

    await signUp("back@example.com");
    expect((await subscriber("back@example.com"))?.subscription).toBe("pending");
    const toBack = () => smtp.mails.filter((m) => m.to.includes("back@example.com"));
    await deliverOutbox();
    expect(toBack()).toHaveLength(1);
    // Signing up again at once sends no second mail (a form is no mail cannon).
    await signUp("back@example.com");
    await deliverOutbox();
    expect(toBack()).toHaveLength(1);
    expect(await confirmSubscription(mailedToken("back@example.com"))).toBe("confirmed");

    await markSubscription("back@example.com", "complained");
    const row = await subscriber("back@example.com");
    expect(await liftSuppression(row?.id ?? "", who)).toBe(true);
    expect((await subscriber("back@example.com"))?.subscription).toBe("confirmed");
    expect(await liftSuppression(row?.id ?? "", who)).toBe(false);

    // Each change is in the subscriber's history, in order.
    const history = await test
      .handle()
      .db.select()
      .from(subscriberHistory)
      .where(eq(subscriberHistory.subscriberId, row?.id ?? ""))
      .orderBy(subscriberHistory.at);
    expect(history.map((h) => h.event)).toEqual([
      "signed_up",
      "confirmed",
      "unsubscribed",
      "signed_up_again",
      "confirmed",
      "complained",
      "suppression_lifted",
    ]);
  });
});
