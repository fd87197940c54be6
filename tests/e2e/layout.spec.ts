import { expect, failedResource, test } from "./support/fixtures";

test.describe("public layout", () => {
  test("header, navigation and footer on the home page", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    for (const name of ["Home", "Blog", "Academy", "Pricing", "Contact"]) {
      await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(header.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/contact");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("2024");
    for (const heading of ["Product", "Resources", "Company"]) {
      await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: "Support" })).toHaveAttribute("href", "/contact");
  });

  test("the mobile menu toggles and closes on navigation", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: /menu/i });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const mobileNav = page.locator("#mobile-menu");
    await mobileNav.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(mobileNav).toBeHidden();
  });

  test("the menu button's aria-controls names an element of the page, closed and open (site and admin)", async ({
    adminPage: page,
  }) => {
    for (const [path, link] of [
      ["/", "Pricing"],
      ["/admin", "Settings"],
    ] as const) {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      const toggle = page.getByRole("button", { name: /menu/i });
      const controlled = async () => {
        const id = await toggle.getAttribute("aria-controls");
        expect(id, `${path}: aria-controls`).toBeTruthy();
        await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
        return page.locator(`[id="${id}"]`);
      };
      await controlled();
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect((await controlled()).getByRole("link", { name: link })).toBeVisible();
    }
  });

  test("unknown paths show the 404 page with status 404", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(404, "/no-such-page"));
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the health check reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { reachable: true } });
  });
});
