import { expectNoAxeViolations } from "./support/a11y";
import { contextWithoutHydration, expect, test } from "./support/fixtures";
import { isThirdParty } from "./support/ui";

test.describe("cookie consent", () => {
  test("asks first, makes no third-party request, and remembers a rejection", async ({ page, context }) => {
    const thirdParty: string[] = [];
    page.on("request", (r) => {
      if (isThirdParty(r.url())) thirdParty.push(r.url());
    });
    await page.goto("/pricing");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page);
    await banner.getByRole("button", { name: "Reject" }).click();
    await expect(banner).toBeHidden();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "cookie_consent")?.value).toBe("rejected");
    await page.reload();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
    expect(thirdParty).toEqual([]);
    expect(await page.evaluate(() => "gtag" in window || "fbq" in window || "hj" in window)).toBe(false);
  });

  test("remembers an acceptance and can be reopened from the footer", async ({ page, context }) => {
    await page.goto("/contact");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === "cookie_consent")?.value).toBe("accepted");
    await page.reload();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
    await page.getByRole("button", { name: "Cookie settings" }).click();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
  });

  test("hides the banner before the app starts for a visitor who already chose", async ({
    browser,
    clientIp,
    consoleErrors,
  }) => {
    // Every visitor gets the same HTML, banner included; a stored choice must hide it from the first paint, so it
    // may not wait for the app's bundles. Keep them from loading to see what the HTML and stylesheet alone do
    // (in a context whose pages do not wait for a hydration that would never come).
    const context = await contextWithoutHydration(browser, {
      extraHTTPHeaders: { "X-Forwarded-For": clientIp },
    });
    const page = await context.newPage();
    consoleErrors.watch(page);
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    consoleErrors.allow(
      /^Failed to load resource: net::ERR_FAILED \[http:\/\/localhost:\d+\/assets\/[\w.-]+\.js\]/,
    );
    await page.goto("/pricing");
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
    await context.addCookies([{ name: "cookie_consent", value: "rejected", url: page.url() }]);
    await page.reload();
    await expect(page.locator("[data-consent-banner]")).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
    await context.close();
  });

  // Without JavaScript nothing can read the cookie in the browser, and the server renders one page for everyone:
  // the choice is stored (and used as soon as scripts run), but the banner keeps showing. Nothing third-party
  // loads without JavaScript in any case.
  test("works without JavaScript", async ({ browser, clientIp }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": clientIp },
    });
    const page = await context.newPage();
    await page.goto("/pricing");
    await page
      .getByRole("region", { name: "Cookie consent" })
      .getByRole("button", { name: "Accept" })
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
    expect((await context.cookies()).find((c) => c.name === "cookie_consent")?.value).toBe("accepted");
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
    await context.close();
  });

  test("records first-visit attribution in a first-party cookie", async ({ page, context }) => {
    await page.goto("/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=launch");
    await page.goto("/contact?utm_source=other");
    const cookie = (await context.cookies()).find((c) => c.name === "lead_attr");
    expect(cookie).toBeDefined();
    const value = JSON.parse(decodeURIComponent(cookie?.value ?? "{}"));
    expect(value).toMatchObject({
      landing_page: "/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=launch",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "launch",
    });
  });
});
