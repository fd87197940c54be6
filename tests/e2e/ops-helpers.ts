// Helpers for the operations back-office specs (contacts, settings, showcase).
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export function suffix(): string {
  return randomBytes(4).toString("hex");
}

/**
 * Inserts leads through the admin-only E2E fixture route (E2E_TEST_ROUTES) rather than the public forms, which
 * are rate-limited per address (contact.spec.ts covers those).
 */
export async function insertLeads(
  page: Page,
  baseURL: string,
  leads: {
    contact?: { name: string; email: string; organization?: string; message?: string };
    subscriber?: { email: string };
    submission?: { email: string; name?: string; purpose?: string };
  },
): Promise<{ contactId?: string; subscriberId?: string; submissionId?: string }> {
  const response = await page.request.post("/admin/contacts/test-leads", {
    data: leads,
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** No axe violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Nothing wider than the viewport (no sideways scrolling at 375 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

export function toast(page: Page, message: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: message }).first();
}
