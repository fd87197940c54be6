// The Newsletters screen and the newsletter editor from the keyboard only (Tab, Shift+Tab, Enter, Space, arrows; no
// mouse), at 375 and 1280 px, with axe on every state: the tabs, the settings, compose, the preview at phone and
// desktop width, a test to oneself, schedule and cancel, send now with its confirmation, pause and resume, the
// results (with a lead that followed a link of the send), the suppression list with "Lift" behind a confirmation
// that names the consequence, unsubscribing by hand an address that asked by mail, and the unsubscribe page a
// recipient reaches from the message's footer.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { freePort } from "../../scripts/free-port.ts";
import { type ReceivedMail, startSmtp } from "../support/receivers";
import { axeViolations } from "./support/a11y";
import { expect, failedResource, signInAsAdmin, test } from "./support/fixtures";
import { signUpForNewsletter } from "./support/leads";
import { type ServerProcess, startServer, stopServer } from "./support/server-process";
import { expectNoHorizontalScroll, tabTo, toast } from "./support/ui";

/** Toasts mid fade-in and the e-mail preview frame (no scripts may run there, so axe cannot). */
const OUTSIDE_PREVIEW = { exclude: "[data-sonner-toast], [data-testid=newsletter-preview]" };
const READERS = 12;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: ServerProcess;
let dataDir = "";

test.describe.configure({ mode: "serial", timeout: 480_000 });

test.beforeAll(async () => {
  // A server of its own starts slowly on a busy machine.
  test.setTimeout(120_000);
  smtp = await startSmtp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-newsletters-keys-"));
  // A slow pace, so that the send is still going out when the keyboard reaches "Pause".
  server = await startServer(await freePort(), {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    NEWSLETTER_RATE: "3",
  });
});
test.afterAll(async () => {
  if (server) await stopServer(server);
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function noViolations(page: Page) {
  expect(await axeViolations(page, OUTSIDE_PREVIEW)).toEqual([]);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Reaches `target` with Tab and presses `key` on it. */
async function press(page: Page, target: Locator, key = "Enter", options?: { back?: boolean; max?: number }) {
  await tabTo(page, target, { max: 200, ...options });
  await page.keyboard.press(key);
}

/** The message as a mail app reads it: quoted-printable undone, header lines unfolded. */
const unfolded = (mail: ReceivedMail | undefined) =>
  (mail?.raw ?? "")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .replace(/\r?\n[ \t]+/g, " ");

for (const width of [1280, 375]) {
  test(`newsletters from the keyboard only at ${width} px`, async ({ page, consoleErrors }) => {
    // The preview frame may run no script (the browser says so); the refused past time is a 400.
    consoleErrors.allow(/Blocked script execution in 'about:srcdoc'/, failedResource(400));
    const base = server.base;
    const subject = `Keyboard news ${width}`;
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page, base);

    // The list, then its tabs with the arrow keys.
    await page.goto(`${base}/admin/newsletters`);
    await expect(page.getByRole("heading", { name: "Newsletters", level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await noViolations(page);
    const sendsTab = page.getByRole("tab", { name: /Sends/ });
    await tabTo(page, sendsTab, { max: 120 });
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: /Suppressed/ })).toBeFocused();
    await expect(page.getByRole("heading", { name: "Suppressed addresses" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Import" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");

    // Settings: sign-ups need no confirmation here (so the sign-ups below are confirmed at once).
    const optIn = page.getByRole("switch", { name: "Confirm sign-ups (double opt-in)" });
    await expect(page.getByRole("switch", { name: "Count clicks" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Count opens" })).not.toBeChecked();
    if (width === 1280) {
      await press(page, optIn, "Space");
      await expect(optIn).not.toBeChecked();
      const save = page.getByRole("button", { name: "Save settings" });
      await press(page, save);
      await expect(toast(page, "Newsletter settings saved")).toBeVisible();
      // The button, disabled while saving, has the focus again.
      await expect(save).toBeFocused();
    }
    await expect(optIn).not.toBeChecked();
    await noViolations(page);
    await shot(page, `newsletters-settings-${width}`);
    for (let i = 0; i < READERS; i++) await signUpForNewsletter(base, `reader${width}-${i}@example.com`);

    // A new newsletter: "New newsletter" is before the tabs.
    await press(page, page.getByRole("button", { name: "New newsletter" }), "Enter", { back: true });
    await expect(page).toHaveURL(/\/admin\/newsletters\/[0-9a-f-]{36}$/);
    const subjectField = page.getByLabel("Subject");
    await tabTo(page, subjectField, { max: 120 });
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(subject);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Preheader")).toBeFocused();
    await page.keyboard.type("Typed without a mouse");
    const body = page.getByRole("textbox", { name: "Body" });
    await tabTo(page, body);
    await page.keyboard.type(`## What is new\nRead the guide at ${base}/ today.`);
    await expect(page.getByText(/Audience: confirmed subscribers \(\d+ now\)/)).toBeVisible();
    await press(page, page.getByRole("button", { name: "Save draft" }));
    await expect(toast(page, "Newsletter saved")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save draft" })).toBeFocused();
    const preview = page.getByTestId("newsletter-preview");
    await expect(preview.contentFrame().getByText("What is new")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await noViolations(page);
    await shot(page, `newsletter-compose-${width}`);

    // Send a test to oneself.
    await press(page, page.getByRole("button", { name: "Send test" }));
    await expect(toast(page, "Test on its way to admin@example.com")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send test" })).toBeFocused();
    await expect
      .poll(() => smtp.mails.filter((m) => m.raw.includes(`[Test] ${subject}`)).length, { timeout: 20_000 })
      .toBe(1);

    // Schedule (date, then time, typed into the field's parts), then cancel it.
    await tabTo(page, page.getByLabel(/Schedule for/));
    await page.keyboard.type("12312099");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type("0930A");
    await expect(page.getByLabel(/Schedule for/)).toHaveValue("2099-12-31T09:30");
    await press(page, page.getByRole("button", { name: "Schedule", exact: true }));
    await expect(toast(page, "Newsletter scheduled")).toBeVisible();
    await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Reschedule" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Cancel schedule" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Schedule cancelled")).toBeVisible();
    // The button went with the schedule: the focus is on the time to schedule for.
    await expect(page.getByLabel(/Schedule for/)).toBeFocused();

    // The preview at phone and desktop width, by Space and Enter on its toggle buttons.
    const phone = page.getByRole("button", { name: "Phone (375 px)" });
    await press(page, phone, "Space");
    await expect(phone).toHaveAttribute("aria-pressed", "true");
    expect(await preview.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(375);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Desktop" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Desktop" })).toHaveAttribute("aria-pressed", "true");
    await noViolations(page);

    // Send now: the confirmation opens on Cancel; Tab reaches its "Send now".
    await press(page, page.getByRole("button", { name: "Send now" }), "Enter", { back: true });
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(/Send “.+” now to \d+ confirmed subscribers\?/);
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await noViolations(page);
    await press(page, confirm.getByRole("button", { name: "Send now" }));
    await expect(toast(page, "Sending started")).toBeVisible();
    // The compose form is gone with its button: the focus is on the progress, and Tab reaches "Pause".
    const progressHeading = page.getByRole("heading", { name: "Progress" });
    await expect(progressHeading).toBeFocused();
    // In view, and at phone width not hidden under the sticky header (3.5 rem), once the page's smooth scroll to
    // the focus has ended (read during it, the heading can still be above the top).
    await expect
      .poll(() => progressHeading.evaluate((el) => el.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(width < 1024 ? 56 : 0);
    await expect(page.getByRole("progressbar", { name: "Share of recipients done" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Pause" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Sending paused")).toBeVisible();
    await expect(page.getByRole("button", { name: "Resume" })).toBeFocused();
    await expect(page.getByText("Paused", { exact: true })).toBeVisible();
    await noViolations(page);
    await shot(page, `newsletter-paused-${width}`);
    await page.keyboard.press("Enter");
    await expect(toast(page, "Sending resumed")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Results" })).toBeVisible({ timeout: 90_000 });
    const delivered = smtp.mails.filter((m) => m.raw.includes(`Subject: ${subject}`));
    expect(delivered.length).toBeGreaterThanOrEqual(READERS);

    // A reader follows the message's link to our site and asks for a demo: a lead of this send.
    const mail = unfolded(delivered[0]);
    const link = /href="(http[^"]+\/api\/newsletter\/click\/[^"]+\/0)"/.exec(mail)?.[1] ?? "";
    expect(link).not.toBe("");
    const reader = await page.context().browser()?.newContext();
    if (!reader) throw new Error("no browser");
    const readerPage = await reader.newPage();
    await readerPage.goto(link);
    expect(new URL(readerPage.url()).searchParams.get("utm_source")).toBe("newsletter");
    const lead = await readerPage.request.post(`${base}/api/leads`, {
      headers: { Origin: base, Accept: "application/json" },
      form: { kind: "lead", email: `buyer${width}@example.com` },
    });
    expect(lead.status()).toBe(200);
    await reader.close();
    await page.reload();
    const figure = (label: string) => page.getByTestId("send-progress").getByText(label).locator("..");
    await expect(figure("Leads from its links")).toContainText("1", { timeout: 10_000 });
    await expectNoHorizontalScroll(page);
    await noViolations(page);
    await shot(page, `newsletter-results-${width}`);

    // The footer's link opens a page with a button; Enter on it unsubscribes.
    const footer = /href="(http[^"]+\/newsletter\/unsubscribe\/[^"]+)"/.exec(mail)?.[1] ?? "";
    const recipient = delivered[0]?.to[0] ?? "";
    await page.goto(footer);
    await expect(page.getByRole("heading", { name: "Unsubscribe from our newsletter?" })).toBeVisible();
    await expect(page.getByText(`${recipient} will receive no more newsletters from us.`)).toBeVisible();
    await noViolations(page);
    await press(page, page.getByRole("button", { name: "Unsubscribe" }));
    await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();

    // The suppression list: Lift asks first and names the consequence; Escape keeps it, Enter on "Lift" lifts.
    await page.goto(`${base}/admin/newsletters?tab=suppressed`);
    const row = page.getByTestId("suppressed-row").filter({ hasText: recipient });
    await expect(row).toContainText("Unsubscribed");
    await noViolations(page);
    await shot(page, `newsletters-suppressed-${width}`);
    const lift = row.getByRole("button", { name: `Lift the suppression of ${recipient}` });
    await press(page, lift, "Enter", { max: 160 });
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`${recipient} will receive every newsletter from now on`);
    await noViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(lift).toBeFocused();
    await page.keyboard.press("Enter");
    await press(page, dialog.getByRole("button", { name: "Lift suppression" }));
    await expect(toast(page, "Suppression lifted")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Suppressed addresses" })).toBeFocused();

    // Someone asks by mail (the mailto of List-Unsubscribe): their address, typed in, is unsubscribed.
    // Any reader but the one whose suppression was just lifted (whichever was delivered to first).
    const asked = [0, 1].map((i) => `reader${width}-${i}@example.com`).find((a) => a !== recipient) ?? "";
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Unsubscribe an address")).toBeFocused();
    await page.keyboard.type(asked);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Unsubscribe", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast(page, `${asked} is unsubscribed`)).toBeVisible();
    await expect(page.getByTestId("suppressed-row").filter({ hasText: asked })).toContainText("Unsubscribed");
    await expect(page.getByRole("button", { name: "Unsubscribe", exact: true })).toBeFocused();
    await expect(page.getByLabel("Unsubscribe an address")).toHaveValue("");
    await noViolations(page);
    await shot(page, `newsletters-hand-unsubscribe-${width}`);
    await expect(page.getByTestId("suppressed-row").filter({ hasText: recipient })).toHaveCount(0);
  });
}
