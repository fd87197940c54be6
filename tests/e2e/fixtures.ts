// Shared Playwright fixtures: console-error tracking, a unique client address per test, and a signed-in admin.
import { randomInt } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

export { E2E_ADMIN, expect };

/** The base URL of the server started with SEED_DEMO=false (empty states). */
export const EMPTY_URL = `http://localhost:${process.env.E2E_EMPTY_PORT ?? 3101}`;

/** A random documentation-range address, so each test is its own client for the rate limits. */
export function uniqueIp(): string {
  return `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
}

interface Fixtures {
  /** Errors printed to the browser console or thrown on the page; tests assert it stays empty. */
  consoleErrors: string[];
  /** The test's client address (sent as X-Forwarded-For; the test servers trust it). */
  clientIp: string;
  /** A page whose context is signed in as the administrator. */
  adminPage: Page;
}

export const test = base.extend<Fixtures>({
  clientIp: async ({}, use) => {
    await use(uniqueIp());
  },
  context: async ({ context, clientIp }, use) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientIp });
    await use(context);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await use(errors);
  },
  adminPage: async ({ page, clientIp, baseURL }, use) => {
    await signInAsAdmin(page, baseURL ?? "", clientIp);
    await use(page);
  },
});

/** Signs the page's browser context in through the auth API (the sign-in screen has its own tests). */
export async function signInAsAdmin(page: Page, baseURL: string, clientIp = uniqueIp()) {
  const response = await page.context().request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers: { Origin: baseURL, "X-Forwarded-For": clientIp },
  });
  expect(response.status(), await response.text()).toBe(200);
}
