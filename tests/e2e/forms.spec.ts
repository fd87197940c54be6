// Forms the team builds, tried as a new member would: a "Webinar registration" with a business-only e-mail, a
// drop-down, checkboxes, a field shown only when "Other" is ticked, a consent box and a hidden UTM campaign, whose
// submissions alert the owner and are confirmed to the sender; put on a new campaign page with the Form block; filled
// in by a visitor who arrived with ?utm_campaign=spring (a refused free-mail address first, everything kept); stored
// with the campaign, counted on the Forms screen, a lead in the inbox with every answer, and both mails delivered to
// a real SMTP server. A multi-step form from the keyboard only, at phone and desktop width, with axe. On a server of
// its own that sends mail.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import nodePath from "node:path";
import { HONEYPOT_FIELD } from "../../app/lib/lead-schema";
import { freePort } from "../../scripts/free-port.ts";
import { startSmtp } from "../support/receivers";
import { DESKTOP_CHROME } from "../support/user-agents";
import { expectNoAxeViolations } from "./support/a11y";
import { test as base, expect } from "./support/fixtures";
import { addField, newForm, placeOnPage } from "./support/forms";
import { E2E_ADMIN, type ServerProcess, startServer, stopServer } from "./support/server-process";
import { toast, uniqueSuffix } from "./support/ui";

/** A server of this file's own that sends its mail to an SMTP server started here. */
interface MailingServer {
  server: ServerProcess;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
}

const test = base.extend<object, { mailingServer: MailingServer }>({
  mailingServer: [
    async ({}, use) => {
      const smtp = await startSmtp();
      const dataDir = mkdtempSync(nodePath.join(os.tmpdir(), "asimov-forms-"));
      const server = await startServer(await freePort(), { DATA_DIR: dataDir, SMTP_URL: smtp.url });
      await use({ server, smtp });
      await stopServer(server);
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ mailingServer }, use) => use(mailingServer.server.base),
});

test("a webinar registration built, placed on a campaign page and filled in by a visitor from a campaign", async ({
  adminPage: page,
  browser,
  mailingServer: { smtp },
}, testInfo) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const name = `Webinar registration ${suffix}`;
  await newForm(page, name);

  let panel = await addField(page, "text", "Name");
  await panel.getByLabel("Required", { exact: true }).check();
  panel = await addField(page, "email", "Work e-mail");
  await panel.getByLabel("Required", { exact: true }).check();
  await panel.getByLabel("Business e-mail only").check();
  panel = await addField(page, "select", "Company size");
  await panel.getByLabel("Value").nth(0).fill("small");
  await panel.getByLabel("Label", { exact: true }).nth(1).fill("1-50 people");
  await panel.getByLabel("Value").nth(1).fill("large");
  await panel.getByLabel("Label", { exact: true }).nth(2).fill("51 or more");
  panel = await addField(page, "checkboxes", "Which topics?");
  await panel.getByLabel("Value").nth(0).fill("forecasting");
  await panel.getByLabel("Label", { exact: true }).nth(1).fill("Forecasting");
  await panel.getByLabel("Value").nth(1).fill("other");
  await panel.getByLabel("Label", { exact: true }).nth(2).fill("Other");
  panel = await addField(page, "textarea", "Tell us more");
  await panel.getByLabel("Show this field when").selectOption({ label: "Which topics?" });
  await panel.getByLabel("Condition").first().selectOption("equals");
  await panel.getByLabel("Value").first().fill("other");
  panel = await addField(page, "consent", "I agree to hear about the webinar.");
  await panel.getByLabel("Required", { exact: true }).check();
  panel = await addField(page, "hidden", "Campaign");
  await panel.getByLabel("Filled with").selectOption("utm_campaign");
  await page.getByLabel("Message", { exact: true }).fill("Thanks {name}, see you at the webinar!");
  await page.getByLabel("Button", { exact: true }).fill("Register");
  // Who hears of it: the owner is alerted; the sender gets a confirmation naming them.
  await page.getByLabel(/\(Owner\)$/).check();
  await page.getByLabel("Send the sender a confirmation mail").check();
  await page.getByLabel("Confirmation subject").fill("You are registered, {name}");
  await page.getByLabel("Confirmation message").fill("Hi {name}, the link follows the day before.");
  await page.screenshot({ path: testInfo.outputPath("form-editor.png"), fullPage: true });
  await page.getByRole("button", { name: "Save form" }).click();
  await expect(toast(page, "Form created")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Edit form: ${name}` })).toBeVisible();
  const formId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  await expect(page.getByTestId("field-item")).toHaveCount(7);

  // A campaign page with the Form block.
  const path = `/lp/webinar-${suffix}`;
  await placeOnPage(page, name, path, "Register for the webinar");

  // A visitor from the campaign.
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const visitor = await context.newPage();
  await visitor.goto(`${path}?utm_campaign=spring`);
  await expect(visitor.getByRole("form", { name: "Register for the webinar" })).toBeVisible();
  await expect(visitor.locator("form[data-built-form][data-live]")).toBeVisible();
  // The running form: the conditional field appears only once "Other" is ticked.
  await expect(visitor.getByLabel("Tell us more")).toHaveCount(0);
  await visitor.getByLabel("Name *").fill("Ada");
  await visitor.getByLabel("Work e-mail *").fill("ada@gmail.com");
  await visitor.getByLabel("Company size").selectOption("small");
  await visitor.getByLabel("Other").check();
  await visitor.getByLabel("Tell us more").fill("Forecasting for a small team.");
  await visitor.getByLabel(/I agree to hear about the webinar/).check();
  for (const width of [375, 1280]) {
    await visitor.setViewportSize({ width, height: 900 });
    await visitor
      .locator("form[data-built-form]")
      .screenshot({ path: testInfo.outputPath(`form-filled-${width}.png`) });
  }
  await visitor.getByRole("button", { name: "Register" }).click();
  await expect(visitor.getByText("Please use your work email address.")).toBeVisible();
  await expect(visitor.getByLabel("Work e-mail *")).toBeFocused();
  await expect(visitor.getByLabel("Tell us more")).toHaveValue("Forecasting for a small team.");
  await visitor.getByLabel("Work e-mail *").fill("ada@analytical.example");
  await visitor.getByRole("button", { name: "Register" }).click();
  await expect(
    visitor.getByRole("status").filter({ hasText: "Thanks Ada, see you at the webinar!" }),
  ).toBeVisible();
  await expectNoAxeViolations(visitor);
  await context.close();

  // The owner's alert carries the answers; the sender's confirmation names them.
  const to = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
  await expect.poll(() => to(E2E_ADMIN.email).length, { timeout: 30_000 }).toBe(1);
  expect(to(E2E_ADMIN.email)[0]?.raw).toContain("Tell us more: Forecasting for a small team.");
  await expect.poll(() => to("ada@analytical.example").length, { timeout: 30_000 }).toBe(1);
  expect(to("ada@analytical.example")[0]?.raw).toContain("You are registered, Ada");

  // Counted on the Forms screen, and listed on the form's own screen with every answer and the campaign.
  await page.goto("/admin/forms");
  const row = page.getByTestId("form-row").filter({ hasText: name });
  await expect(row).toContainText("1");
  await row.getByRole("link", { name }).click();
  // The funnel: the visitor saw the form once, started it once and sent it once (the refused try is no submission).
  await expect(page.getByTestId("form-funnel").locator("dd")).toHaveText(["1", "1", "1"]);
  await expect(page.getByRole("region", { name: "Funnel by page" })).toContainText(path);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page
      .getByTestId("form-funnel")
      .locator("xpath=ancestor::div[contains(@class,'p-4')][1]")
      .screenshot({ path: testInfo.outputPath(`funnel-${width}.png`) });
  }
  const submission = page.getByTestId("form-submission");
  await expect(submission).toHaveCount(1);
  for (const answer of [
    "Ada",
    "ada@analytical.example",
    "small",
    "other",
    "Forecasting for a small team.",
    "spring",
  ])
    await expect(submission).toContainText(answer);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await (await download).createReadStream();
  let text = "";
  for await (const chunk of csv) text += chunk;
  expect(text.split("\r\n")[0]).toBe(
    "Name,Work e-mail,Company size,Which topics?,Tell us more,I agree to hear about the webinar.,Campaign,Sent at,Page,UTM campaign",
  );
  expect(text).toContain("ada@analytical.example,small,other,Forecasting for a small team.,yes,spring,");

  // A lead in the one inbox, found by an answer; the person view has every answer in the form's order.
  await page.goto("/admin/contacts?q=forecasting+for+a+small");
  const lead = page.getByTestId("form-lead-row");
  await expect(lead).toHaveCount(1);
  await expect(lead).toContainText(name);
  await expect(lead).toContainText("utm spring");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await lead.screenshot({ path: testInfo.outputPath(`inbox-form-lead-${width}.png`) });
  }
  await lead.getByRole("link", { name: "ada@analytical.example" }).click();
  const answers = page.getByTestId("form-answers");
  await expect(answers.locator("dt")).toHaveText([
    "Name",
    "Work e-mail",
    "Company size",
    "Which topics?",
    "Tell us more",
    "I agree to hear about the webinar.",
    "Campaign",
  ]);
  await expect(answers).toContainText("Forecasting for a small team.");
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`person-form-lead-${width}.png`), fullPage: true });
  }

  // A bot's submission (the honeypot filled) is answered like a success and waits in the Spam view with its
  // answers; "Not spam" makes it a lead.
  const bot = await page.request.post(`/api/forms/${formId}`, {
    form: {
      // The answer keys the editor made from the labels.
      name: "Bea Bot",
      work_e_mail: "bea@botnet.example",
      company_size: "large",
      which_topics: "forecasting",
      i_agree_to_hear_about_the_webinar: "on",
      [HONEYPOT_FIELD]: "http://spam.example",
    },
    headers: { Accept: "application/json", Origin: new URL(page.url()).origin },
  });
  expect(bot.status()).toBe(200);
  await page.goto("/admin/contacts/spam");
  const held = page.getByTestId("spam-row").filter({ hasText: "bea@botnet.example" });
  await expect(held).toContainText(`Form submission: ${name}`);
  await expect(held).toContainText("Company size: 51 or more");
  await held.getByRole("button", { name: "Not spam: Bea Bot <bea@botnet.example>" }).click();
  await expect(toast(page, "Moved to the inbox")).toBeVisible();
  await expect(held).toHaveCount(0);
  await page.goto("/admin/contacts?q=bea%40botnet");
  await expect(page.getByTestId("form-lead-row")).toHaveCount(1);
});

for (const width of [375, 1280]) {
  test(`a multi-step form at ${width} px, from the keyboard only: each step checked, Back keeps the answers`, async ({
    adminPage: page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    const name = `Partner application ${suffix}`;
    await newForm(page, name);
    let panel = await addField(page, "text", "Company");
    await panel.getByLabel("Required", { exact: true }).check();
    await addField(page, "step", "About the partnership");
    panel = await addField(page, "radio", "Partner type");
    await panel.getByLabel("Required", { exact: true }).check();
    await panel.getByLabel("Value").nth(0).fill("reseller");
    await panel.getByLabel("Label", { exact: true }).nth(1).fill("Reseller");
    await panel.getByLabel("Value").nth(1).fill("agency");
    await panel.getByLabel("Label", { exact: true }).nth(2).fill("Agency");
    await addField(page, "textarea", "Anything else?");
    await page.getByLabel("Message", { exact: true }).fill("Thanks, {company}: we will be in touch.");
    await page.getByRole("button", { name: "Save form" }).click();
    await expect(toast(page, "Form created")).toBeVisible();
    const path = `/lp/partners-${suffix}`;
    await placeOnPage(page, name, path, "Become a partner");

    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const visitor = await context.newPage();
    await visitor.goto(path);
    await expect(visitor.locator("form[data-built-form][data-live]")).toBeVisible();
    await expect(visitor.getByText("Step 1 of 2")).toBeVisible();
    await expectNoAxeViolations(visitor);
    // Next with the step unanswered: refused beside the field, the keyboard on it.
    await visitor.getByLabel("Company *").focus();
    await visitor.keyboard.press("Enter");
    await expect(visitor.getByText("This field is required.")).toBeVisible();
    await expect(visitor.getByLabel("Company *")).toBeFocused();
    await visitor.keyboard.type("Acme Analytics");
    await visitor.keyboard.press("Enter");
    await expect(visitor.getByText("Step 2 of 2: About the partnership")).toBeVisible();
    await expect(visitor.getByLabel("Company *")).toHaveCount(0);
    await visitor.getByLabel("Agency").focus();
    await visitor.keyboard.press("Space");
    await expect(visitor.getByLabel("Agency")).toBeChecked();
    await visitor.screenshot({ path: testInfo.outputPath(`multi-step-${width}.png`), fullPage: true });
    await expectNoAxeViolations(visitor);
    // Back keeps what was typed on both steps.
    await visitor.getByRole("button", { name: "Back" }).focus();
    await visitor.keyboard.press("Enter");
    await expect(visitor.getByLabel("Company *")).toHaveValue("Acme Analytics");
    await visitor.getByLabel("Company *").focus();
    await visitor.keyboard.press("Enter");
    await expect(visitor.getByLabel("Agency")).toBeChecked();
    await visitor.getByLabel("Anything else?").focus();
    await visitor.keyboard.type("We run forecasting workshops.");
    await visitor.getByRole("button", { name: "Send" }).focus();
    await visitor.keyboard.press("Enter");
    await expect(
      visitor.getByRole("status").filter({ hasText: "Thanks, Acme Analytics: we will be in touch." }),
    ).toBeFocused();
    await context.close();
  });
}
