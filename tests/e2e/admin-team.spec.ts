// The Team screen and the invitation, end to end in Chromium at 375 and 1280 px and from the keyboard only: the
// owner invites an editor (no mail server in the e2e servers, so the link is shown to pass on), the invited person
// accepts in their own browser and is signed in with the editor's screens only (a screen outside the role is a 403
// page naming the roles), the owner changes the role and removes the member (both confirmed), whose open page is
// then refused; a withdrawn invitation's link says so. Axe finds nothing on either screen.
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { guestContext } from "./support/team";
import { expectNoHorizontalScroll, tabTo, toast, uniqueSuffix } from "./support/ui";

for (const width of [375, 1280]) {
  test(`team: invite, accept, change the role, remove — keyboard only at ${width} px`, async ({
    adminPage: page,
    browser,
    consoleErrors,
  }, testInfo) => {
    // The refused screens answer 403 and 410 on purpose; the browser logs those loads.
    // One long walk through both browsers, with axe checks on the way.
    test.setTimeout(120_000);
    // The refused screens answer 403 and 410 on purpose, the mismatched passwords 400; the browser logs those.
    consoleErrors.allow(failedResource(400), failedResource(403), failedResource(410));
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/team");
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await expect(page.getByTestId("team-member").first()).toContainText("Owner");
    await expect(page.getByTestId("team-member").first()).toContainText("The owner stays");
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    // Invite from the keyboard: email, role (arrow keys), send.
    const email = `editor-${uniqueSuffix()}@example.com`;
    await page.keyboard.press("Tab");
    await tabTo(page, page.getByLabel("Email"));
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Role", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Role", { exact: true })).toHaveValue("editor");
    await page.keyboard.press("ArrowDown"); // Editor → Author, and back
    await expect(page.getByText("Author: Writes, publishes and schedules their own")).toBeVisible();
    await page.keyboard.press("ArrowUp");
    await expect(page.getByLabel("Role", { exact: true })).toHaveValue("editor");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Send invitation" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Invitation made")).toBeVisible();
    const link = await page.getByLabel(`Invitation link for ${email}`).inputValue();
    expect(link).toMatch(/\/admin-auth\/join\/[\w-]{43}$/);
    const invitation = page.getByTestId("team-invitation").filter({ hasText: email });
    await expect(invitation).toContainText("Editor");
    await page.screenshot({ path: testInfo.outputPath(`team-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);

    // The invited person, in their own browser: name and password, then signed in.
    const theirs = await guestContext(browser, width);
    const guest = await theirs.newPage();
    consoleErrors.watch(guest);
    await guest.goto(link);
    await expect(guest.getByRole("heading", { name: "Join the team" })).toBeVisible();
    await expect(guest.getByText(email)).toBeVisible();
    await expectNoAxeViolations(guest);
    await expectNoHorizontalScroll(guest);
    await guest.screenshot({ path: testInfo.outputPath(`join-${width}.png`), fullPage: true });
    await tabTo(guest, guest.getByLabel("Your name"));
    await guest.keyboard.type("Priya Editor");
    await guest.keyboard.press("Tab");
    await guest.keyboard.type("short");
    await guest.keyboard.press("Tab");
    await guest.keyboard.type("different");
    await guest.keyboard.press("Enter");
    // The browser's own minlength check holds the form; a longer pair that differs reaches the server.
    await guest.getByLabel("Password", { exact: true }).fill("priya-password");
    await guest.getByLabel("Repeat the password").focus();
    await guest.keyboard.press("Enter");
    await expect(guest.getByText("The passwords do not match")).toBeVisible();
    await expect(guest.getByLabel("Your name")).toHaveValue("Priya Editor");
    await guest.getByLabel("Password", { exact: true }).fill("priya-password");
    await guest.getByLabel("Repeat the password").fill("priya-password");
    await guest.getByLabel("Repeat the password").press("Enter");
    await guest.waitForURL("**/admin");
    await expect(toast(guest, "Welcome to the team, Priya Editor")).toBeVisible();
    // The editor's navigation: content, no settings or team.
    if (width < 1024) await guest.getByRole("button", { name: "Open admin menu" }).press("Enter");
    const nav = guest.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Blog" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Team" })).toHaveCount(0);
    // A screen outside the role: a 403 page that names who may.
    const refused = await guest.goto("/admin/settings");
    expect(refused?.status()).toBe(403);
    await expect(guest.getByText("Only owners and administrators can do this.")).toBeVisible();
    await expectNoAxeViolations(guest);
    await guest.screenshot({ path: testInfo.outputPath(`forbidden-${width}.png`), fullPage: true });

    // The link worked once.
    const reused = await (await guestContext(browser)).newPage();
    consoleErrors.watch(reused);
    await reused.goto(link);
    await expect(reused.getByText("This invitation has already been used")).toBeVisible();

    // The owner changes the role (confirmed), from the keyboard.
    await page.reload();
    const row = page.getByTestId("team-member").filter({ hasText: email });
    await expect(row).toContainText("Priya Editor");
    await expect(row).toContainText("Two-factor off");
    const select = row.getByLabel("Role of Priya Editor");
    await select.focus();
    await page.keyboard.press("ArrowDown"); // Editor → Author
    await expect(select).toHaveValue("author");
    await row.getByRole("button", { name: "Change role" }).press("Enter");
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Give Priya Editor the role Author?");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Tab"); // Cancel has the focus first
    await expect(confirm.getByRole("button", { name: "Change role" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Role changed")).toBeVisible();
    await expect(row.locator("span").filter({ hasText: /^Author$/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`team-member-${width}.png`), fullPage: true });

    // Removal (confirmed) ends the member's open session: their next page is the sign-in.
    await row.getByRole("button", { name: "Remove Priya Editor" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alertdialog")).toContainText("Remove Priya Editor from the team?");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(toast(page, "Member removed")).toBeVisible();
    await expect(page.getByTestId("team-member").filter({ hasText: email })).toHaveCount(0);
    await guest.goto("/admin/blog");
    await expect(guest).toHaveURL(/\/admin-auth/);

    // A withdrawn invitation's link says so.
    const second = `sales-${uniqueSuffix()}@example.com`;
    await page.getByLabel("Email").fill(second);
    await page.getByLabel("Role", { exact: true }).selectOption("sales");
    await page.getByRole("button", { name: "Send invitation" }).press("Enter");
    const secondLink = await page.getByLabel(`Invitation link for ${second}`).inputValue();
    const pending = page.getByTestId("team-invitation").filter({ hasText: second });
    await pending.getByRole("button", { name: `Withdraw the invitation for ${second}` }).press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(toast(page, `Invitation for ${second} withdrawn`)).toBeVisible();
    await expect(pending).toHaveCount(0);
    await reused.goto(secondLink);
    await expect(reused.getByText("This invitation was withdrawn")).toBeVisible();
    await theirs.close();
  });
}
