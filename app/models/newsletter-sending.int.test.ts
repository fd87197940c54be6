// Sending a newsletter into a real SMTP server: only confirmed subscribers, once each, with both unsubscribe
// headers; a 5xx address bounces, a 4xx one is retried; pause holds a send; two instances on one database send
// each message once.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtp } from "../../tests/support/receivers";
import { secondClient, setupTestDatabase } from "../../tests/support/test-db";
import { newsletterRecipients, newsletters, subscribers } from "../db/schema";
import { env } from "../env.server";
import { closeBulkTransport } from "../infra/mail.server";
import type { SubscriptionStatus } from "../lib/newsletter-status";
import { runSenderOnce, senderState } from "./newsletter-delivery.server";
import {
  createNewsletter,
  scheduleNewsletter,
  sendNow,
  sendProgress,
  setPaused,
} from "./newsletters-admin.server";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const saved = { ...env(), newsletter: { ...env().newsletter } };
const tempFailures = new Set<string>();

beforeAll(async () => {
  smtp = await startSmtp((address) => {
    if (address.startsWith("nobody")) return { code: 550, message: "5.1.1 No such user" };
    if (tempFailures.delete(address)) return { code: 451, message: "4.3.0 Try again later" };
    return undefined;
  });
});
afterAll(async () => {
  closeBulkTransport();
  await smtp.close();
});
beforeEach(async () => {
  Object.assign(env(), {
    smtpUrl: smtp.url,
    baseUrl: "https://site.example",
    newsletter: { ...saved.newsletter, rate: 0, connections: 3 },
  });
  smtp.mails.length = 0;
  await test.handle().db.delete(newsletters);
  await test.handle().db.delete(subscribers);
});
afterEach(() => {
  Object.assign(env(), saved);
});

async function addSubscribers(prefix: string, count: number, subscription: SubscriptionStatus = "confirmed") {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${i}@example.com`,
    purpose: "newsletter",
    subscription,
    sourcePage: "/blog",
  }));
  for (let i = 0; i < rows.length; i += 500)
    await test
      .handle()
      .db.insert(subscribers)
      .values(rows.slice(i, i + 500));
}

async function newsletter(subject = "Spring news") {
  return createNewsletter(
    {
      subject,
      preheader: "What changed this spring",
      body: [
        { type: "header", data: { level: 2, text: "Hello" } },
        { type: "paragraph", data: { text: "Read more at https://docs.example.com/spring today." } },
      ],
      audience: {},
    },
    who,
  );
}

async function sendAll(database = test.handle().db, id = "sender-a") {
  const state = senderState(id);
  for (let round = 0; round < 200; round++) {
    if ((await runSenderOnce(state, database)) === 0) return;
  }
}

const perRecipient = () => {
  const counts = new Map<string, number>();
  for (const mail of smtp.mails) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
};

describe("sending a newsletter", () => {
  it("goes to confirmed subscribers only, once each, with unsubscribe headers, HTML and plain text", async () => {
    await addSubscribers("reader", 25);
    await addSubscribers("pending", 3, "pending");
    await addSubscribers("gone", 3, "unsubscribed");
    await addSubscribers("bounced", 2, "bounced");
    const { id } = await newsletter();
    expect(await sendNow(id, who)).toBe(true);
    expect(await sendNow(id, who)).toBe(false);
    // Someone unsubscribes after the send started and before their turn: they are skipped.
    await test
      .handle()
      .db.update(subscribers)
      .set({ subscription: "unsubscribed" })
      .where(eq(subscribers.email, "reader24@example.com"));
    await sendAll();

    const counts = perRecipient();
    expect(counts.size).toBe(24);
    expect([...counts.keys()].every((to) => to.startsWith("reader"))).toBe(true);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const [mail] = smtp.mails;
    // Soft line breaks of quoted-printable undone, folded header lines unfolded.
    const raw = mail?.raw.replace(/=\r?\n/g, "").replace(/\r?\n[ \t]+/g, " ") ?? "";
    expect(raw).toMatch(
      /^List-Unsubscribe: <https:\/\/site\.example\/api\/newsletter\/unsubscribe\/[0-9a-f-]{36}\.[\w-]{22}>,\s+<mailto:[^>]+\?subject=Unsubscribe%20reader\d+%40example\.com>/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    // The footer's link, and the body's link through our click redirect.
    expect(raw).toContain("https://site.example/newsletter/unsubscribe/");
    expect(raw).toMatch(/https:\/\/site\.example\/api\/newsletter\/click\/[0-9a-f-]{36}\.[\w-]{22}\/0/);

    const progress = (await sendProgress([id])).get(id);
    expect(progress).toMatchObject({ recipients: 25, sent: 24, skipped: 1, remaining: 0, failed: 0 });
    const [done] = await test.handle().db.select().from(newsletters).where(eq(newsletters.id, id));
    expect(done?.status).toBe("sent");
  });

  it("a 5xx recipient becomes bounced; a 4xx one is retried and then sent", async () => {
    await addSubscribers("reader", 3);
    await addSubscribers("nobody", 1);
    tempFailures.add("reader1@example.com");
    const { id } = await newsletter();
    await sendNow(id, who);
    await sendAll();
    const rows = await test.handle().db.select().from(newsletterRecipients);
    const status = (email: string) => rows.find((r) => r.email === email)?.status;
    expect(status("nobody0@example.com")).toBe("bounced");
    expect(status("reader1@example.com")).toBe("retrying");
    const [bounced] = await test
      .handle()
      .db.select()
      .from(subscribers)
      .where(eq(subscribers.email, "nobody0@example.com"));
    expect(bounced?.subscription).toBe("bounced");

    // The retry's time comes.
    await test.handle().db.update(newsletterRecipients).set({ nextAttemptAt: sql`now()` });
    await sendAll();
    const counts = perRecipient();
    expect(counts.get("reader1@example.com")).toBe(1);
    expect(counts.get("nobody0@example.com")).toBeUndefined();
    expect((await sendProgress([id])).get(id)).toMatchObject({ sent: 3, bounced: 1, remaining: 0 });
  });

  it("a scheduled send starts when its time comes, with the subscribers confirmed then", async () => {
    await addSubscribers("early", 2);
    const { id } = await newsletter();
    expect(await scheduleNewsletter(id, new Date(Date.now() + 60_000), who)).toBe(true);
    await sendAll();
    expect(smtp.mails).toHaveLength(0);
    await addSubscribers("late", 2);
    await test
      .handle()
      .db.update(newsletters)
      .set({ scheduledAt: sql`now() - interval '1 second'` })
      .where(eq(newsletters.id, id));
    await sendAll();
    expect([...perRecipient().keys()].sort()).toEqual([
      "early0@example.com",
      "early1@example.com",
      "late0@example.com",
      "late1@example.com",
    ]);
  });

  it("a paused send claims nobody until it is resumed", async () => {
    await addSubscribers("reader", 10);
    const { id } = await newsletter();
    await sendNow(id, who);
    expect(await setPaused(id, true, who)).toBe(true);
    await sendAll();
    expect(smtp.mails).toHaveLength(0);
    expect(await setPaused(id, false, who)).toBe(true);
    await sendAll();
    expect(perRecipient().size).toBe(10);
  });

  it("two instances sharing the database send each message once", async () => {
    await addSubscribers("reader", 400);
    const { id } = await newsletter();
    await sendNow(id, who);
    const other = secondClient(test.handle());
    try {
      await Promise.all([sendAll(test.handle().db, "instance-a"), sendAll(other.db, "instance-b")]);
    } finally {
      if (other !== test.handle()) await other.close();
    }
    const counts = perRecipient();
    expect(counts.size).toBe(400);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    const senders = await test
      .handle()
      .db.select({ status: newsletterRecipients.status })
      .from(newsletterRecipients)
      .where(inArray(newsletterRecipients.status, ["pending", "sending", "retrying"]));
    expect(senders).toHaveLength(0);
  });
});
