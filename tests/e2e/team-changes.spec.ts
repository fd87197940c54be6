// The Team screen's record of who did what, in Chromium at 375 and 1280 px: a pending invitation says who invited,
// and a role change chosen on a screen loaded before someone else changed the member is refused with a notice in
// the member's row (who changed it, when, to what), nothing changed; confirming again then gives the role.
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { guestContext } from "./support/team";
import { expectNoHorizontalScroll, toast, uniqueSuffix } from "./support/ui";

for (const width of [375, 1280]) {
  test(`team: who invited, and a role change refused when someone changed the member first, at ${width} px`, async ({
    adminPage: page,
    browser,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(90_000);
    // The refused role change answers 409 on purpose; the browser logs it.
    consoleErrors.allow(failedResource(409));
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/team");

    // An invitation names who made it.
    const email = `author-${uniqueSuffix()}@example.com`;
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("author");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(toast(page, "Invitation made")).toBeVisible();
    const link = await page.getByLabel(`Invitation link for ${email}`).inputValue();
    const invitation = page.getByTestId("team-invitation").filter({ hasText: email });
    await expect(invitation).toContainText("Invited by Administrator");
    await invitation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`invited-by-${width}.png`), fullPage: true });

    // They join.
    const theirs = await guestContext(browser, width);
    const guest = await theirs.newPage();
    consoleErrors.watch(guest);
    await guest.goto(link);
    await guest.getByLabel("Your name").fill("Ada Author");
    await guest.getByLabel("Password", { exact: true }).fill("ada-password");
    await guest.getByLabel("Repeat the password").fill("ada-password");
    await guest.getByLabel("Repeat the password").press("Enter");
    await guest.waitForURL("**/admin");
    await theirs.close();

    // This screen is loaded; then, in another tab, Ada becomes a contributor.
    await page.reload();
    const row = page.getByTestId("team-member").filter({ hasText: email });
    await expect(row).toContainText("Author");
    const other = await page.context().newPage();
    consoleErrors.watch(other);
    await other.setViewportSize({ width, height: 900 });
    await other.goto("/admin/team");
    const otherRow = other.getByTestId("team-member").filter({ hasText: email });
    await otherRow.getByLabel("Role of Ada Author").selectOption("contributor");
    await otherRow.getByRole("button", { name: "Change role" }).click();
    await other.getByRole("alertdialog").getByRole("button", { name: "Change role" }).click();
    await expect(toast(other, "Role changed")).toBeVisible();
    await other.close();

    // Here, Sales is chosen on the old screen: refused, and the row says who changed Ada, when and to what.
    await row.getByLabel("Role of Ada Author").selectOption("sales");
    await row.getByRole("button", { name: "Change role" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Change role" }).click();
    const notice = row.getByTestId("role-conflict");
    await expect(notice).toContainText(
      /^Not changed: Administrator gave Ada Author the role Contributor at .+ UTC, after you opened this page\./,
    );
    // Nothing changed; the row now shows their change, and the choice is kept.
    await expect(row.locator("span").filter({ hasText: /^Contributor$/ })).toBeVisible();
    await expect(row.getByLabel("Role of Ada Author")).toHaveValue("sales");
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`role-conflict-${width}.png`), fullPage: true });

    // Confirming again, having seen their change, gives the role.
    await row.getByRole("button", { name: "Change role" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Change role" }).click();
    await expect(toast(page, "Role changed")).toBeVisible();
    await expect(row.locator("span").filter({ hasText: /^Sales$/ })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
}
