// Importing a subscriber list on the Newsletters screen, by keyboard: a CSV with good, duplicate and invalid rows
// is refused without the consent statement (the file stays chosen), then imported with it; the counts and the
// invalid rows are shown, and the person view lists the import. A file over the limit is refused by the screen before
// it is sent, and with a readable 413 by the server.
// No axe violations at 1280 and 375 px; screenshots kept for looking at.
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { insertLeads } from "./support/leads";
import { expectNoHorizontalScroll, toast, uniqueSuffix } from "./support/ui";

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

test.describe("subscriber import", () => {
  test.describe.configure({ timeout: 180_000 });
  test("refused without consent, then imported with counts and the invalid rows", async ({
    adminPage: page,
    baseURL,
    consoleErrors,
  }) => {
    // The refusal without consent answers 400, which the browser reports.
    consoleErrors.allow(failedResource(400, "/admin/newsletters.data"));
    const s = uniqueSuffix();
    const known = `known-${s}@example.com`;
    await insertLeads(page, { subscriber: { email: known } });
    const csv = [
      "Name,Sign-up date,E-mail",
      `Ada Import,2024-05-06,ada-${s}@example.com`,
      `Bob Import,,bob-${s}@example.com`,
      `Known Person,,${known}`,
      `Ada Again,,ADA-${s}@example.com`,
      "Broken,,not-an-address",
      `Bad Date,31/12/2024,date-${s}@example.com`,
    ].join("\n");

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/newsletters");
    await page.getByRole("tab", { name: "Import" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Import subscribers" })).toBeVisible();
    await expectNoAxeViolations(page);

    const file = page.getByLabel("CSV file");
    await file.setInputFiles({ name: `list-${s}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    // Keyboard order: the file, the consent statement, the button.
    await file.focus();
    await page.keyboard.press("Tab");
    const consent = page.getByRole("checkbox", { name: /These people agreed to receive our newsletter/ });
    await expect(consent).toBeFocused();
    await page.keyboard.press("Tab");
    const submit = page.getByRole("button", { name: "Import the list" });
    await expect(submit).toBeFocused();

    // Without the statement: refused with the reason next to it; the file is still chosen.
    await page.keyboard.press("Enter");
    const refusal = "Tick the statement: only people who agreed to receive the newsletter may be imported";
    await expect(page.locator("#import-consent-error")).toHaveText(refusal);
    await expect(consent).toHaveAttribute("aria-invalid", "true");
    await expect(toast(page, refusal)).toBeVisible();
    expect(await file.evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe(`list-${s}.csv`);
    // Nothing of this list was imported (an earlier test run's report may be on screen).
    await expect(page.getByTestId("import-report").filter({ hasText: `list-${s}.csv` })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // With it: imported; the report follows the job to its end.
    await consent.focus();
    await page.keyboard.press("Space");
    await expect(consent).toBeChecked();
    await submit.focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Import started")).toBeVisible();
    const report = page.getByTestId("import-report");
    await expect(report).toContainText(`list-${s}.csv`);
    await expect(report.getByText("Import finished")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("import-imported")).toHaveText("2");
    await expect(page.getByTestId("import-merged")).toHaveText("2");
    await expect(page.getByTestId("import-skipped")).toHaveText("0");
    await expect(page.getByTestId("import-invalid")).toHaveText("2");
    const invalid = page.getByTestId("import-invalid-rows").locator("tbody tr");
    await expect(invalid).toHaveCount(2);
    await expect(invalid.nth(0)).toContainText("6");
    await expect(invalid.nth(0)).toContainText("not-an-address");
    await expect(invalid.nth(0)).toContainText("Not a valid e-mail address");
    await expect(invalid.nth(1)).toContainText("7");
    await expect(invalid.nth(1)).toContainText("Sign-up date not understood");
    await expectNoAxeViolations(page);
    await shot(page, "newsletter-import-1280");

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await shot(page, "newsletter-import-375");

    // The person view tells the subscriber's newsletter story.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/contacts/person/${encodeURIComponent(`ada-${s}@example.com`)}`);
    const life = page.getByTestId("newsletter-life");
    await expect(life.getByText("Imported from a list")).toBeVisible();
    await expect(page.getByTestId("subscriber-history")).toContainText("Imported");
    await expect(page.getByRole("heading", { name: "Ada Import", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, "person-newsletter-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await shot(page, "person-newsletter-375");

    // A file over the limit is refused by the screen before it is sent, and by the server when sent anyway: the
    // whole body is read first, so the client still sending gets the answer, not a broken connection.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/newsletters?tab=import");
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, "a");
    const tooLarge =
      "The file is too large: a list can be at most 5 MB. Split it and import the parts one after the other.";
    await page.getByLabel("CSV file").setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: big });
    await page.getByRole("checkbox", { name: /These people agreed/ }).check();
    let sent = false;
    page.on("request", (request) => {
      if (request.method() === "POST") sent = true;
    });
    await page.getByRole("button", { name: "Import the list" }).click();
    await expect(page.locator("#import-file-error")).toHaveText(tooLarge);
    await expect(page.getByLabel("CSV file")).toBeFocused();
    expect(sent).toBe(false);
    await expectNoAxeViolations(page);
    await shot(page, "newsletter-import-too-large-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await shot(page, "newsletter-import-too-large-375");
    // Choosing another file clears the refusal.
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "small.csv", mimeType: "text/csv", buffer: Buffer.from("E-mail\n") });
    await expect(page.locator("#import-file-error")).toHaveCount(0);
    for (const size of [big.length, 6 * 1024 * 1024]) {
      const response = await page.request.post("/admin/newsletters", {
        headers: { Origin: baseURL ?? "" },
        multipart: {
          intent: "import",
          consent: "on",
          file: { name: "big.csv", mimeType: "text/csv", buffer: Buffer.alloc(size, "a") },
        },
      });
      expect(response.status(), `${size} bytes`).toBe(413);
      expect(await response.text(), `${size} bytes`).toContain("too large");
    }
  });
});
