// The audit-log screen: the back office's record in sentences with the member's name, filtered by member, kind of
// action and dates (kept in the URL), with an empty state; used with the keyboard only, at 375 and 1280 px,
// without axe violations.
import { expectNoAxeViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll, expectToast, uniqueSuffix } from "./support/ui";

/** Presses Tab until the element with `id` has focus (the keyboard's way there), at most 60 times. */
async function tabTo(page: import("@playwright/test").Page, id: string) {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate((target) => document.activeElement?.id === target, id)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached #${id}`);
}

test.describe("audit log", () => {
  test("lists what members did in sentences, filters with the keyboard, and says when nothing matches", async ({
    adminPage: page,
  }, testInfo) => {
    // Two viewports, keyboard walks and four axe runs: longer than the default 30 s on a shared machine.
    test.setTimeout(120_000);
    const title = `Audit screen post ${uniqueSuffix()}`;
    await page.goto("/admin/blog");
    const form = page.getByRole("form", { name: "Create new post" });
    await form.getByLabel("Title *").fill(title);
    await form.getByRole("button", { name: "Create Post" }).click();
    await expectToast(page, "Blog post created successfully");

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
    const entries = page.getByTestId("audit-entries");
    await expect(entries.getByText(`Administrator created "${title}"`)).toBeVisible();
    await expect(entries.getByText("Administrator signed in").first()).toBeVisible();
    await expect(entries.getByText(/blog\.create|auth\.admin_access/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("audit-1280.png"), fullPage: true });

    // Keyboard only: Tab to "Kind of action", pick "Sign-in and security" with the arrow keys, apply with Enter.
    await page.locator("body").focus();
    await tabTo(page, "audit-kind");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
    await expect(page.locator("#audit-kind")).toHaveValue("security");
    await page.keyboard.press("Tab"); // From
    await page.keyboard.press("Tab"); // To
    await tabTo(page, "audit-apply");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/kind=security/);
    await expect(entries.getByText(`Administrator created "${title}"`)).toHaveCount(0);
    await expect(entries.getByText("Administrator signed in").first()).toBeVisible();

    // The member filter narrows to the owner; dates with nothing recorded give the empty state.
    await page.goto("/admin/audit?member=admin%40example.com&from=2001-01-01&to=2001-01-31");
    await expect(page.getByTestId("audit-empty")).toHaveText(
      "No entries match these filters. Widen the dates or clear the filters.",
    );
    await expect(page.getByLabel("Member")).toHaveValue("admin@example.com");
    await expect(page.getByLabel("From")).toHaveValue("2001-01-01");
    await expectNoAxeViolations(page);
    await page.locator("body").focus();
    await tabTo(page, "audit-clear");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(entries.getByText(`Administrator created "${title}"`)).toBeVisible();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/audit");
    await expect(entries).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("audit-375.png"), fullPage: true });
    await page.goto("/admin/audit?from=2001-01-01&to=2001-01-02");
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath("audit-empty-375.png"), fullPage: true });
  });
});
