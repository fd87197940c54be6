import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { uniqueSuffix as suffix } from "./support/ui";

const SUCCESS = "Thank you for your message! We'll get back to you soon.";
const FAILURE = "Failed to submit your message. Please try again.";
const REQUIRED = "Please fill in all required fields";
const BAD_EMAIL = "Please enter a valid email address";

async function fillContact(page: Page, suffix: string) {
  await page.getByLabel("Name *").fill(`Test Visitor ${suffix}`);
  await page.getByLabel("Email *").fill(`visitor-${suffix}@example.com`);
  await page.getByLabel("Organization").fill("Example Labs");
  await page.getByLabel("Interest *").selectOption("sales-automation");
  await page.getByLabel("Message *").fill("We would like to hear more.");
}

test.describe("contact page", () => {
  test("shows contact details from the settings, business hours, the reply promise and reasons", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Get in Touch" })).toBeVisible();
    const details = page.getByRole("complementary", { name: "Contact details" });
    await expect(details.getByRole("link", { name: "hello@asimov.example" })).toHaveAttribute(
      "href",
      "mailto:hello@asimov.example",
    );
    await expect(details).toContainText("+1 (555) 010-2024");
    await expect(details).toContainText("100 Market Street");
    await expect(details).toContainText("Monday - Friday");
    await expect(details).toContainText("9:00 AM - 6:00 PM EST");
    await expect(details).toContainText("10:00 AM - 2:00 PM EST");
    await expect(details).toContainText("Sunday");
    await expect(details).toContainText("Closed");
    await expect(details).toContainText("within 24 hours");
    await expect(details.getByRole("heading", { name: "Why choose Asimov?" })).toBeVisible();
    const options = await page
      .getByLabel("Interest *")
      .locator("option")
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
    expect(options).toEqual([
      "ai-revenue-generation",
      "sales-automation",
      "customer-service-ai",
      "marketing-analytics",
      "custom-ai-solutions",
      "consulting",
      "training",
      "other",
    ]);
    for (const [label, max] of [
      ["Name *", "100"],
      ["Email *", "255"],
      ["Organization", "100"],
      ["Message *", "1000"],
    ] as const) {
      await expect(page.getByLabel(label)).toHaveAttribute("maxlength", max);
    }
  });

  test("counts message characters live", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByText("0/1000")).toBeVisible();
    await page.getByLabel("Message *").fill("Hello");
    await expect(page.getByText("5/1000")).toBeVisible();
  });

  test("validates required fields and the email address with the spec's messages", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-name-error")).toHaveText(REQUIRED);
    await expect(page.locator("#contact-message-error")).toHaveText(REQUIRED);
    await expect(page.getByLabel("Name *")).toBeFocused();
    await fillContact(page, suffix());
    await page.getByLabel("Email *").fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-email-error")).toHaveText(BAD_EMAIL);
    await expect(page.getByLabel("Name *")).not.toHaveValue("");
  });

  test("says 'Sending...' while submitting, then thanks the visitor and clears the form", async ({
    page,
  }) => {
    await page.goto("/contact");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/leads", async (route) => {
      await held;
      await route.continue();
    });
    await fillContact(page, suffix());
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await expect(page.getByLabel("Name *")).toHaveValue("");
    await expect(page.getByLabel("Message *")).toHaveValue("");
    await expect(page.getByText("0/1000")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("keeps the form when sending fails", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(503, "/api/leads"));
    await page.goto("/contact");
    await page.route("**/api/leads", (route) => route.fulfill({ status: 503, body: "Service Unavailable" }));
    const id = suffix();
    await fillContact(page, id);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(FAILURE)).toBeVisible();
    await expect(page.getByLabel("Name *")).toHaveValue(`Test Visitor ${id}`);
    await expect(page.getByLabel("Message *")).toHaveValue("We would like to hear more.");
  });

  test("the server re-validates: script tags stripped, lengths enforced, honeypot answered like a success", async ({
    page,
  }) => {
    const post = (form: Record<string, string>) =>
      page.request.post("/api/leads", {
        form: {
          kind: "contact",
          interest: "other",
          email: `s-${suffix()}@example.com`,
          message: "hi",
          ...form,
        },
        headers: { Accept: "application/json" },
      });
    const scripted = await post({ name: "<script>alert(1)</script>" });
    expect(scripted.status()).toBe(400);
    expect((await scripted.json()).errors.name).toBe(REQUIRED);
    const long = await post({ name: "Long", message: "x".repeat(1001) });
    expect(long.status()).toBe(400);
    expect((await long.json()).errors.message).toBe("Message is too long (max 1000 characters)");
    const badEmail = await post({ name: "Bad", email: "nope" });
    expect((await badEmail.json()).errors.email).toBe(BAD_EMAIL);
    const bot = await post({ name: "Bot", contact_me_by_fax: "spam" });
    expect(bot.status()).toBe(200);
  });

  test("beyond the rate limit it answers 429 with a clear message and keeps the input", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(failedResource(429, "/api/leads"));
    await page.goto("/contact");
    for (let i = 0; i < 5; i++) {
      const response = await page.request.post("/api/leads", {
        form: {
          kind: "contact",
          name: "Burst",
          email: `burst-${suffix()}@example.com`,
          interest: "other",
          message: `Burst ${i}`,
        },
        headers: { Accept: "application/json" },
      });
      expect(response.status()).toBe(200);
    }
    const id = suffix();
    await fillContact(page, id);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(/^Too many submissions from your address\. Please wait/)).toBeVisible();
    await expect(page.getByLabel("Name *")).toHaveValue(`Test Visitor ${id}`);
  });

  test("works without JavaScript: validates on the server and succeeds", async ({ browser, clientIp }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": clientIp },
    });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-name-error")).toHaveText(REQUIRED);
    await expect(page.getByRole("alert")).toContainText(REQUIRED);

    const id = suffix();
    await fillContact(page, id);
    await page.getByLabel("Email *").fill("broken@");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-email-error")).toHaveText(BAD_EMAIL);
    await expect(page.getByLabel("Name *")).toHaveValue(`Test Visitor ${id}`);
    await expect(page.getByLabel("Interest *")).toHaveValue("sales-automation");

    await page.getByLabel("Email *").fill(`nojs-${id}@example.com`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
    await expect(page.getByLabel("Name *")).toHaveValue("");
    // Post/Redirect/Get: the confirmation is a page of its own, so a reload does not send the form again.
    expect(new URL(page.url()).search).toBe("?lead=ok");
    await context.close();
  });

  test("without JavaScript a sent request is answered with a redirect to a cached confirmation, not a rendered page", async ({
    request,
    clientIp,
  }) => {
    const answer = await request.post("/contact", {
      form: {
        name: "Plain Form",
        email: `plain-${suffix()}@example.com`,
        interest: "consulting",
        message: "Sent without scripts.",
      },
      headers: { "X-Forwarded-For": clientIp },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    expect(answer.headers().location).toBe("/contact?lead=ok#contact-form");
    expect(answer.headers()["cache-control"]).toBe("no-store");
    expect(await answer.text()).toBe("");
    // The confirmation is the same for every visitor: after one render the page cache answers it.
    await request.get("/contact?lead=ok");
    const confirmation = await request.get("/contact?lead=ok");
    expect(confirmation.status()).toBe(200);
    expect(confirmation.headers()["x-cache"]).toBe("HIT");
    expect(await confirmation.text()).toContain(SUCCESS.replace("'", "&#x27;"));
  });

  test("has no WCAG 2.2 A/AA violations, also with errors shown", async ({ page }) => {
    await page.goto("/contact");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-name-error")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
