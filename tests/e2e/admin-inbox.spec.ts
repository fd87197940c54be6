// One inbox per person: filters and search as you type kept in the URL, the person view (timeline, status,
// notes) and erasure, at 375 and 1280 px, keyboard only, with no axe violations.
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { insertLeads } from "./support/leads";
import { expectNoHorizontalScroll, uniqueSuffix as suffix, toast } from "./support/ui";

for (const width of [375, 1280]) {
  test(`filters and search as you type, kept in the URL (${width} px)`, async ({ adminPage: page }) => {
    await page.setViewportSize({ width, height: 900 });
    const s = suffix();
    await insertLeads(page, {
      contact: { name: `Filter Ada ${s}`, email: `filter-${s}@example.com` },
      subscriber: { email: `filter-reader-${s}@example.com` },
    });
    await page.goto("/admin/contacts");
    // Typing alone searches (no Enter, no button).
    await page.getByLabel("Search contacts and subscribers").pressSequentially(`filter-${s}`);
    await expect(page).toHaveURL(new RegExp(`q=filter-${s}`));
    await expect(page.getByTestId("contact-row")).toHaveCount(1);
    await expect(page.getByLabel("Search contacts and subscribers")).toBeFocused();

    await page.getByLabel("Kind", { exact: true }).selectOption("subscriber");
    await expect(page).toHaveURL(/kind=subscriber/);
    await expect(page.getByText("No contact requests found.")).toBeVisible();
    await expect(page.getByTestId("subscriber-row")).toHaveCount(0); // filter-reader-… does not contain filter-<s>@
    await page.getByLabel("Status", { exact: true }).selectOption("closed");
    await expect(page).toHaveURL(/status=closed/);

    // Back steps through the filters.
    await page.goBack();
    await expect(page).not.toHaveURL(/status=/);
    await expect(page.getByLabel("Kind", { exact: true })).toHaveValue("subscriber");
    await page.goBack();
    await expect(page).not.toHaveURL(/kind=/);
    await expect(page.getByTestId("contact-row")).toHaveCount(1);

    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test(`person view: status, notes and erasure (${width} px)`, async ({ adminPage: page, consoleErrors }) => {
    await page.setViewportSize({ width, height: 900 });
    const s = suffix();
    const email = `person-${s}@example.com`;
    // The empty note below is refused on purpose (400).
    consoleErrors.allow(failedResource(400, `/admin/contacts/person/${email}.data`));
    await insertLeads(page, {
      contact: { name: `Person Lin ${s}`, email },
      submission: { email: email.toUpperCase(), name: `Lin ${s}`, purpose: "demo_request" },
    });
    await page.goto(`/admin/contacts?q=person-${s}`);
    await page.getByTestId("contact-row").getByRole("link", { name: email }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contacts/person/person-${s}`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Both leads, whatever the case of the address.
    await expect(page.getByLabel("Status of contact request")).toBeVisible();
    await expect(page.getByLabel("Status of demo or dialog lead")).toBeVisible();

    await page.getByLabel("Status of contact request").selectOption("contacted");
    await expect(toast(page, "Contact status updated")).toBeVisible();
    await expect(page.getByTestId("timeline-status")).toContainText("from new to contacted");

    // Notes: an empty note is refused with a message; a real one is added, edited and deleted.
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Write a note first")).toBeVisible();
    await page.getByLabel("New note").fill("Wants a call on Tuesday");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("note")).toContainText("Wants a call on Tuesday");
    await page.getByRole("button", { name: "Edit note" }).click();
    await page.getByLabel("Edit note").fill("Wants a call on Wednesday");
    await page.getByRole("button", { name: "Save note" }).click();
    await expect(page.getByTestId("note")).toContainText("Wednesday");
    await page.getByRole("button", { name: "Delete note" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("note")).toHaveCount(0);
    await page.getByLabel("New note").fill("Keep for erasure");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("note")).toHaveCount(1);

    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // Erase: the dialog names the address; Cancel keeps everything, Erase deletes it.
    await page.getByRole("button", { name: "Erase this person" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(email);
    await expect(dialog).toContainText("contact request");
    await dialog.getByRole("button", { name: "Erase" }).click();
    await expect(page).toHaveURL(/\/admin\/contacts$/);
    await expect(toast(page, "Person erased")).toBeVisible();
    await page.goto(`/admin/contacts?q=person-${s}`);
    await expect(page.getByText("No contact requests found.")).toBeVisible();
    await expect(page.getByText("No demo or dialog leads found.")).toBeVisible();
  });
}

test("keyboard only: search, open a person, add a note", async ({ adminPage: page }) => {
  const s = suffix();
  const email = `keys-${s}@example.com`;
  await insertLeads(page, { contact: { name: `Keys ${s}`, email } });
  await page.goto("/admin/contacts");
  await page.getByLabel("Search contacts and subscribers").focus();
  await page.keyboard.type(`keys-${s}`);
  await expect(page.getByTestId("contact-row")).toHaveCount(1);
  // A filter changed from the keyboard keeps the focus where it was.
  await page.keyboard.press("Tab"); // the Search button
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Status", { exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Kind", { exact: true })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/kind=contact/);
  await expect(page.getByTestId("contact-row")).toHaveCount(1);
  await expect(page.getByLabel("Kind", { exact: true })).toBeFocused();
  // Tab from the filters to the person link.
  const link = page.getByTestId("contact-row").getByRole("link", { name: email });
  for (let i = 0; i < 20 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/contacts\/person\//);
  const note = page.getByLabel("New note");
  for (let i = 0; i < 30 && !(await note.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(note).toBeFocused();
  await page.keyboard.type("Typed with the keyboard");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Add note" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("note")).toContainText("Typed with the keyboard");
});
