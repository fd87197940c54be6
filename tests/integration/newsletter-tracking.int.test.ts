// What a send counts, through a real SMTP server and the routes as React Router calls them: opens only when the site
// turned them on (the pixel is then in the message and records one open), clicks through our redirect unless turned
// off (then the links go straight to their targets), never an open redirect, and a click to our own site followed by
// a lead: the visit is "newsletter" with the send's campaign in Analytics, and the send's results count the lead.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  analyticsDailyViews,
  analyticsDailyVisitors,
  analyticsPageViews,
  auditLog,
  contactRequests,
  formSubmissions,
  newsletterRecipients,
  newsletters,
  subscribers,
} from "~/db/schema";
import { env } from "~/env.server";
import { closeBulkTransport, senderAddress } from "~/infra/mail.server";
import { requestInfoContext } from "~/infra/request-context.server";
import { auditSentence } from "~/lib/audit-sentences";
import { ATTRIBUTION_COOKIE } from "~/lib/lead-schema";
import { NEWSLETTER_SETTING_DEFAULTS, type NewsletterSettings } from "~/lib/newsletter-settings";
import { breakdown } from "~/models/analytics.server";
import { flushAnalytics, recordPageView } from "~/models/analytics-collector.server";
import { runSenderOnce, senderState } from "~/models/newsletter-delivery.server";
import { recipientToken } from "~/models/newsletter-sending.server";
import { saveNewsletterSettings, unsubscribeByHand } from "~/models/newsletter-subscribers.server";
import { campaignName } from "~/models/newsletter-tracking.server";
import { clicksPerLink, createNewsletter, sendNow, sendProgress } from "~/models/newsletters-admin.server";
import * as leads from "~/routes/api/leads";
import * as click from "~/routes/api/newsletter-click";
import * as open from "~/routes/api/newsletter-open";
import { startSmtp } from "../support/receivers";
import { setupTestDatabase } from "../support/test-db";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const BASE = "https://site.example";
const SUBJECT = "Spring offers";
const saved = { ...env(), newsletter: { ...env().newsletter } };
let smtp: Awaited<ReturnType<typeof startSmtp>>;

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
    baseUrl: BASE,
    newsletter: { ...saved.newsletter, rate: 0 },
  });
  smtp.mails.length = 0;
  const { db } = test.handle();
  for (const table of [newsletters, subscribers, contactRequests, formSubmissions]) await db.delete(table);
  for (const table of [analyticsPageViews, analyticsDailyViews, analyticsDailyVisitors])
    await db.delete(table);
  await saveNewsletterSettings({ ...NEWSLETTER_SETTING_DEFAULTS }, who);
});
afterEach(() => {
  Object.assign(env(), saved);
});

let clients = 0;
/** Each request from its own address, so the forms' rate limits stay out of the way. */
function context() {
  const c = new RouterContextProvider();
  c.set(requestInfoContext, { ip: `203.0.113.${++clients}`, nonce: "test" });
  return c;
}

/** The message as the recipient's mail app shows it: soft line breaks undone, header lines unfolded. */
const unfolded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .replace(/\r?\n[ \t]+/g, " ");

/** Sends a newsletter with three links (two elsewhere, one to our site) to `emails` under these settings. */
async function send(emails: string[], settings: Partial<NewsletterSettings> = {}) {
  await saveNewsletterSettings({ ...NEWSLETTER_SETTING_DEFAULTS, ...settings }, who);
  await test
    .handle()
    .db.insert(subscribers)
    .values(emails.map((email) => ({ email, purpose: "newsletter" })));
  const letter = await createNewsletter(
    {
      subject: SUBJECT,
      preheader: "",
      body: [
        { type: "paragraph", data: { text: "The guide: https://docs.example.com/guide?x=1" } },
        { type: "paragraph", data: { text: "The forum: https://forum.example.org/t/1" } },
        { type: "paragraph", data: { text: `Our offer: ${BASE}/pricing` } },
      ],
      audience: {},
    },
    who,
  );
  await sendNow(letter.id, who);
  const state = senderState("tracking-test");
  while ((await runSenderOnce(state)) > 0) {}
  const rows = await test.handle().db.select().from(newsletterRecipients);
  const tokens: Record<string, string> = {};
  for (const row of rows) tokens[row.email] = await recipientToken(row.id);
  const mails: Record<string, string> = {};
  for (const mail of smtp.mails) for (const to of mail.to) mails[to] = unfolded(mail.raw);
  return { id: letter.id, tokens, mails };
}

async function pixel(token: string) {
  return (await open.loader({ params: { token } } as never)) as Response;
}

async function follow(token: string, link: string) {
  return (await click.loader({ params: { token, link } } as never)) as Response;
}

async function opened(id: string) {
  return (await sendProgress([id])).get(id)?.opened;
}

describe("unsubscribing", () => {
  it("every message has both List-Unsubscribe addresses, one-click, and the footer's link", async () => {
    const emails = ["a@example.com", "b+news@example.com", "c@example.com"];
    const { tokens, mails } = await send(emails);
    for (const email of emails) {
      const mail = mails[email] ?? "";
      const token = tokens[email] as string;
      const header = /^List-Unsubscribe: (.*)$/m.exec(mail)?.[1] ?? "";
      expect(header).toBe(
        `<${BASE}/api/newsletter/unsubscribe/${token}>, <mailto:${senderAddress()}?subject=Unsubscribe%20${encodeURIComponent(email)}>`,
      );
      expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(mail).toContain(`href="${BASE}/newsletter/unsubscribe/${token}"`);
    }
  });

  it("the mailto's request is carried out by hand with the address from its subject, audited", async () => {
    const { mails } = await send(["asks@example.com", "other@example.com"]);
    const header = /^List-Unsubscribe: .*<mailto:[^?]+\?subject=([^>]+)>/m.exec(
      mails["asks@example.com"] ?? "",
    );
    const address = decodeURIComponent(header?.[1] ?? "").replace(/^Unsubscribe /, "");
    expect(address).toBe("asks@example.com");
    expect(await unsubscribeByHand(` ${address.toUpperCase()} `, who)).toBe("unsubscribed");
    expect(await unsubscribeByHand(address, who)).toBe("already");
    expect(await unsubscribeByHand("nobody@example.com", who)).toBe("unknown");
    const rows = await test.handle().db.select().from(subscribers);
    expect(Object.fromEntries(rows.map((r) => [r.email, r.subscription]))).toEqual({
      "asks@example.com": "unsubscribed",
      "other@example.com": "confirmed",
    });
    const [entry] = await test
      .handle()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, "subscriber.unsubscribed_by_hand"));
    expect(
      entry && auditSentence({ who: entry.actor ?? "", action: entry.action, details: entry.details }),
    ).toBe("admin@example.com unsubscribed a subscriber who asked by mail");
  });
});

describe("opens", () => {
  it("off by default: no pixel in the message, and the open address records nothing", async () => {
    const { id, tokens, mails } = await send(["reader@example.com"]);
    const mail = mails["reader@example.com"] ?? "";
    expect(mail).toContain("Spring offers");
    expect(mail).not.toContain("/api/newsletter/open/");
    const answer = await pixel(tokens["reader@example.com"] as string);
    expect(answer.headers.get("content-type")).toBe("image/gif");
    expect(await opened(id)).toBe(0);
  });

  it("when turned on: the message has the pixel, and loading it records one open for that recipient", async () => {
    const { id, tokens, mails } = await send(["a@example.com", "b@example.com"], {
      newsletterOpenTracking: true,
    });
    const token = tokens["a@example.com"] as string;
    expect(mails["a@example.com"]).toContain(`${BASE}/api/newsletter/open/${token}`);
    expect(mails["b@example.com"]).toContain(`${BASE}/api/newsletter/open/${tokens["b@example.com"]}`);
    const answer = await pixel(token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/gif");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 6).toString("latin1")).toBe("GIF89a");
    // Loaded again (mail apps do): still one open.
    await pixel(token);
    expect(await opened(id)).toBe(1);
    const rows = await test.handle().db.select().from(newsletterRecipients);
    expect(rows.find((r) => r.email === "a@example.com")?.openedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.email === "b@example.com")?.openedAt).toBeNull();
    // A token that is not ours gets the same image and counts nothing.
    const forged = `${token.slice(0, 37)}${"A".repeat(22)}`;
    expect((await pixel(forged)).headers.get("content-type")).toBe("image/gif");
    expect(await opened(id)).toBe(1);
  });
});

describe("clicks", () => {
  it("turned off: the message's links go straight to their targets", async () => {
    const { mails } = await send(["reader@example.com"], { newsletterClickTracking: false });
    const mail = mails["reader@example.com"] ?? "";
    expect(mail).not.toContain("/api/newsletter/click/");
    expect(mail).toContain('href="https://docs.example.com/guide?x=1"');
    expect(mail).toContain('href="https://forum.example.org/t/1"');
  });

  it("on by default: each link redirects to its exact target, counted per link", async () => {
    const { id, tokens, mails } = await send(["a@example.com", "b@example.com"]);
    const a = tokens["a@example.com"] as string;
    const b = tokens["b@example.com"] as string;
    const mail = mails["a@example.com"] ?? "";
    expect(mail).toContain(`href="${BASE}/api/newsletter/click/${a}/0"`);
    expect(mail).toContain(`href="${BASE}/api/newsletter/click/${a}/1"`);
    expect(mail).not.toContain('href="https://docs.example.com/guide');

    const first = await follow(a, "0");
    expect([302, 303]).toContain(first.status);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const target = new URL(first.headers.get("location") ?? "");
    expect(`${target.origin}${target.pathname}`).toBe("https://docs.example.com/guide");
    expect(target.searchParams.get("x")).toBe("1");
    // Another site's link leaves no cookie of ours.
    expect(first.headers.get("set-cookie")).toBeNull();
    const forum = await follow(b, "1");
    expect(forum.headers.get("location")?.startsWith("https://forum.example.org/t/1?")).toBe(true);
    await follow(b, "0");
    expect(await clicksPerLink(id)).toEqual([
      { url: "https://docs.example.com/guide?x=1", clicks: 2 },
      { url: "https://forum.example.org/t/1", clicks: 1 },
    ]);
  });

  it("refuses foreign and unknown tokens and links with 404, never redirecting elsewhere", async () => {
    const { id, tokens } = await send(["a@example.com"]);
    const token = tokens["a@example.com"] as string;
    const [row] = await test.handle().db.select().from(newsletterRecipients);
    const refused = [
      [`${token.slice(0, 37)}${"A".repeat(22)}`, "0"], // the signature is not ours
      [await recipientToken("00000000-0000-4000-8000-000000000000"), "0"], // ours, but no such recipient
      ["https://evil.example", "0"],
      [token, "3"], // no fourth link
      [token, "-1"],
      [token, "https://evil.example"],
      [token, "0.5"],
    ];
    for (const [t, link] of refused) {
      await expect(follow(t as string, link as string), `${t} ${link}`).rejects.toMatchObject({
        init: { status: 404 },
      });
    }
    expect(row?.id).toBeTruthy();
    expect(await clicksPerLink(id)).toEqual([]);
  });
});

describe("a click that brings a lead", () => {
  /** A lead form's POST from the browser with these cookies. */
  async function postLead(fields: Record<string, string>, cookies: string[]) {
    const response = (await leads.action({
      request: new Request(`${BASE}/api/leads`, {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: cookies.join("; "),
        },
        body: new URLSearchParams(fields),
      }),
      params: {},
      context: context(),
    } as never)) as unknown as { init: { status?: number } | null };
    return response.init?.status ?? 200;
  }

  /** The first-visit cookie the page's script writes from the address it landed on. */
  function landingCookie(location: string) {
    const url = new URL(location);
    const values: Record<string, string> = { landing_page: url.pathname + url.search };
    for (const key of ["utm_source", "utm_medium", "utm_campaign"]) {
      const value = url.searchParams.get(key);
      if (value) values[key] = value;
    }
    return `${ATTRIBUTION_COOKIE}=${encodeURIComponent(JSON.stringify(values))}`;
  }

  it("is a 'newsletter' visit of the send's campaign in Analytics, and a conversion in the send's results", async () => {
    const { id, tokens } = await send(["a@example.com"]);
    const answer = await follow(tokens["a@example.com"] as string, "2");
    const location = answer.headers.get("location") ?? "";
    const target = new URL(location);
    expect(`${target.origin}${target.pathname}`).toBe(`${BASE}/pricing`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: campaignName(SUBJECT),
    });
    const setCookie = answer.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(
      /^nl_send=[0-9a-f-]{36}\.[\w-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/,
    );
    const sendCookie = setCookie.split(";")[0] as string;

    // The visit the redirect leads to is counted under the newsletter and its campaign.
    const now = new Date();
    recordPageView({
      at: now,
      url: target.pathname + target.search,
      host: "site.example",
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
      ip: "198.51.100.7",
    });
    await flushAnalytics();
    const today = now.toISOString().slice(0, 10);
    const range = { from: today, to: today };
    expect(await breakdown("campaign", range, { source: "newsletter" })).toEqual([
      { key: "spring-offers", views: 1, visitors: 1, leads: 0, conversionRate: 0 },
    ]);

    // A first visit: the page's script keeps the campaign; the demo request is a lead of it and a conversion.
    expect(
      await postLead({ kind: "lead", email: "buyer@example.com" }, [landingCookie(location), sendCookie]),
    ).toBe(200);
    expect((await sendProgress([id])).get(id)?.conversions).toBe(1);
    expect(await breakdown("campaign", range, { source: "newsletter" })).toEqual([
      { key: "spring-offers", views: 1, visitors: 1, leads: 1, conversionRate: 1 },
    ]);

    // A returning visitor keeps their first attribution, yet the click still counts their lead for the send.
    const google = `${ATTRIBUTION_COOKIE}=${encodeURIComponent(JSON.stringify({ landing_page: "/", referrer: "https://www.google.com/" }))}`;
    expect(
      await postLead({ kind: "newsletter", email: "new-reader@example.com" }, [google, sendCookie]),
    ).toBe(200);
    expect((await sendProgress([id])).get(id)?.conversions).toBe(2);
  });

  it("without the click's cookie, or with a made-up one, a lead counts for no send", async () => {
    const { id, tokens } = await send(["a@example.com"]);
    const answer = await follow(tokens["a@example.com"] as string, "2");
    const [name, value] = (answer.headers.get("set-cookie") ?? "").split(";")[0]?.split("=") ?? [];
    expect(await postLead({ kind: "lead", email: "plain@example.com" }, [])).toBe(200);
    const forged = `${name}=${value?.slice(0, 37)}${"A".repeat(22)}`;
    expect(await postLead({ kind: "lead", email: "forged@example.com" }, [forged])).toBe(200);
    // A recipient's own token (ours, but not a send's) is no conversion cookie either.
    expect(
      await postLead({ kind: "lead", email: "swap@example.com" }, [`${name}=${tokens["a@example.com"]}`]),
    ).toBe(200);
    expect(await test.handle().db.select().from(formSubmissions)).toHaveLength(3);
    expect((await sendProgress([id])).get(id)?.conversions).toBe(0);
    // A send deleted since the click: the lead is stored all the same.
    await test.handle().db.delete(newsletters).where(eq(newsletters.id, id));
    expect(await postLead({ kind: "lead", email: "late@example.com" }, [`${name}=${value}`])).toBe(200);
    expect(await test.handle().db.select().from(formSubmissions)).toHaveLength(4);
  });
});
