import { expectNoAxeViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";

test.describe("pricing page", () => {
  test("shows the four plans with Growth marked Most Popular", async ({ page }) => {
    await page.goto("/pricing");
    const plans = page
      .getByRole("region", { name: "Plans" })
      .getByRole("listitem")
      .filter({
        has: page.getByRole("heading", { level: 2 }),
      });
    await expect(plans).toHaveCount(4);
    const expectations: Array<[string, string[]]> = [
      ["Startup", ["$9", "/month", "Up to 3 users", "1,000 lead generation credits/month"]],
      ["Growth", ["$19", "/month", "Up to 10 users", "5,000 lead generation credits/month", "Most Popular"]],
      ["Scale", ["Contact Us", "Unlimited users"]],
      ["Enterprise", ["Custom"]],
    ];
    for (const [name, texts] of expectations) {
      const plan = plans.filter({ has: page.getByRole("heading", { name, exact: true }) });
      for (const text of texts) await expect(plan).toContainText(text);
    }
    await expect(page.getByText("Most Popular")).toHaveCount(1);
  });

  test("buttons lead to /contact and to the features section", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("link", { name: "Start Free Trial: Growth plan" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(page.getByRole("link", { name: "Contact Sales: Enterprise plan" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await page.getByRole("link", { name: "Start Free Trial: Startup plan" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.goto("/pricing");
    await expect(page.getByRole("link", { name: "Compare all features" })).toHaveAttribute(
      "href",
      "/features",
    );
    await page.getByRole("link", { name: "Compare all features" }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.locator("#features")).toBeVisible();
  });

  test("FAQ answers open and the academy promo links to the academy", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
    const answer = page.getByText(
      "Every plan starts with a free 14-day trial, and no credit card is required",
    );
    await expect(answer).toBeHidden();
    await page.getByText("Is there a free trial?").click();
    await expect(answer).toBeVisible();
    await expect(page.getByRole("heading", { name: "Learn with the Asimov Academy" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Explore the Academy" })).toHaveAttribute("href", "/academy");
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((t) => t.includes('"FAQPage"'))).toBe(true);
  });

  test("renders without JavaScript and has no WCAG 2.2 A/AA violations", async ({
    page,
    browser,
    clientIp,
  }) => {
    await page.goto("/pricing");
    await expectNoAxeViolations(page);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": clientIp },
    });
    const noJs = await context.newPage();
    await noJs.goto("/pricing");
    await expect(noJs.getByText("Most Popular")).toBeVisible();
    await expect(noJs.getByRole("heading", { name: "Enterprise" })).toBeVisible();
    await context.close();
  });
});
