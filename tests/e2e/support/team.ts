// A second team member for tests about several people at once: invited by the signed-in administrator through the
// Team screen (the e2e servers have no mail server, so the screen shows the link) and joined in a browser of their
// own.
import type { Browser, Page } from "@playwright/test";
import { expect, signInAsAdmin, uniqueIp } from "./fixtures";
import { uniqueSuffix } from "./server-process";

export async function joinTeam(
  admin: Page,
  browser: Browser,
  { name, role = "editor", width, base = "" }: { name: string; role?: string; width: number; base?: string },
) {
  await admin.goto(`${base}/admin/team`);
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${uniqueSuffix()}@example.com`;
  await admin.getByLabel("Email").fill(email);
  await admin.getByLabel("Role", { exact: true }).selectOption(role);
  await admin.getByRole("button", { name: "Send invitation" }).click();
  const link = await admin.getByLabel(`Invitation link for ${email}`).inputValue();
  const context = await guestContext(browser, width);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill("live-editing-password");
  await page.getByLabel("Repeat the password").fill("live-editing-password");
  await page.getByLabel("Repeat the password").press("Enter");
  await page.waitForURL("**/admin");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  return { context, page, email };
}

/** A second browser signed in as the administrator (edit-conflict specs: the check is on versions, not on people). */
export async function secondEditor(browser: Browser, base: string, width: number) {
  const context = await guestContext(browser, width);
  const page = await context.newPage();
  await signInAsAdmin(page, base);
  return { context, page };
}

/**
 * A browser of another person, from an address of its own: the invitation page's and sign-in's per-address limits
 * are shared with every other spec's guests otherwise.
 */
export function guestContext(browser: Browser, width?: number) {
  return browser.newContext({
    ...(width ? { viewport: { width, height: 900 } } : {}),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() },
  });
}
