import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { uniqueSuffix as suffix } from "./support/ui";

test.describe("demo request dialog", () => {
  test("opens from Request Demo with the default title, fields and buttons; Cancel closes it", async ({
    page,
  }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Request Demo" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Get in Touch" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("We'd love to learn more about your needs")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toBeVisible();
    await expect(dialog.getByLabel("Email *")).toHaveAttribute("type", "email");
    await expect(dialog.getByLabel("Message")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("opens from the keyboard at the first press (its code loads on demand); Escape gives focus back", async ({
    page,
  }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Request Demo" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Get in Touch" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("an empty email does nothing", async ({ page }) => {
    await page.goto("/");
    let posts = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/leads")) posts++;
    });
    await page.getByRole("button", { name: "Request Demo" }).click();
    const dialog = page.getByRole("dialog", { name: "Get in Touch" });
    await dialog.getByLabel("Name").fill("No Email");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Email *")).toBeFocused();
    expect(posts).toBe(0);
  });

  test("sends the demo request: 'Sending...', then 'Thank you!' and it closes", async ({ page }) => {
    await page.goto("/");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent: string | null = null;
    await page.route("**/api/leads", async (route) => {
      sent = route.request().postData();
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Request Demo" }).click();
    const dialog = page.getByRole("dialog", { name: "Get in Touch" });
    await dialog.getByLabel("Name").fill("Demo Person");
    await dialog.getByLabel("Email *").fill(`demo-${suffix()}@example.com`);
    await dialog.getByLabel("Message").fill("Show us the AI proposals.");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    await expect(page.getByText("Thank you!")).toBeVisible();
    await expect(page.getByText("We'll be in touch soon.")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(sent).toContain("demo_request");
    expect(sent).toContain("hero_section");
  });

  test("stays open with its data and a destructive 'Error' toast when sending fails", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(failedResource("ERR_CONNECTION_REFUSED", "/api/leads"));
    await page.goto("/");
    await page.route("**/api/leads", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Request Demo" }).click();
    const dialog = page.getByRole("dialog", { name: "Get in Touch" });
    const email = `fail-${suffix()}@example.com`;
    await dialog.getByLabel("Email *").fill(email);
    await dialog.getByRole("button", { name: "Send" }).click();
    const toast = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Something went wrong. Please try again." });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Error");
    await expect(toast).toHaveAttribute("data-type", "error");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Email *")).toHaveValue(email);
  });

  test("beyond the rate limit it shows the 429 message and stays open", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(429, "/api/leads"));
    await page.goto("/");
    for (let i = 0; i < 5; i++) {
      const r = await page.request.post("/api/leads", {
        form: { kind: "lead", email: `rl-${suffix()}@example.com` },
        headers: { Accept: "application/json" },
      });
      expect(r.status()).toBe(200);
    }
    await page.getByRole("button", { name: "Request Demo" }).click();
    const dialog = page.getByRole("dialog", { name: "Get in Touch" });
    await dialog.getByLabel("Email *").fill(`rl-${suffix()}@example.com`);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText(/^Too many submissions from your address/)).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test("the lead endpoint stores the submission and answers 429 as JSON with Retry-After", async ({
    page,
  }) => {
    const email = `api-${suffix()}@example.com`;
    const ok = await page.request.post("/api/leads", {
      form: { kind: "lead", email, purpose: "demo_request", source_section: "hero_section" },
      headers: { Accept: "application/json" },
    });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, toast: { title: "Thank you!" } });
    for (let i = 0; i < 4; i++) {
      await page.request.post("/api/leads", {
        form: { kind: "lead", email },
        headers: { Accept: "application/json" },
      });
    }
    const limited = await page.request.post("/api/leads", {
      form: { kind: "lead", email },
      headers: { Accept: "application/json" },
    });
    expect(limited.status()).toBe(429);
    expect(limited.headers()["retry-after"]).toMatch(/^\d+$/);
    expect((await limited.json()).toast.message).toMatch(/^Too many submissions/);
  });
});

test.describe("footer newsletter", () => {
  test("subscribes with JavaScript", async ({ page }) => {
    await page.goto("/pricing");
    const form = page.getByRole("form", { name: "Newsletter signup" });
    await form.getByLabel("Get product news and revenue playbooks").fill(`news-${suffix()}@example.com`);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("You're subscribed! Watch your inbox for our next update.")).toBeVisible();
  });

  test("subscribes without JavaScript and validates the address", async ({ browser, clientIp }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": clientIp },
    });
    const page = await context.newPage();
    await page.goto("/pricing");
    const form = page.getByRole("form", { name: "Newsletter signup" });
    await form.getByLabel("Get product news and revenue playbooks").fill(`nojs-news-${suffix()}@example.com`);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/pricing\?newsletter=ok#newsletter$/);
    await expect(page.getByRole("status").filter({ hasText: "You're subscribed!" })).toBeVisible();
    await context.close();
  });
});
