// The Newsletters screen end to end, on a server of its own with a real SMTP server: settings by keyboard, compose,
// preview at phone and desktop width, a test to oneself, schedule and cancel, send now with its confirmation and
// live progress to the end, then the suppression list with "Lift" after a confirmation. At 1280 and 375 px, no axe
// violations, screenshots kept for looking at.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { freePort } from "../../scripts/free-port.ts";
import { startSmtp } from "../support/receivers";
import { axeViolations } from "./support/a11y";
import { expect, failedResource, signInAsAdmin, test } from "./support/fixtures";
import { signUpForNewsletter } from "./support/leads";
import { startServer, stopServer } from "./support/server-process";
import { expectNoHorizontalScroll, toast } from "./support/ui";

const SUBJECT = "Spring product news";
/** Toasts mid fade-in and the e-mail preview frame (no scripts may run there, so axe cannot). */
const OUTSIDE_PREVIEW = { exclude: "[data-sonner-toast], [data-testid=newsletter-preview]" };

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.describe("admin newsletters", () => {
  test.describe.configure({ timeout: 240_000 });

  test("settings, compose, preview, test, schedule, send with progress, suppressions", async ({
    page,
    consoleErrors,
  }) => {
    // The preview is a sandboxed frame that may run no script: the browser says so when the test harness's own
    // page scripts try to run in it. Nothing of ours runs there.
    consoleErrors.allow(/Blocked script execution in 'about:srcdoc'/);
    const smtp = await startSmtp();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-newsletters-"));
    const server = await startServer(await freePort(), {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      NEWSLETTER_RATE: "5",
    });
    try {
      const base = server.base;
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInAsAdmin(page, base);
      await page.goto(`${base}/admin/newsletters`);
      await expect(page.getByRole("heading", { name: "Newsletters", level: 1 })).toBeVisible();
      await expect(page.getByText("No newsletters yet.")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // Settings by keyboard: confirmation of sign-ups off, so the sign-ups below are confirmed at once.
      await page.getByRole("tab", { name: "Settings" }).focus();
      await page.keyboard.press("Enter");
      const optIn = page.getByRole("switch", { name: "Confirm sign-ups (double opt-in)" });
      await expect(optIn).toBeChecked();
      await optIn.focus();
      await page.keyboard.press("Space");
      await expect(optIn).not.toBeChecked();
      await page.getByRole("button", { name: "Save settings" }).focus();
      await page.keyboard.press("Enter");
      await expect(toast(page, "Newsletter settings saved")).toBeVisible();
      expect(await axeViolations(page, OUTSIDE_PREVIEW)).toEqual([]);
      await shot(page, "newsletters-settings-1280");

      for (let i = 0; i < 12; i++) await signUpForNewsletter(base, `reader${i}@example.com`);

      // A new newsletter, composed by keyboard.
      await page.getByRole("tab", { name: /Sends/ }).click();
      await page.getByRole("button", { name: "New newsletter" }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/admin\/newsletters\/[0-9a-f-]{36}$/);
      await page.getByLabel("Subject").fill(SUBJECT);
      await page.getByLabel("Preheader").fill("Three things that changed");
      const body = page.getByRole("textbox", { name: "Body" });
      await body.click();
      await page.keyboard.type("## What is new\nRead the guide at https://example.com/guide today.");
      await expect(page.getByText("Audience: confirmed subscribers (12 now)")).toBeVisible();
      await page.getByRole("button", { name: "Save draft" }).focus();
      await page.keyboard.press("Enter");
      await expect(toast(page, "Newsletter saved")).toBeVisible();

      // The preview shows the saved message; phone width is 375 px.
      const preview = page.getByTestId("newsletter-preview");
      await expect(preview.contentFrame().getByText("What is new")).toBeVisible();
      await expect(preview.contentFrame().getByRole("link", { name: "Unsubscribe" })).toBeVisible();
      await page.getByRole("button", { name: "Phone (375 px)" }).click();
      await expect(page.getByRole("button", { name: "Phone (375 px)" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      expect(await preview.evaluate((el) => el.getBoundingClientRect().width)).toBe(375);
      expect(await axeViolations(page, OUTSIDE_PREVIEW)).toEqual([]);
      await shot(page, "newsletter-compose-1280");

      // A test to oneself goes through the outbox.
      await page.getByRole("button", { name: "Send test" }).click();
      await expect(toast(page, "Test on its way to admin@example.com")).toBeVisible();
      await expect
        .poll(() => smtp.mails.filter((m) => m.raw.includes(`[Test] ${SUBJECT}`)).length, { timeout: 20_000 })
        .toBe(1);

      // Schedule for tomorrow, then take it back.
      const tomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 16);
      await page.getByLabel(/Schedule for/).fill(tomorrow);
      await page.getByRole("button", { name: "Schedule", exact: true }).click();
      await expect(toast(page, "Newsletter scheduled")).toBeVisible();
      await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Cancel schedule" }).click();
      await expect(toast(page, "Schedule cancelled")).toBeVisible();
      // A time in the past is refused, with the reason (a 400, which the browser reports).
      consoleErrors.allow(failedResource(400, `${new URL(page.url()).pathname}.data`));
      await page.getByLabel(/Schedule for/).fill("2020-01-01T09:00");
      await page.getByRole("button", { name: "Schedule", exact: true }).click();
      await expect(page.getByText("Choose a time in the future, or send now")).toBeVisible();

      // Send now, after the confirmation; progress goes live, pausing holds it, resuming finishes it.
      await page.getByRole("button", { name: "Send now" }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("to 12 confirmed subscribers");
      await confirm.getByRole("button", { name: "Send now" }).click();
      await expect(toast(page, "Sending started")).toBeVisible();
      const progress = page.getByTestId("send-progress");
      await expect(progress).toBeVisible();
      await page.getByRole("button", { name: "Pause" }).click();
      await expect(toast(page, "Sending paused")).toBeVisible();
      await expect(page.getByText("Paused", { exact: true })).toBeVisible();
      await shot(page, "newsletter-paused-1280");
      await page.getByRole("button", { name: "Resume" }).click();
      await expect(toast(page, "Sending resumed")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Results" })).toBeVisible({ timeout: 60_000 });
      await expect(progress.getByText("Sent").locator("..")).toContainText("12");
      const delivered = smtp.mails.filter((m) => m.raw.includes(`Subject: ${SUBJECT}`));
      expect(new Set(delivered.flatMap((m) => m.to)).size).toBe(12);
      expect(delivered).toHaveLength(12);
      expect(await axeViolations(page, OUTSIDE_PREVIEW)).toEqual([]);
      await shot(page, "newsletter-results-1280");

      // One recipient uses the one-click unsubscribe (a mailbox provider's POST: no cookie, no Origin).
      const raw = (delivered[0]?.raw ?? "").replace(/=\r?\n/g, "").replace(/\r?\n[ \t]+/g, " ");
      const oneClick = /List-Unsubscribe: <([^>]+)>/.exec(raw)?.[1] ?? "";
      const local = oneClick.replace(/^https?:\/\/[^/]+/, base);
      const unsubscribed = await fetch(local, { method: "POST", body: "List-Unsubscribe=One-Click" });
      expect(unsubscribed.status).toBe(200);

      // The suppression list shows it; lifting asks first and names the consequence.
      await page.goto(`${base}/admin/newsletters?tab=suppressed`);
      const row = page.getByTestId("suppressed-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Unsubscribed");
      expect(await axeViolations(page)).toEqual([]);
      await row.getByRole("button", { name: /Lift/ }).click();
      const lift = page.getByRole("alertdialog");
      await expect(lift).toContainText("will receive every newsletter from now on");
      expect(await axeViolations(page)).toEqual([]);
      await lift.getByRole("button", { name: "Lift suppression" }).click();
      await expect(toast(page, "Suppression lifted")).toBeVisible();
      await expect(page.getByText("No suppressed addresses.")).toBeVisible();

      // Phone width: the list and the send's page fit, with no violations.
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`${base}/admin/newsletters`);
      await expect(page.getByTestId("newsletter-row")).toContainText(SUBJECT);
      await expectNoHorizontalScroll(page);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "newsletters-375");
      await page.getByRole("link", { name: `Open ${SUBJECT}` }).click();
      await expect(page.getByRole("heading", { name: "Results" })).toBeVisible();
      await expectNoHorizontalScroll(page);
      expect(await axeViolations(page, OUTSIDE_PREVIEW)).toEqual([]);
      await shot(page, "newsletter-results-375");
      await page.goto(`${base}/admin/newsletters`);
      await page.getByRole("button", { name: "New newsletter" }).click();
      await expect(page.getByLabel("Subject")).toBeVisible();
      await expectNoHorizontalScroll(page);
      expect(await axeViolations(page, OUTSIDE_PREVIEW)).toEqual([]);
      await shot(page, "newsletter-compose-375");
    } finally {
      await stopServer(server);
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
