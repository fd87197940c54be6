// Seeds leads the way visitors send them: through the public capture endpoint (POST /api/leads), each from its own
// client address so the per-address rate limits (contact.spec.ts covers those) never trip. The first-visit
// attribution cookie marks every seeded lead with utm_source=e2e.
import type { Page } from "@playwright/test";
import { ATTRIBUTION_COOKIE } from "../../../app/lib/lead-schema";
import { expect, uniqueIp } from "./fixtures";

interface Leads {
  contact?: { name: string; email: string; organization?: string; message?: string };
  subscriber?: { email: string };
  submission?: { email: string; name?: string; purpose?: string; sourceSection?: string };
}

async function sendLead(page: Page, form: Record<string, string>) {
  const response = await page.request.post("/api/leads", {
    form,
    headers: {
      Accept: "application/json",
      "X-Forwarded-For": uniqueIp(),
      Cookie: `${ATTRIBUTION_COOKIE}=${encodeURIComponent(JSON.stringify({ utm_source: "e2e" }))}`,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function insertLeads(page: Page, leads: Leads) {
  if (leads.contact) {
    await sendLead(page, {
      kind: "contact",
      interest: "other",
      message: "Test message",
      source_page: "/contact",
      ...leads.contact,
    });
  }
  if (leads.subscriber) {
    await sendLead(page, { kind: "newsletter", email: leads.subscriber.email, source_page: "/blog" });
  }
  if (leads.submission) {
    const { sourceSection = "hero_section", ...fields } = leads.submission;
    await sendLead(page, { kind: "lead", source_page: "/", source_section: sourceSection, ...fields });
  }
}

export { signUpForNewsletter } from "./server-process";
