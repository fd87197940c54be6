// The back office's page tabs keep the open tab in the URL: a reload or a shared link opens the same tab, a switch
// replaces the history entry without loading the page's data again, an unknown value opens the first tab.
import { expect, test } from "./support/fixtures";

const pages = [
  { path: "/admin/integrations", first: "Lead notifications", other: "Webhooks", value: "webhooks" },
  { path: "/admin/settings", first: "General", other: "SEO", value: "seo" },
  { path: "/admin/redirects", first: /^Redirects \(/, other: /^404 monitor/, value: "404" },
];

test.describe("admin tabs in the URL", () => {
  for (const { path, first, other, value } of pages) {
    test(`${path}: the open tab survives a reload and a shared link`, async ({ adminPage: page }) => {
      await page.goto(path);
      const firstTab = page.getByRole("tab", { name: first, exact: typeof first === "string" });
      const otherTab = page.getByRole("tab", { name: other, exact: typeof other === "string" });
      await expect(firstTab).toHaveAttribute("aria-selected", "true");

      const loads: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) loads.push(request.url());
      });
      const entries = await page.evaluate(() => history.length);
      await otherTab.click();
      await expect(otherTab).toHaveAttribute("aria-selected", "true");
      await expect(page).toHaveURL(`${path}?tab=${value}`);
      expect(await page.evaluate(() => history.length), "the entry is replaced").toBe(entries);
      expect(loads, "no data is loaded for a tab switch").toEqual([]);

      await page.reload();
      await expect(otherTab).toHaveAttribute("aria-selected", "true");

      // The default tab leaves the URL clean; a link with a value that is no tab opens the first one.
      await firstTab.click();
      await expect(page).toHaveURL(path);
      await page.goto(`${path}?tab=no-such-tab`);
      await expect(firstTab).toHaveAttribute("aria-selected", "true");
      await page.goto(`${path}?tab=${value}`);
      await expect(otherTab).toHaveAttribute("aria-selected", "true");
    });
  }
});
