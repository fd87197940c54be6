// The lead path with hostile text: a visitor whose form fields and first-visit attribution (UTM values, referrer,
// landing page) carry NUL, lone surrogates or an emoji at the 200-character cut shares a group commit with ordinary
// visitors. No answer is a 5xx, no neighbour is lost, and a lead answered 200 is stored once, with its deliveries.
import { inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LeadForm } from "~/lib/lead-status";
import { submitLead } from "~/routes/support/lead-submission.server";
import { hostileText } from "../../tests/support/hostile-text";
import { setupTestDatabase } from "../../tests/support/test-db";
import { contactRequests, formSubmissions, outbox, subscribers, webhookEndpoints } from "../db/schema";
import { env } from "../env.server";
import { ATTRIBUTION_COOKIE, UTM_KEYS } from "../lib/lead-schema";
import { createEndpoint } from "./webhooks.server";

const test = setupTestDatabase();
const db = () => test.handle().db;
const ORIGIN = "http://localhost:3000";
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const saved = { ...env() };

beforeEach(async () => {
  // A receiver that is never called (the worker does not run here): the endpoint makes every lead queue a
  // webhook row, whose payload (jsonb) carries the attribution.
  Object.assign(env(), { webhookAllowPrivate: true, rateLimitFactor: 0, smtpUrl: undefined });
  await db().delete(webhookEndpoints);
  await createEndpoint("http://127.0.0.1:9/hooks", ["lead.created", "subscriber.created"], who);
});
afterEach(() => {
  Object.assign(env(), saved);
});

const hostile = hostileText([100, 200, 500], 6);

function attributionCookie(values: Record<string, string>): string {
  return `${ATTRIBUTION_COOKIE}=${encodeURIComponent(JSON.stringify(values))}`;
}

function request(cookie?: string) {
  const headers: Record<string, string> = { referer: `${ORIGIN}/contact` };
  if (cookie) headers.cookie = cookie;
  return new Request(`${ORIGIN}/contact`, { method: "POST", headers });
}

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

let n = 0;

describe("hostile text on the lead path", () => {
  it("never answers 5xx, never loses a neighbour, and stores a 200 lead once with its webhook", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          utm: fc.tuple(hostile, hostile, hostile, hostile, hostile),
          referrer: hostile,
          landing: hostile,
          name: hostileText([99], 3),
          message: hostile,
          section: hostileText([100], 3),
          kind: fc.constantFrom<LeadForm>("contact", "lead", "newsletter"),
        }),
        async (t) => {
          n++;
          const attribution: Record<string, string> = { referrer: t.referrer, landing_page: `/${t.landing}` };
          for (const [i, key] of UTM_KEYS.entries()) attribution[key] = t.utm[i] ?? "";
          const hostileEmail = `hostile-${n}@example.com`;
          const fields = {
            name: `N${t.name}`,
            email: hostileEmail,
            organization: t.name,
            interest: "consulting",
            message: `M${t.message}`,
            purpose: t.name,
            source_page: `/pricing?x=${t.landing}`,
            source_section: t.section,
          };
          const neighbours = [0, 1, 2].map((i) => `neighbour-${n}-${i}@example.com`);
          // Submitted in one turn of the event loop: they share one group commit.
          const [answer, ...others] = await Promise.all([
            submitLead(t.kind, request(attributionCookie(attribution)), form(fields), "198.51.100.7"),
            ...neighbours.map((email) =>
              submitLead(
                "contact",
                request(attributionCookie({ utm_source: "news", landing_page: "/" })),
                form({ name: "Ada", email, interest: "consulting", message: "Hello there." }),
                "198.51.100.8",
              ),
            ),
          ]);
          expect(answer?.status).toBeLessThan(500);
          expect(others.map((o) => o.status)).toEqual([200, 200, 200]);
          const stored = await Promise.all([
            db()
              .select({ email: contactRequests.email })
              .from(contactRequests)
              .where(inArray(contactRequests.email, [...neighbours, hostileEmail])),
            db()
              .select({ email: formSubmissions.email })
              .from(formSubmissions)
              .where(inArray(formSubmissions.email, [hostileEmail])),
            db()
              .select({ email: subscribers.email })
              .from(subscribers)
              .where(inArray(subscribers.email, [hostileEmail])),
          ]);
          const emails = stored.flat().map((r) => r.email);
          for (const email of neighbours) expect(emails.filter((e) => e === email)).toHaveLength(1);
          expect(emails.filter((e) => e === hostileEmail)).toHaveLength(answer?.status === 200 ? 1 : 0);
          const queued = await db()
            .select({ email: outbox.leadEmail })
            .from(outbox)
            .where(inArray(outbox.leadEmail, [...neighbours, hostileEmail]));
          expect(queued).toHaveLength(emails.length);
        },
      ),
      { numRuns: 60 },
    );
  });
});
