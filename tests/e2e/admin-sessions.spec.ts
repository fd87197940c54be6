// The signed-in sessions on /admin/security: reachable from the admin navigation, listing each browser (device,
// address, times, "This device"), and signing out another session or all others after a confirmation, with and
// without JavaScript. The other browser is then sent to /admin-auth.
import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, signInAsAdmin, test, uniqueIp } from "./support/fixtures";
import { expectNoHorizontalScroll, expectToast } from "./support/ui";

const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

async function signedInBrowser(
  browser: Browser,
  baseURL: string,
  options: { userAgent?: string; javaScriptEnabled?: boolean } = {},
) {
  const ip = uniqueIp();
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": ip },
    ...options,
  });
  const page = await context.newPage();
  await signInAsAdmin(page, baseURL, ip);
  return { context, page, ip };
}

/** Leaves only this browser's session, so the list shows exactly what the test signs in. */
async function signOutOthers(page: Page) {
  await page.goto("/admin/security");
  const button = page.getByRole("button", { name: "Sign out all others" });
  if ((await button.count()) === 0) return;
  await button.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Sign out all others" }).click();
  await expectToast(page, "All other sessions signed out");
  await expect(page.getByTestId("session-row")).toHaveCount(1);
}

test.describe("signed-in sessions", () => {
  test("the admin sees both browsers and signs the other one out; it lands on /admin-auth", async ({
    browser,
    baseURL,
    consoleErrors,
  }) => {
    const base = baseURL ?? "";
    const first = await signedInBrowser(browser, base);
    consoleErrors.watch(first.page);
    const second = await signedInBrowser(browser, base, { userAgent: FIREFOX_ON_WINDOWS });
    consoleErrors.watch(second.page);
    try {
      await first.page.goto("/admin");
      await first.page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Security" })
        .click();
      await expect(first.page).toHaveURL(/\/admin\/security$/);
      // Sessions left by earlier tests go first; the second browser is signed in again afterwards.
      await signOutOthers(first.page);
      await signInAsAdmin(second.page, base, second.ip);

      await first.page.reload();
      const rows = first.page.getByTestId("session-row");
      await expect(rows).toHaveCount(2);
      const mine = rows.filter({ hasText: "This device" });
      await expect(mine).toContainText("Chrome on Linux");
      await expect(mine).toContainText(first.ip);
      await expect(mine.getByRole("button")).toHaveCount(0);
      const other = rows.filter({ hasText: "Firefox on Windows" });
      await expect(other).toContainText(second.ip);
      await expect(other).toContainText("Signed in:");
      await expect(other).toContainText("Last active:");

      await second.page.goto("/admin");
      await expect(second.page).toHaveURL(/\/admin$/);

      // Asks first; Cancel keeps the session.
      await other.getByRole("button", { name: /Sign out this session/ }).click();
      const dialog = first.page.getByRole("alertdialog");
      await expect(dialog).toContainText("Sign out this session? That browser will have to sign in again.");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(rows).toHaveCount(2);

      await other.getByRole("button", { name: /Sign out this session/ }).click();
      await first.page.getByRole("alertdialog").getByRole("button", { name: "Sign out session" }).click();
      await expectToast(first.page, "Session signed out");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("This device");

      await second.page.goto("/admin");
      await expect(second.page).toHaveURL(/\/admin-auth$/);
      // The first browser is still signed in.
      await first.page.goto("/admin");
      await expect(first.page).toHaveURL(/\/admin$/);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  test("without JavaScript: a confirmation step, then the other session ends", async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    const noJs = await signedInBrowser(browser, base, { javaScriptEnabled: false });
    const other = await signedInBrowser(browser, base, { userAgent: FIREFOX_ON_WINDOWS });
    try {
      await noJs.page.goto("/admin/security");
      const row = noJs.page.getByTestId("session-row").filter({ hasText: other.ip });
      await row.getByRole("button", { name: /Sign out this session/ }).click();
      const confirm = noJs.page.getByRole("alertdialog");
      await expect(confirm).toContainText(`Firefox on Windows (${other.ip})`);
      await expect(confirm).toContainText("Sign out this session?");
      await confirm.getByRole("button", { name: "Sign out session" }).click();
      await expect(noJs.page).toHaveURL(/\/admin\/security$/);
      await expect(noJs.page.getByTestId("session-row").filter({ hasText: other.ip })).toHaveCount(0);
      await other.page.goto("/admin");
      await expect(other.page).toHaveURL(/\/admin-auth$/);

      // "Sign out all others" asks too, and Cancel changes nothing.
      const third = await signedInBrowser(browser, base);
      await noJs.page.goto("/admin/security");
      await noJs.page.getByRole("button", { name: "Sign out all others" }).click();
      await expect(noJs.page.getByRole("alertdialog")).toContainText("Sign out all other sessions?");
      await noJs.page.getByRole("link", { name: "Cancel" }).click();
      await expect(noJs.page.getByTestId("session-row").filter({ hasText: third.ip })).toHaveCount(1);
      await noJs.page.getByRole("button", { name: "Sign out all others" }).click();
      await noJs.page.getByRole("alertdialog").getByRole("button", { name: "Sign out all others" }).click();
      await expect(noJs.page.getByTestId("session-row")).toHaveCount(1);
      await third.page.goto("/admin");
      await expect(third.page).toHaveURL(/\/admin-auth$/);
      await third.context.close();
    } finally {
      await noJs.context.close();
      await other.context.close();
    }
  });

  test("has no accessibility violations and fits a 375 px screen", async ({ browser, baseURL }) => {
    const base = baseURL ?? "";
    const first = await signedInBrowser(browser, base);
    const second = await signedInBrowser(browser, base, { userAgent: FIREFOX_ON_WINDOWS });
    try {
      await first.page.goto("/admin/security");
      await expect(first.page.getByTestId("session-row").first()).toBeVisible();
      await expectNoAxeViolations(first.page);
      await first.page.getByRole("button", { name: "Sign out all others" }).click();
      await expect(first.page.getByRole("alertdialog")).toBeVisible();
      await expectNoAxeViolations(first.page);
      await first.page.getByRole("button", { name: "Cancel" }).click();
      await first.page.setViewportSize({ width: 375, height: 800 });
      await expectNoHorizontalScroll(first.page);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
