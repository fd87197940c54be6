// Leads assigned to people in the browser: the round-robin's settings on the Lead notifications tab, a new demo lead
// assigned to the chosen member, its owner in the person view (changed with the keyboard), and the inbox's
// "Assigned to me" and "Unassigned" filters; axe-clean at 1280 and 375 px.
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { insertLeads } from "./support/leads";
import { expectNoHorizontalScroll, expectToast, uniqueSuffix } from "./support/ui";

test.describe("lead owners", () => {
  test("round-robin to the owner, reassign in the person view, filter the inbox by owner", async ({
    adminPage: page,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(120_000);
    // Turning the round-robin on with nobody chosen is refused with a 400 on purpose.
    consoleErrors.allow(failedResource(400, "/admin/integrations.data"));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/integrations");
    const form = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Save notifications" }) });
    await form.getByLabel("Assign new contact requests and demo leads round-robin").check();
    await form.getByRole("button", { name: "Save notifications" }).click();
    await expectToast(page, "Please correct the highlighted fields");
    await expect(form.getByText("Choose at least one member to take turns")).toBeVisible();
    await form.getByLabel("Administrator (Owner)").check();
    await form.getByRole("button", { name: "Save notifications" }).click();
    await expectToast(page, "Lead notifications saved");
    // The form shows what was saved, also after the refusal before it.
    await expect(form.getByLabel("Assign new contact requests and demo leads round-robin")).toBeChecked();
    await expect(form.getByLabel("Administrator (Owner)")).toBeChecked();
    await page.reload();
    await expect(form.getByLabel("Administrator (Owner)")).toBeChecked();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("round-robin-1280.png"), fullPage: true });

    const s = uniqueSuffix();
    await insertLeads(page, {
      submission: { email: `owned-${s}@example.com`, name: `Owned ${s}`, purpose: "demo_request" },
      subscriber: { email: `plain-${s}@example.com` },
    });
    await page.goto("/admin/contacts?assigned=me");
    await expect(page.getByText(`owned-${s}@example.com`).first()).toBeVisible();
    await expect(page.getByText(`plain-${s}@example.com`)).toHaveCount(0);
    await expect(page.getByTestId("owner-tag").first()).toHaveText("Owner: Administrator");
    await expect(page.getByLabel("Owner", { exact: true })).toHaveValue("me");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("inbox-mine-1280.png"), fullPage: true });

    await page.goto(`/admin/contacts/person/${encodeURIComponent(`owned-${s}@example.com`)}`);
    const owner = page.getByLabel("Owner of this demo or dialog lead");
    await expect(owner).toHaveValue(/[0-9a-f-]{36}/);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("person-owner-1280.png"), fullPage: true });
    // Keyboard only: focus the select, choose "Nobody" (the first option), Tab to "Save owner", Enter.
    await owner.focus();
    await page.keyboard.press("Home");
    await expect(owner).toHaveValue("");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Save owner" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expectToast(page, "Lead unassigned");

    await page.goto("/admin/contacts?assigned=me");
    await expect(page.getByText(`owned-${s}@example.com`)).toHaveCount(0);
    await page.goto("/admin/contacts?assigned=none");
    await expect(page.getByText(`owned-${s}@example.com`).first()).toBeVisible();
    await expect(page.getByText(`plain-${s}@example.com`).first()).toBeVisible();
    await expect(page.getByTestId("owner-tag").filter({ hasText: "Owner:" })).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/admin/contacts/person/${encodeURIComponent(`owned-${s}@example.com`)}`);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("person-owner-375.png"), fullPage: true });
    await page.goto("/admin/contacts?assigned=none");
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath("inbox-unassigned-375.png"), fullPage: true });
    await page.goto("/admin/integrations");
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath("round-robin-375.png"), fullPage: true });
  });
});
