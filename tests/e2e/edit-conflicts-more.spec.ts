// Two members on one newsletter draft, then on the settings screen: the second save over the first is refused and
// changes nothing, the refused member keeps what was typed and sees who saved and what they changed, then saves over
// it on purpose or loads their version. Saves of different settings tabs never conflict. The refused member works
// from the keyboard only, at phone and desktop widths, with axe.
import type { Page } from "@playwright/test";
import { axeViolations, expectNoAxeViolations } from "./support/a11y";
import { createNewsletter } from "./support/content";
import { expect, failedResource, test } from "./support/fixtures";
import { secondEditor } from "./support/team";
import { tabTo, toast, uniqueSuffix } from "./support/ui";

/** Toasts mid fade-in and the e-mail preview frame (no scripts may run there, so axe cannot). */
const OUTSIDE_PREVIEW = { exclude: "[data-sonner-toast], [data-testid=newsletter-preview]" };

/** The status of the POST `act` sends (a form's answer, as React Router fetches it). */
async function answerTo(page: Page, act: () => Promise<void>): Promise<number> {
  const response = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(".data"));
  await act();
  return (await response).status();
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
}

for (const width of [375, 1280]) {
  test.describe(`more edit conflicts at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a newsletter draft: refused over a teammate's save, kept, saved over it, then their version loaded", async ({
      adminPage: first,
      browser,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      // The refused save is a 409 by design; the browser reports it as a failed load. The preview is a sandboxed
      // frame that may run no script: the browser says so when the test harness's own scripts try.
      consoleErrors.allow(failedResource(409), /Blocked script execution in 'about:srcdoc'/);
      const base = baseURL ?? "";
      const address = await createNewsletter(first, base);
      const { context: secondContext, page: second } = await secondEditor(browser, base, width);
      consoleErrors.watch(second);
      await first.goto(address);
      await second.goto(address);

      const subject = `Spring news ${uniqueSuffix()}`;
      await first.getByLabel("Subject").fill(subject);
      await first.getByRole("button", { name: "Save draft" }).click();
      await expect(toast(first, "Newsletter saved")).toBeVisible();

      // The second member, from the keyboard, writes a preheader on the version it loaded and saves: refused.
      const preheader = second.getByLabel("Preheader");
      await tabTo(second, preheader);
      await second.keyboard.type("Three things we shipped");
      await tabTo(second, second.getByRole("button", { name: "Save draft" }));
      await second.keyboard.press("Enter");
      const notice = second.getByTestId("edit-conflict");
      await expect(notice).toBeVisible();
      await expect(notice.getByRole("heading")).toContainText("Administrator saved this newsletter at");
      await expect(notice.getByLabel("What they changed").locator("dt")).toHaveText(["Subject"]);
      await expect(notice.getByLabel("What they changed")).toContainText(subject);
      await expect(preheader).toHaveValue("Three things we shipped");
      await expect(second.getByLabel("Subject")).toHaveValue("Untitled newsletter");
      expect(await axeViolations(second, OUTSIDE_PREVIEW)).toEqual([]);
      await notice.screenshot({ path: `test-results/screens/conflict-newsletter-${width}.png` });
      // Nothing of the refused save was stored.
      await first.reload();
      await expect(first.getByLabel("Subject")).toHaveValue(subject);
      await expect(first.getByLabel("Preheader")).toHaveValue("");

      // "Save mine over theirs": a normal save of what the second member has.
      await expect(notice.getByRole("heading")).toBeFocused();
      await tabTo(second, notice.getByRole("button", { name: "Save mine over theirs" }));
      await second.keyboard.press("Enter");
      await expect(toast(second, "Newsletter saved")).toBeVisible();
      await expect(notice).toBeHidden();
      // A save after that goes through: the form took the version it saved.
      await tabTo(second, preheader);
      await second.keyboard.press("End");
      await second.keyboard.type(", in short");
      await tabTo(second, second.getByRole("button", { name: "Save draft" }));
      expect(await answerTo(second, () => second.keyboard.press("Enter"))).toBe(200);
      await expect(second.getByTestId("edit-conflict")).toBeHidden();

      // The first member, still on the version before those saves, is refused in turn and loads theirs.
      await first.getByLabel("Subject").fill(`${subject}, again`);
      await first.getByRole("button", { name: "Save draft" }).click();
      await expect(first.getByTestId("edit-conflict")).toBeVisible();
      await first.getByRole("button", { name: "Load their version" }).click();
      await expect(first.getByTestId("edit-conflict")).toBeHidden();
      await expect(first.getByLabel("Subject")).toHaveValue("Untitled newsletter");
      await expect(first.getByLabel("Preheader")).toHaveValue("Three things we shipped, in short");
      await first.getByLabel("Subject").fill(`${subject}, from their version`);
      await first.getByRole("button", { name: "Save draft" }).click();
      await expect(toast(first, "Newsletter saved")).toBeVisible();
      await expect(first.getByTestId("edit-conflict")).toBeHidden();
      await secondContext.close();
    });

    test("settings: another tab's save goes through; a save of a tab saved meanwhile is refused, then saved over", async ({
      adminPage: first,
      browser,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      consoleErrors.allow(failedResource(409));
      const base = baseURL ?? "";
      await first.goto("/admin/settings");
      const original = {
        address: await first.getByLabel("Company address").inputValue(),
        phone: await first.getByLabel("Phone").inputValue(),
        keywords: await first.getByLabel("Meta keywords").inputValue(),
      };
      const { context: secondContext, page: second } = await secondEditor(browser, base, width);
      consoleErrors.watch(second);
      await second.goto("/admin/settings");
      const s = uniqueSuffix();
      try {
        // The first member saves the General tab.
        await first.getByLabel("Company address").fill(`1 Harbour Road ${s}`);
        await first.getByRole("button", { name: "Save Settings" }).click();
        await expect(toast(first, "Settings saved successfully")).toBeVisible();

        // The second member, from the keyboard, saves the SEO tab: another tab, no conflict.
        await tabTo(second, second.getByRole("tab", { name: "General", exact: true }));
        for (const name of ["Social", "Showcase", "SEO"]) {
          await second.keyboard.press("ArrowRight");
          await expect(second.getByRole("tab", { name, exact: true })).toHaveAttribute(
            "aria-selected",
            "true",
          );
        }
        const keywords = second.getByLabel("Meta keywords");
        await tabTo(second, keywords);
        await second.keyboard.press("End");
        await second.keyboard.type(`, ${s}`);
        await tabTo(second, second.getByRole("button", { name: "Save Settings" }));
        await second.keyboard.press("Enter");
        await expect(toast(second, "Settings saved successfully")).toBeVisible();
        await expect(second.getByTestId("edit-conflict")).toHaveCount(0);

        // Then the General tab it loaded before the first member's save: refused, what was typed kept.
        await tabTo(second, second.getByRole("tab", { name: "SEO", exact: true }), { back: true });
        await second.keyboard.press("Home");
        await expect(second.getByRole("tab", { name: "General", exact: true })).toHaveAttribute(
          "aria-selected",
          "true",
        );
        const phone = second.getByLabel("Phone");
        await tabTo(second, phone);
        await second.keyboard.press("ControlOrMeta+a");
        await second.keyboard.type(`+1 555 ${s}`);
        await tabTo(second, second.getByRole("button", { name: "Save Settings" }));
        await second.keyboard.press("Enter");
        const notice = second.getByTestId("edit-conflict");
        await expect(notice).toBeVisible();
        await expect(notice.getByRole("heading")).toContainText("Administrator saved this General tab at");
        await expect(notice.getByLabel("What they changed").locator("dt")).toHaveText(["Company address"]);
        await expect(notice.getByLabel("What they changed")).toContainText(`1 Harbour Road ${s}`);
        await expect(phone).toHaveValue(`+1 555 ${s}`);
        await expectNoAxeViolations(second);
        await second.screenshot({
          path: `test-results/screens/conflict-settings-${width}.png`,
          fullPage: true,
        });
        await first.reload();
        await expect(first.getByLabel("Phone")).toHaveValue(original.phone);

        // "Save mine over theirs": the second member's General tab, over the first member's address.
        await expect(notice.getByRole("heading")).toBeFocused();
        await tabTo(second, notice.getByRole("button", { name: "Save mine over theirs" }));
        await second.keyboard.press("Enter");
        await expect(toast(second, "Settings saved successfully")).toBeVisible();
        await expect(notice).toBeHidden();
        await first.reload();
        await expect(first.getByLabel("Phone")).toHaveValue(`+1 555 ${s}`);
        await expect(first.getByLabel("Company address")).toHaveValue(original.address);
        await openTab(first, "SEO");
        await expect(first.getByLabel("Meta keywords")).toHaveValue(`${original.keywords}, ${s}`);

        // The second member, whose General tab is now current, loads the first member's next save instead.
        await openTab(first, "General");
        await first.getByLabel("Company address").fill(`2 Harbour Road ${s}`);
        await first.getByRole("button", { name: "Save Settings" }).click();
        await expect(toast(first, "Settings saved successfully").last()).toBeVisible();
        await second.getByLabel("Phone").fill("+1 555 0000");
        await second.getByRole("button", { name: "Save Settings" }).click();
        await notice.getByRole("button", { name: "Load their version" }).click();
        await expect(notice).toBeHidden();
        await expect(second.getByLabel("Company address")).toHaveValue(`2 Harbour Road ${s}`);
        await expect(second.getByLabel("Phone")).toHaveValue(`+1 555 ${s}`);
      } finally {
        await secondContext.close();
        await first.goto("/admin/settings");
        await first.getByLabel("Phone").fill(original.phone);
        await first.getByLabel("Company address").fill(original.address);
        const save = first.getByRole("button", { name: "Save Settings" });
        expect(await answerTo(first, () => save.click())).toBe(200);
        await openTab(first, "SEO");
        await first.getByLabel("Meta keywords").fill(original.keywords);
        expect(await answerTo(first, () => save.click())).toBe(200);
      }
    });

    test("the site navigation: refused over a teammate's save, their version loaded", async ({
      adminPage: first,
      browser,
      baseURL,
      consoleErrors,
    }) => {
      consoleErrors.allow(failedResource(409));
      const { context: secondContext, page: second } = await secondEditor(browser, baseURL ?? "", width);
      consoleErrors.watch(second);
      const menuOf = (page: Page) => page.getByRole("form", { name: "Site navigation" });
      const labels = (page: Page) =>
        menuOf(page).getByRole("group", { name: "Header menu" }).getByLabel("Label", { exact: true });
      await first.goto("/admin/pages");
      await second.goto("/admin/pages");
      const original = await labels(first).nth(1).inputValue();
      try {
        await labels(first).nth(1).fill(`${original} and news`);
        await menuOf(first).getByRole("button", { name: "Save navigation" }).click();
        await expect(toast(first, "Navigation saved")).toBeVisible();

        await labels(second).nth(3).fill("Plans");
        await menuOf(second).getByRole("button", { name: "Save navigation" }).click();
        const notice = second.getByTestId("edit-conflict");
        await expect(notice.getByRole("heading")).toContainText("Administrator saved this navigation at");
        await expect(notice.getByLabel("What they changed").locator("dt")).toHaveText(["Header menu"]);
        await expect(notice.getByLabel("What they changed")).toContainText(`${original} and news`);
        await expect(labels(second).nth(3)).toHaveValue("Plans");
        await expectNoAxeViolations(second);
        await notice.screenshot({ path: `test-results/screens/conflict-navigation-${width}.png` });

        await notice.getByRole("button", { name: "Load their version" }).click();
        await expect(notice).toBeHidden();
        await expect(labels(second).nth(1)).toHaveValue(`${original} and news`);
        await expect(labels(second).nth(3)).not.toHaveValue("Plans");
        // Back as it was, from the version now loaded: a normal save.
        await labels(second).nth(1).fill(original);
        expect(
          await answerTo(second, () =>
            menuOf(second).getByRole("button", { name: "Save navigation" }).click(),
          ),
        ).toBe(200);
      } finally {
        await secondContext.close();
      }
      await first.reload();
      await expect(labels(first).nth(1)).toHaveValue(original);
    });
  });
}
