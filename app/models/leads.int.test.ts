import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { readAttribution, submitLead } from "~/routes/support/lead-submission.server";
import { setupTestDatabase } from "../../tests/support/test-db";
import { contactRequests, formSubmissions, subscribers } from "../db/schema";
import { env } from "../env.server";
import { SUCCESS_MESSAGES } from "../lib/builtin-forms";
import { HONEYPOT_FIELD, MESSAGES } from "../lib/lead-schema";
import { LEAD_RATE_LIMITS } from "./leads.server";

const test = setupTestDatabase();
const ORIGIN = "http://localhost:3000";

function contactForm(overrides: Record<string, string> = {}) {
  const form = new FormData();
  const values = {
    name: "Ada Lovelace",
    email: "ada@example.com",
    organization: "Analytical Engines",
    interest: "sales-automation",
    message: "We would like a demo for our team.",
    source_page: "/contact",
    source_section: "contact_page",
    ...overrides,
  };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

function request(cookie?: string) {
  return new Request(`${ORIGIN}/contact`, {
    method: "POST",
    headers: cookie ? { cookie, referer: `${ORIGIN}/contact` } : { referer: `${ORIGIN}/contact` },
  });
}

async function rowsFor(table: typeof contactRequests | typeof formSubmissions, email: string) {
  const [row] = await test.handle().db.select({ n: count() }).from(table).where(eq(table.email, email));
  return row?.n ?? 0;
}

const originalFactor = env().rateLimitFactor;
afterEach(() => {
  env().rateLimitFactor = originalFactor;
});

describe("contact submissions", () => {
  it("store one row with cleaned values and the first-visit attribution", async () => {
    const attr = encodeURIComponent(
      JSON.stringify({
        landing_page: "/pricing?utm_source=newsletter",
        referrer: "https://news.example.org/post",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "spring",
      }),
    );
    const outcome = await submitLead(
      "contact",
      request(`lead_attr=${attr}`),
      contactForm({
        email: "attributed@example.com",
        name: "  Grace <script>alert(1)</script>Hopper  ",
      }),
      "192.0.2.10",
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.toast?.message).toBe(SUCCESS_MESSAGES.contactSuccess);
    const [row] = await test
      .handle()
      .db.select()
      .from(contactRequests)
      .where(eq(contactRequests.email, "attributed@example.com"));
    expect(row).toMatchObject({
      name: "Grace Hopper",
      interest: "sales-automation",
      sourcePage: "/contact",
      sourceSection: "contact_page",
      landingPage: "/pricing?utm_source=newsletter",
      referrer: "https://news.example.org/post",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
      utmTerm: null,
    });
  });

  it("reject invalid input with the spec's messages, keep it, and store nothing", async () => {
    const missing = await submitLead(
      "contact",
      request(),
      contactForm({ name: " ", email: "x@y" }),
      "192.0.2.11",
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ name: MESSAGES.required, email: MESSAGES.email });
    expect(missing.body.values?.email).toBe("x@y");

    const long = await submitLead(
      "contact",
      request(),
      contactForm({ email: "long@example.com", message: "a".repeat(1001) }),
      "192.0.2.11",
    );
    expect(long.status).toBe(400);
    expect(long.body.errors?.message).toBe(MESSAGES.messageTooLong);
    expect(await rowsFor(contactRequests, "long@example.com")).toBe(0);
  });

  it("hold honeypot submissions as suspected spam (not as leads) while answering like a success", async () => {
    const outcome = await submitLead(
      "contact",
      request(),
      contactForm({ email: "bot@example.com", [HONEYPOT_FIELD]: "http://spam.example" }),
      "192.0.2.12",
    );
    expect(outcome.status).toBe(200);
    expect(await rowsFor(contactRequests, "bot@example.com")).toBe(0);
  });

  it("store exactly 200 rows for a burst of 200 concurrent submissions (limit raised)", async () => {
    env().rateLimitFactor = 100;
    const email = `burst-${Date.now()}@example.com`;
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        submitLead("contact", request(), contactForm({ email, message: `Burst message ${i}` }), "192.0.2.20"),
      ),
    );
    expect(outcomes.filter((o) => o.status === 200)).toHaveLength(200);
    expect(await rowsFor(contactRequests, email)).toBe(200);
  });

  it("answer 429 beyond the normal limit for one address and store nothing more", async () => {
    env().rateLimitFactor = 1;
    const email = `limited-${Date.now()}@example.com`;
    const limit = LEAD_RATE_LIMITS.contact.limit;
    for (let i = 0; i < limit; i++) {
      const ok = await submitLead("contact", request(), contactForm({ email }), "192.0.2.30");
      expect(ok.status).toBe(200);
    }
    const blocked = await submitLead(
      "contact",
      request(),
      contactForm({ email, message: "one too many" }),
      "192.0.2.30",
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers?.["Retry-After"]).toMatch(/^\d+$/);
    expect(blocked.body.toast?.message).toMatch(/^Too many submissions from your address\. Please wait \d+/);
    expect(blocked.body.values?.message).toBe("one too many");
    expect(await rowsFor(contactRequests, email)).toBe(limit);

    // Another address is not affected.
    const other = await submitLead("contact", request(), contactForm({ email }), "192.0.2.31");
    expect(other.status).toBe(200);
  });

  it("count an IPv6 client per /64, so hopping between its addresses does not escape the limit", async () => {
    env().rateLimitFactor = 1;
    const email = `hopping-${Date.now()}@example.com`;
    const limit = LEAD_RATE_LIMITS.contact.limit;
    for (let i = 0; i < limit; i++) {
      const ok = await submitLead("contact", request(), contactForm({ email }), `2001:db8:30:1::${i + 1}`);
      expect(ok.status).toBe(200);
    }
    const hopped = await submitLead("contact", request(), contactForm({ email }), "2001:db8:30:1:ffff::9");
    expect(hopped.status).toBe(429);
    // The next /64 is another client.
    const neighbour = await submitLead("contact", request(), contactForm({ email }), "2001:db8:30:2::1");
    expect(neighbour.status).toBe(200);
  });
});

describe("dialog leads and newsletter", () => {
  it("store a form submission with its subject and subscribe nobody (consent)", async () => {
    const form = new FormData();
    form.set("email", "Lead@Example.com");
    form.set("name", "Lin");
    form.set("purpose", "demo_request");
    form.set("source_section", "hero_section");
    form.set("source_page", `${ORIGIN}/`);
    const first = await submitLead("lead", request(), form, "192.0.2.40");
    expect(first.status).toBe(200);
    expect(first.body.toast).toMatchObject({ title: "Thank you!", message: "We'll be in touch soon." });
    const again = await submitLead("lead", request(), form, "192.0.2.40");
    expect(again.status).toBe(200);

    const submissions = await test
      .handle()
      .db.select()
      .from(formSubmissions)
      .where(eq(formSubmissions.email, "Lead@Example.com"));
    expect(submissions).toHaveLength(2);
    expect(submissions[0]).toMatchObject({
      subject: "Lead from hero_section",
      purpose: "demo_request",
      sourcePage: "/",
    });
    const subs = await test
      .handle()
      .db.select()
      .from(subscribers)
      .where(eq(subscribers.email, "lead@example.com"));
    // Only the newsletter form subscribes someone: a demo request is no opt-in.
    expect(subs).toHaveLength(0);

    const plain = new FormData();
    plain.set("email", "nosection@example.com");
    await submitLead("lead", request(), plain, "192.0.2.41");
    const [row] = await test
      .handle()
      .db.select()
      .from(formSubmissions)
      .where(eq(formSubmissions.email, "nosection@example.com"));
    expect(row?.subject).toBe("Lead from website");
  });

  it("require only a valid email in the dialog", async () => {
    const form = new FormData();
    form.set("email", "");
    const outcome = await submitLead("lead", request(), form, "192.0.2.42");
    expect(outcome.status).toBe(400);
    expect(outcome.body.toast).toMatchObject({ title: "Error" });
  });

  it("subscribe newsletter addresses once", async () => {
    const form = new FormData();
    form.set("email", "news@example.com");
    form.set("source_page", "/pricing");
    expect((await submitLead("newsletter", request(), form, "192.0.2.50")).status).toBe(200);
    expect((await submitLead("newsletter", request(), form, "192.0.2.50")).status).toBe(200);
    const subs = await test
      .handle()
      .db.select()
      .from(subscribers)
      .where(eq(subscribers.email, "news@example.com"));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ purpose: "newsletter", sourcePage: "/pricing" });
  });
});

describe("attribution", () => {
  it("ignores foreign source pages and damaged cookies", () => {
    const attribution = readAttribution(
      new Request(`${ORIGIN}/contact`, { headers: { cookie: "lead_attr=%7Bnot-json" } }),
      { source_page: "https://evil.example/phish" },
    );
    expect(attribution.sourcePage).toBeNull();
    expect(attribution.landingPage).toBeNull();
  });
});
