// A new password in Chromium at 375 and 1280 px: the invited person is told under the field that a common password
// is refused ("This password is too common. Choose another."), keeps their name, and joins with a better one. And
// better-auth's endpoints the product does not use answer 404 to a signed-in member's browser.
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { guestContext } from "./support/team";
import { expectNoHorizontalScroll, toast, uniqueSuffix } from "./support/ui";

for (const width of [375, 1280]) {
  test(`joining the team: a common password is refused with a message at ${width} px`, async ({
    adminPage: page,
    browser,
    consoleErrors,
  }, testInfo) => {
    const email = `newcomer-${uniqueSuffix()}@example.com`;
    await page.goto("/admin/team");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(toast(page, "Invitation made")).toBeVisible();
    const link = await page.getByLabel(`Invitation link for ${email}`).inputValue();

    const theirs = await guestContext(browser, width);
    const guest = await theirs.newPage();
    consoleErrors.watch(guest);
    // The refused password answers 400 on purpose; the browser logs that load.
    consoleErrors.allow(failedResource(400));
    await guest.goto(link);
    await expect(guest.getByText("At least 10 characters, and not a common password.")).toBeVisible();
    await guest.getByLabel("Your name").fill("New Comer");
    await guest.getByLabel("Password", { exact: true }).fill("Password123");
    await guest.getByLabel("Repeat the password").fill("Password123");
    await guest.getByRole("button", { name: "Join and sign in" }).click();
    await expect(guest.getByText("This password is too common. Choose another.")).toBeVisible();
    await expect(guest.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(guest.getByLabel("Your name")).toHaveValue("New Comer");
    await expectNoAxeViolations(guest);
    await expectNoHorizontalScroll(guest);
    await guest.screenshot({
      path: testInfo.outputPath(`join-common-password-${width}.png`),
      fullPage: true,
    });

    await guest.getByLabel("Password", { exact: true }).fill("tulip-marathon-42");
    await guest.getByLabel("Repeat the password").fill("tulip-marathon-42");
    await guest.getByRole("button", { name: "Join and sign in" }).click();
    await guest.waitForURL("**/admin");
    await expect(toast(guest, "Welcome to the team, New Comer")).toBeVisible();

    // Renaming oneself through better-auth directly, around the product's screens: not there.
    const rename = await guest.request.post("/api/auth/update-user", {
      data: { name: "Mallory" },
      headers: { Origin: new URL(link).origin },
    });
    expect(rename.status()).toBe(404);
    await theirs.close();
  });
}
