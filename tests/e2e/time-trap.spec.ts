// The time trap and the honeypot in a real browser, on a server of its own that keeps the product's 2 s threshold
// (the shared test servers turn it off) and sends its alert mails to a real SMTP server started here. The contact
// form, the demo dialog and the footer newsletter, filled and sent at machine speed, get the usual success and are
// held as suspected spam: in no list, export or alert, but in the inbox's Spam view, from where "Not spam" stores
// each one and sends its alert exactly once. A form sent at a person's pace is stored and alerted at once.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { freePort } from "../../scripts/free-port.ts";
import { type ReceivedMail, startSmtp } from "../support/receivers";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, signInAsAdmin, test } from "./support/fixtures";
import { adminCookie, type ServerProcess, startServer, stopServer } from "./support/server-process";
import { expectNoHorizontalScroll, expectToast, uniqueSuffix } from "./support/ui";

let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let dataDir: string;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-timetrap-"));
  server = await startServer(await freePort(), {
    DATA_DIR: dataDir,
    LEAD_MIN_FILL_MS: "2000",
    SMTP_URL: smtp.url,
  });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The elapsed time the form sent with its submission (the time trap's measurement). */
async function sentElapsed(page: Page, submit: () => Promise<void>): Promise<number> {
  const request = page.waitForRequest((r) => r.url().endsWith("/api/leads"));
  await submit();
  const body = (await request).postData() ?? "";
  return Number(/name="form_elapsed_ms"\r\n\r\n(\d+)/.exec(body)?.[1]);
}

async function sendContact(page: Page, email: string, pause = 0) {
  await page.goto(`${server.base}/contact`);
  await page.getByLabel("Name *").fill("Timed Visitor");
  await page.getByLabel("Email *").fill(email);
  await page.getByLabel("Interest *").selectOption("sales-automation");
  await page.getByLabel("Message *").fill("Sent to test the time trap.");
  // A person reads and types for a while; a script does not.
  if (pause) await page.waitForTimeout(pause);
  const elapsed = await sentElapsed(page, () => page.getByRole("button", { name: "Send Message" }).click());
  await expect(
    page.getByText("Thank you for your message! We'll get back to you soon.").first(),
  ).toBeVisible();
  return elapsed;
}

async function sendDemo(page: Page, email: string) {
  await page.goto(`${server.base}/`);
  await page.getByRole("button", { name: "Request Demo" }).click();
  const dialog = page.getByRole("dialog", { name: "Get in Touch" });
  await dialog.getByLabel("Name").fill("Quick Demo");
  await dialog.getByLabel("Email *").fill(email);
  const elapsed = await sentElapsed(page, () => dialog.getByRole("button", { name: "Send" }).click());
  await expect(page.getByText("We'll be in touch soon.").first()).toBeVisible();
  return elapsed;
}

async function sendNewsletter(page: Page, email: string) {
  await page.goto(`${server.base}/pricing`);
  const form = page.getByRole("form", { name: "Newsletter signup" });
  await form.getByLabel("Get product news and revenue playbooks").fill(email);
  const elapsed = await sentElapsed(page, () => form.getByRole("button", { name: "Subscribe" }).click());
  await expect(page.getByText("You're subscribed! Watch your inbox for our next update.")).toBeVisible();
  return elapsed;
}

async function exports(): Promise<string> {
  const cookie = await adminCookie(server.base);
  const lists = ["contacts", "subscribers", "submissions"];
  const bodies = await Promise.all(
    lists.map(async (list) =>
      (await fetch(`${server.base}/admin/contacts/export/${list}`, { headers: { cookie } })).text(),
    ),
  );
  return bodies.join("\n");
}

/** The lead alerts about `email` (to the team; not a mail to the address itself, like a sign-up's confirmation). */
const alertsFor = (mails: ReceivedMail[], email: string) =>
  mails.filter((m) => m.raw.includes(email) && !m.to.includes(email));

test("a person's pace is stored and alerted; machine speed in all three forms is held, restored, alerted once", async ({
  page,
}) => {
  const id = uniqueSuffix();
  const person = `patient-${id}@example.com`;
  expect(await sendContact(page, person, 2500)).toBeGreaterThanOrEqual(2000);
  await expect.poll(() => alertsFor(smtp.mails, person).length, { timeout: 30_000 }).toBe(1);

  const fast = {
    contact: `fast-contact-${id}@example.com`,
    demo: `fast-demo-${id}@example.com`,
    news: `fast-news-${id}@example.com`,
  };
  expect(await sendContact(page, fast.contact)).toBeLessThan(2000);
  expect(await sendDemo(page, fast.demo)).toBeLessThan(2000);
  expect(await sendNewsletter(page, fast.news)).toBeLessThan(2000);

  const before = await exports();
  expect(before).toContain(person);
  for (const email of Object.values(fast)) expect(before).not.toContain(email);

  await signInAsAdmin(page, server.base);
  await page.goto(`${server.base}/admin/contacts`);
  await expect(page.getByText(fast.contact)).toHaveCount(0);
  await page.getByRole("navigation", { name: "Inbox views" }).getByRole("link", { name: /Spam/ }).click();
  await expect(page.getByRole("heading", { name: "Spam", level: 1 })).toBeVisible();
  const rows = page.getByTestId("spam-row");
  await expect(rows).toHaveCount(3);
  const row = (email: string) => rows.filter({ hasText: email });
  await expect(row(fast.contact)).toContainText("Contact request");
  await expect(row(fast.demo)).toContainText("Demo or dialog lead");
  await expect(row(fast.news)).toContainText("Newsletter sign-up");
  for (const email of Object.values(fast)) {
    await expect(row(email)).toContainText(/Reason: Sent \d+\.\d s after the form was ready/);
    await expect(row(email)).toContainText(/Received \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  }
  await expectNoAxeViolations(page);
  // Held, nothing was queued: only the person's alert has arrived.
  expect(smtp.mails.filter((m) => m.raw.includes(id))).toHaveLength(1);

  // "Not spam" from the keyboard for the first, by click for the others.
  await row(fast.contact)
    .getByRole("button", { name: /^Not spam/ })
    .focus();
  await page.keyboard.press("Enter");
  await expectToast(page, "Moved to the inbox");
  await expect(row(fast.contact)).toHaveCount(0);
  for (const email of [fast.demo, fast.news]) {
    await row(email)
      .getByRole("button", { name: /^Not spam/ })
      .click();
    await expect(row(email)).toHaveCount(0);
  }
  await expect(page.getByText("No suspected spam.")).toBeVisible();

  for (const email of Object.values(fast)) {
    await expect.poll(() => alertsFor(smtp.mails, email).length, { timeout: 30_000 }).toBe(1);
  }
  const after = await exports();
  for (const email of Object.values(fast)) expect(after).toContain(email);
  await page.goto(`${server.base}/admin/contacts`);
  await expect(page.getByTestId("contact-row").filter({ hasText: fast.contact })).toHaveCount(1);
  await expect(page.getByTestId("submission-row").filter({ hasText: fast.demo })).toHaveCount(1);
  await expect(page.getByTestId("subscriber-row").filter({ hasText: fast.news })).toHaveCount(1);
  // Each restored lead was alerted once, and nothing else came in the meantime.
  const mentioning = smtp.mails.filter((m) => m.raw.includes(id));
  expect(mentioning.filter((m) => !m.to.some((to) => to.includes(id)))).toHaveLength(4);
  // The restored newsletter sign-up asks its address to confirm, once (double opt-in with mail on).
  expect(mentioning.filter((m) => m.to.includes(fast.news))).toHaveLength(1);
});

test("a honeypot hit is held with its reason and can be deleted after a confirmation", async ({ page }) => {
  const email = `honeypot-${uniqueSuffix()}@example.com`;
  const response = await page.request.post(`${server.base}/api/leads`, {
    form: { kind: "newsletter", email, contact_me_by_fax: "http://spam.example" },
    headers: { Accept: "application/json", Origin: server.base },
  });
  expect(response.status()).toBe(200);
  expect((await response.json()).toast.message).toBe(
    "You're subscribed! Watch your inbox for our next update.",
  );

  await signInAsAdmin(page, server.base);
  await page.goto(`${server.base}/admin/contacts/spam`);
  const row = page.getByTestId("spam-row").filter({ hasText: email });
  await expect(row).toContainText("Reason: Filled in the hidden field that only bots see");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await row.getByRole("button", { name: `Delete submission from ${email}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete submission" });
  await expect(confirm).toContainText("Are you sure you want to delete this submission?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Submission deleted");
  await expect(row).toHaveCount(0);
  expect(await exports()).not.toContain(email);
});
