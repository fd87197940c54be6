// The site's own forms on the Forms screen, tried as a member would: the contact form, the contact and demo dialog
// and the newsletter sign-up listed as built-in; the contact form's texts opened, an empty button label refused with
// its message beside it (what was typed kept), then a new button label and success message saved; the dialog's button
// and success message too. A visitor sees them on /contact (with and without JavaScript) and in the Request Demo
// dialog; "Reset to default" and "Reset all to default" bring the product's texts back. At phone and desktop width,
// with axe, on a server of its own (the texts are the whole site's).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import nodePath from "node:path";
import type { Browser, Page } from "@playwright/test";
import { freePort } from "../../scripts/free-port.ts";
import { expectNoAxeViolations } from "./support/a11y";
import { test as base, expect, failedResource, signInAsAdmin } from "./support/fixtures";
import {
  type ServerProcess,
  sharedServerEnv,
  startServer,
  stopServer,
  uniqueIp,
} from "./support/server-process";
import { toast, uniqueSuffix } from "./support/ui";

const test = base.extend<object, { ownServer: ServerProcess }>({
  ownServer: [
    async ({}, use) => {
      const dataDir = mkdtempSync(nodePath.join(os.tmpdir(), "asimov-builtin-forms-"));
      const server = await startServer(await freePort(), sharedServerEnv(dataDir, { seedDemo: true }));
      await use(server);
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.base),
});

const CONTACT_SUCCESS = "Thank you for your message! We'll get back to you soon.";
const NEW_SUCCESS = "Thanks! A person from sales writes back within one working day.";
const EMPTY_LABEL = "The button label cannot be empty: write one, or reset it to the default.";

const group = (page: Page, name: string) => page.getByRole("group", { name });

/** A visitor of their own (another address, no session), with JavaScript unless told. */
async function visitor(browser: Browser, baseURL: string, { javaScript = true, width = 1280 } = {}) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: javaScript,
    viewport: { width, height: 900 },
    extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() },
  });
  return { context, page: await context.newPage() };
}

async function sendContact(page: Page, button: string) {
  const suffix = uniqueSuffix();
  await page.getByLabel("Name *").fill(`Visitor ${suffix}`);
  await page.getByLabel("Email *").fill(`visitor-${suffix}@example.com`);
  await page.getByLabel("Interest *").selectOption("consulting");
  await page.getByLabel("Message *").fill("We would like to hear more.");
  await page.getByRole("button", { name: button }).click();
}

for (const width of [375, 1280]) {
  test(`a member changes the contact form's and the dialog's texts, a visitor sees them, and reset brings the defaults back at ${width} px`, async ({
    adminPage: page,
    browser,
    baseURL,
    consoleErrors,
  }, testInfo) => {
    // The refused save answers 400, which the browser logs.
    consoleErrors.allow(failedResource(400, "/admin/forms/built-in/contact.data"));
    await page.setViewportSize({ width, height: 900 });
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });

    // The Forms screen lists the three built-in forms first, each marked as such.
    await page.goto("/admin/forms");
    const rows = page.getByTestId("builtin-form-row");
    await expect(rows).toHaveCount(3);
    for (const name of ["Contact form", "Contact and demo dialog", "Newsletter sign-up"]) {
      await expect(rows.filter({ hasText: name })).toContainText("Built-in");
    }
    await expectNoAxeViolations(page);
    await shot("forms-list");

    // Its editor shows texts only: no field to add, nothing to delete.
    await rows.getByRole("link", { name: "Contact form" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit form: Contact form" })).toBeVisible();
    await expect(page.getByTestId("builtin-badge")).toHaveText("Built-in");
    await expect(page.getByRole("button", { name: /Add field|Delete form/ })).toHaveCount(0);
    const button = group(page, "Button and success");
    const submitLabel = button.getByLabel("Button label", { exact: true });
    const success = button.getByLabel("Success message", { exact: true });
    await expect(submitLabel).toHaveValue("Send Message");
    await expect(success).toHaveValue(CONTACT_SUCCESS);
    await expect(button.getByText("Default: “Send Message”")).toBeVisible();
    await expectNoAxeViolations(page);

    // An empty button label is refused beside it; what was typed stays, the keyboard goes to it.
    await submitLabel.fill("");
    await success.fill(NEW_SUCCESS);
    await page.getByRole("button", { name: "Save texts" }).click();
    await expect(button.getByText(EMPTY_LABEL)).toBeVisible();
    await expect(submitLabel).toBeFocused();
    await expect(success).toHaveValue(NEW_SUCCESS);
    await expect(toast(page, "Please check the highlighted texts")).toBeVisible();
    await expectNoAxeViolations(page);
    await shot("builtin-contact-refused");

    await submitLabel.fill("Talk to sales");
    await group(page, "Email field").getByLabel("Help text (optional)").fill("We only use it to reply.");
    await page.getByRole("button", { name: "Save texts" }).click();
    await expect(toast(page, "Texts saved")).toBeVisible();
    await expect(button.getByText(EMPTY_LABEL)).toHaveCount(0);

    // The dialog's button and success message.
    await page.goto("/admin/forms/built-in/dialog");
    await expect(
      page.getByRole("heading", { level: 1, name: "Edit form: Contact and demo dialog" }),
    ).toBeVisible();
    const dialogButton = group(page, "Button and success");
    await dialogButton.getByLabel("Button label", { exact: true }).fill("Book my demo");
    await dialogButton.getByLabel("Success title", { exact: true }).fill("Booked!");
    await dialogButton
      .getByLabel("Success message", { exact: true })
      .fill("We'll write within a working day.");
    await page.getByRole("button", { name: "Save texts" }).click();
    await expect(toast(page, "Texts saved")).toBeVisible();
    await shot("builtin-dialog");

    // A visitor sees the new texts on /contact and in the dialog, at once.
    const origin = baseURL ?? "";
    const guest = await visitor(browser, origin, { width });
    await guest.page.goto("/contact");
    await expect(guest.page.getByLabel("Email *")).toHaveAccessibleDescription("We only use it to reply.");
    await sendContact(guest.page, "Talk to sales");
    await expect(toast(guest.page, NEW_SUCCESS)).toBeVisible();
    await expectNoAxeViolations(guest.page);
    await guest.page.screenshot({
      path: testInfo.outputPath(`contact-changed-${width}.png`),
      fullPage: true,
    });
    await guest.page.goto("/");
    await guest.page.getByRole("button", { name: "Request Demo" }).first().click();
    const dialog = guest.page.getByRole("dialog", { name: "Get in Touch" });
    await dialog.getByLabel("Email *").fill(`demo-${uniqueSuffix()}@example.com`);
    await dialog.getByRole("button", { name: "Book my demo" }).click();
    await expect(toast(guest.page, "We'll write within a working day.")).toContainText("Booked!");
    await expect(dialog).toBeHidden();
    await guest.context.close();
    // Without JavaScript, the confirmation page after a sent request says the new success message.
    const plain = await visitor(browser, origin, { javaScript: false, width });
    await plain.page.goto("/contact");
    await sendContact(plain.page, "Talk to sales");
    await expect(plain.page).toHaveURL(/\/contact\?lead=ok#contact-form$/);
    await expect(plain.page.getByRole("status").filter({ hasText: NEW_SUCCESS })).toBeVisible();
    await plain.context.close();

    // "Reset to default" per text, then for the whole dialog: the product's texts come back on the site.
    await page.goto("/admin/forms/built-in/contact");
    await button.getByRole("button", { name: "Reset to default: Button label" }).click();
    await button.getByRole("button", { name: "Reset to default: Success message" }).click();
    await expect(submitLabel).toHaveValue("Send Message");
    await expect(success).toHaveValue(CONTACT_SUCCESS);
    // The help text is still changed: "Reset all to default" takes it back too.
    await page.getByRole("button", { name: "Reset all to default" }).click();
    await expect(group(page, "Email field").getByLabel("Help text (optional)")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Reset all to default" })).toBeDisabled();
    await page.getByRole("button", { name: "Save texts" }).click();
    await expect(toast(page, "Texts saved")).toBeVisible();
    await page.goto("/admin/forms/built-in/dialog");
    await page.getByRole("button", { name: "Reset all to default" }).click();
    await expect(dialogButton.getByLabel("Button label", { exact: true })).toHaveValue("Send");
    await page.getByRole("button", { name: "Save texts" }).click();
    await expect(toast(page, "Texts saved")).toBeVisible();

    const again = await visitor(browser, origin, { width });
    await again.page.goto("/contact");
    await expect(again.page.getByLabel("Email *")).toHaveAccessibleDescription("");
    await sendContact(again.page, "Send Message");
    await expect(toast(again.page, CONTACT_SUCCESS)).toBeVisible();
    await again.page.goto("/");
    await again.page.getByRole("button", { name: "Request Demo" }).first().click();
    const defaultDialog = again.page.getByRole("dialog", { name: "Get in Touch" });
    await defaultDialog.getByLabel("Email *").fill(`demo-${uniqueSuffix()}@example.com`);
    await defaultDialog.getByRole("button", { name: "Send" }).click();
    await expect(toast(again.page, "We'll be in touch soon.")).toContainText("Thank you!");
    await again.context.close();

    // The history keeps every save, the defaults first.
    await page.goto("/admin/forms/built-in/contact");
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "Form history" });
    await expect(history.getByTestId("revision-list").getByRole("button").first()).toContainText(
      "Changed: Email field help text, Button label and Success message",
    );
    await expectNoAxeViolations(page);
    await shot("builtin-contact-history");
  });
}

test("a built-in form's editor needs a signed-in member; an unknown one is a 404", async ({
  page,
  baseURL,
}) => {
  const signedOut = await page.request.get("/admin/forms/built-in/contact", { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toMatch(/^\/admin-auth/);
  await signInAsAdmin(page, baseURL ?? "");
  expect((await page.request.get("/admin/forms/built-in/contact")).status()).toBe(200);
  expect((await page.request.get("/admin/forms/built-in/unknown")).status()).toBe(404);
});
