// The newsletter's public receivers, called as React Router calls them: the confirmation page, the one-click
// unsubscribe POST (no cookie) and the click redirect. The providers' bounce webhooks have their own file
// (newsletter-webhooks.int.test.ts).
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  newsletterClicks,
  newsletterRecipients,
  newsletters,
  subscribers,
  subscriberTokens,
} from "~/db/schema";
import { env } from "~/env.server";
import { closeBulkTransport } from "~/infra/mail.server";
import { requestInfoContext } from "~/infra/request-context.server";
import { runSenderOnce, senderState } from "~/models/newsletter-delivery.server";
import { recipientToken } from "~/models/newsletter-sending.server";
import { tokenHash } from "~/models/newsletter-subscribers.server";
import { createNewsletter, sendNow } from "~/models/newsletters-admin.server";
import * as click from "~/routes/api/newsletter-click";
import * as unsubscribe from "~/routes/api/newsletter-unsubscribe";
import * as confirm from "~/routes/site/newsletter-confirm";
import { startSmtp } from "../support/receivers";
import { setupTestDatabase } from "../support/test-db";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const saved = { ...env(), newsletter: { ...env().newsletter } };
let smtp: Awaited<ReturnType<typeof startSmtp>>;

function context() {
  const c = new RouterContextProvider();
  c.set(requestInfoContext, { ip: "203.0.113.9", nonce: "test" });
  return c;
}

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  closeBulkTransport();
  await smtp.close();
});
beforeEach(async () => {
  Object.assign(env(), {
    smtpUrl: smtp.url,
    baseUrl: "https://site.example",
    newsletter: { ...saved.newsletter, rate: 0 },
  });
  await test.handle().db.delete(newsletters);
  await test.handle().db.delete(subscribers);
});
afterEach(() => {
  Object.assign(env(), saved);
});

async function subscription(email: string) {
  const [row] = await test.handle().db.select().from(subscribers).where(eq(subscribers.email, email));
  return row?.subscription;
}

async function sentTo(emails: string[]) {
  await test
    .handle()
    .db.insert(subscribers)
    .values(emails.map((email) => ({ email, purpose: "newsletter" })));
  const letter = await createNewsletter(
    {
      subject: "Links",
      preheader: "",
      body: [{ type: "paragraph", data: { text: "See https://docs.example.com/guide?x=1 now" } }],
      audience: {},
    },
    who,
  );
  await sendNow(letter.id, who);
  const state = senderState("routes-test");
  while ((await runSenderOnce(state)) > 0) {}
  const rows = await test.handle().db.select().from(newsletterRecipients);
  return Object.fromEntries(await Promise.all(rows.map(async (r) => [r.email, await recipientToken(r.id)])));
}

describe("the confirmation page", () => {
  it("confirms a pending address once and says so; a used link is 410", async () => {
    await test
      .handle()
      .db.insert(subscribers)
      .values({ email: "pending@example.com", subscription: "pending" });
    const [row] = await test.handle().db.select().from(subscribers);
    const token = "t".repeat(43);
    await test
      .handle()
      .db.insert(subscriberTokens)
      .values({
        tokenHash: tokenHash(token),
        subscriberId: row?.id ?? "",
        expiresAt: new Date(Date.now() + 60_000),
      });
    const first = (await confirm.loader({ params: { token }, context: context() } as never)) as unknown as {
      init: { status: number };
      data: unknown;
    };
    expect(first.data).toEqual({ result: "confirmed" });
    expect(first.init.status).toBe(200);
    expect(await subscription("pending@example.com")).toBe("confirmed");
    const again = (await confirm.loader({ params: { token }, context: context() } as never)) as unknown as {
      init: { status: number };
    };
    expect(again.init.status).toBe(410);
  });
});

describe("one-click unsubscribe and click redirect", () => {
  it("a POST without cookie unsubscribes; GET goes to the page; a forged token is refused", async () => {
    const tokens = await sentTo(["one@example.com", "two@example.com"]);
    const token = tokens["one@example.com"] as string;
    const post = (t: string) =>
      unsubscribe.action({
        request: new Request(`https://site.example/api/newsletter/unsubscribe/${t}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        params: { token: t },
        context: context(),
      } as never);
    const answer = await post(token);
    expect(answer.status).toBe(200);
    expect(await subscription("one@example.com")).toBe("unsubscribed");
    expect(await subscription("two@example.com")).toBe("confirmed");
    // Idempotent.
    expect((await post(token)).status).toBe(200);
    const forged = `${token.slice(0, 37)}${"A".repeat(22)}`;
    expect((await post(forged)).status).toBe(404);
    const page = unsubscribe.loader({ params: { token } } as never);
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(`/newsletter/unsubscribe/${token}`);
    const [row] = await test
      .handle()
      .db.select()
      .from(newsletterRecipients)
      .where(eq(newsletterRecipients.email, "one@example.com"));
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it("a click is counted and redirected with the send's campaign; unknown links are 404", async () => {
    const tokens = await sentTo(["reader@example.com"]);
    const token = tokens["reader@example.com"] as string;
    const answer = (await click.loader({ params: { token, link: "0" } } as never)) as Response;
    expect(answer.status).toBe(302);
    const target = new URL(answer.headers.get("location") ?? "");
    expect(target.origin + target.pathname).toBe("https://docs.example.com/guide");
    expect(Object.fromEntries(target.searchParams)).toEqual({
      x: "1",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "links",
    });
    expect(await test.handle().db.select().from(newsletterClicks)).toHaveLength(1);
    await expect(click.loader({ params: { token, link: "7" } } as never)).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});
