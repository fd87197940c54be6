// The pricing page's two-member scenario (team-editing.spec.ts) for the other documents a team edits: a post, a
// settings tab and a newsletter draft. The administrator on instance A and Dana on instance B share PostgreSQL;
// each sees the other; the administrator saves; Dana is told at once, saves over the version she loaded and is
// refused with her text on screen and theirs stored; she saves hers over theirs on purpose, and the
// administrator's version stays there to go back to: the history of the post, of the settings tab and of the
// newsletter draft lists both saves, and on the settings tab and the newsletter she restores theirs with one
// restore. Dana works from the keyboard only, at phone and desktop widths, with axe.
import type { Page } from "@playwright/test";
import { axeViolations, expectNoAxeViolations } from "./support/a11y";
import { createNewsletter } from "./support/content";
import { expect, failedResource, postgresUrl, signInAsAdmin, test } from "./support/fixtures";
import { twoInstances } from "./support/server-process";
import { joinTeam } from "./support/team";
import { tabTo, toast, uniqueSuffix } from "./support/ui";

const OUTSIDE_PREVIEW = { exclude: "[data-sonner-toast], [data-testid=newsletter-preview]" };

/** Dana's keyboard: focus `target` with Tab, select what it holds and type `text` over it. */
async function typeOver(page: Page, target: ReturnType<Page["locator"]>, text: string) {
  await tabTo(page, target, { max: 200 });
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

/** Dana's keyboard: press `button` (found with Tab, backwards when it is above). */
async function press(page: Page, button: ReturnType<Page["locator"]>, back = false) {
  await tabTo(page, button, { max: 200, back });
  await page.keyboard.press("Enter");
}

/**
 * Dana opens a document's History (the button found with Tab, backwards), finds the administrator's save below hers,
 * compares it and restores it, confirming, all from the keyboard; the dialog then closes and the page takes the
 * restored version. `changed` is how each save's entry names what it changed (its start), hers first; a screenshot
 * of the comparison is kept.
 */
async function restoreTheirs(
  page: Page,
  { dialogName, changed, screenshot }: { dialogName: string; changed: [string, string]; screenshot: string },
) {
  await press(page, page.getByRole("button", { name: "History", exact: true }), true);
  const dialog = page.getByRole("dialog", { name: dialogName });
  const saves = dialog.getByTestId("revision-list").getByRole("listitem");
  // Hers, the administrator's, and the one before both (the draft's creation, the tab before its first save).
  await expect(saves).toHaveCount(3);
  await expect(saves.nth(0)).toContainText("Edited by Dana");
  await expect(saves.nth(0)).toContainText(`Changed: ${changed[0]}`);
  await expect(saves.nth(1)).toContainText("Edited by Administrator");
  await expect(saves.nth(1)).toContainText(`Changed: ${changed[1]}`);
  await press(page, saves.nth(1).getByRole("button"));
  await expect(saves.nth(1).getByRole("button")).toHaveAttribute("aria-current", "true");
  await expect(dialog.getByTestId("revision-diff")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshot, fullPage: false });
  await press(page, dialog.getByRole("button", { name: "Restore this revision" }));
  const confirm = page.getByRole("alertdialog", { name: "Restore this revision?" });
  await press(page, confirm.getByRole("button", { name: "Restore", exact: true }));
  await expect(toast(page, "Revision restored")).toBeVisible();
  await expect(dialog).toBeHidden();
}

for (const width of [375, 1280]) {
  test(`two members on two instances edit a post, a settings tab and a newsletter at ${width} px`, async ({
    browser,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(240_000);
    // Dana's refused saves are 409s by design; the newsletter preview is a frame that may run no script.
    consoleErrors.allow(failedResource(409), /Blocked script execution in 'about:srcdoc'/);
    const { a, b, sql, stop } = await twoInstances(postgresUrl(), "asimov_team_editing_more", {
      LOG_LEVEL: "warn",
    });
    const adminContext = await browser.newContext({ viewport: { width, height: 900 } });
    let danaContext: { close(): Promise<void> } | undefined;
    try {
      const admin = await adminContext.newPage();
      consoleErrors.watch(admin);
      await signInAsAdmin(admin, a.base);
      const dana = await joinTeam(admin, browser, {
        name: "Dana",
        role: "administrator",
        width,
        base: a.base,
      });
      danaContext = dana.context;
      const her = dana.page;
      consoleErrors.watch(her);
      const s = uniqueSuffix();

      await test.step("a post", async () => {
        const slug = `team-post-${s}`;
        const created = await admin.request.post(`${a.base}/admin/blog`, {
          form: { intent: "create", title: "Team post", slug, excerpt: "Written together", status: "draft" },
          headers: { Origin: a.base },
        });
        expect(created.status()).toBe(200);
        const row = (page: Page) => page.locator(`[data-testid="post-row"][data-slug="${slug}"]`);
        await admin.goto(`${a.base}/admin/blog`);
        await row(admin).getByRole("button", { name: "Edit Team post" }).click();
        await her.goto(`${b.base}/admin/blog`);
        await press(her, row(her).getByRole("button", { name: "Edit Team post" }));
        const theirs = admin.getByRole("dialog", { name: "Edit post" });
        const hers = her.getByRole("dialog", { name: "Edit post" });
        await expect(theirs.getByTestId("presence")).toHaveText("Dana is editing");
        await expect(hers.getByTestId("presence")).toHaveText("Administrator is editing");

        await theirs.getByLabel("Excerpt").fill("Written together, with prices");
        await theirs.getByRole("button", { name: "Save Changes" }).click();
        await expect(toast(admin, "Blog post updated successfully")).toBeVisible();
        await expect(hers.getByTestId("saved-elsewhere")).toContainText("Administrator saved this post at");

        await typeOver(her, hers.getByLabel("Title *"), "Team post, her title");
        await press(her, hers.getByRole("button", { name: "Save Changes" }));
        const conflict = hers.getByTestId("edit-conflict");
        await expect(conflict.getByRole("heading")).toContainText("Administrator saved this post at");
        await expect(conflict.getByLabel("What they changed").locator("dt")).toHaveText(["Excerpt"]);
        await expect(hers.getByLabel("Title *")).toHaveValue("Team post, her title");
        const [stored] = await sql<{ title: string; excerpt: string }[]>`
          select title, excerpt from asimov_blog_posts where slug = ${slug}`;
        expect(stored).toEqual({ title: "Team post", excerpt: "Written together, with prices" });
        await expectNoAxeViolations(her);

        await press(her, conflict.getByRole("button", { name: "Save mine over theirs" }));
        await expect(toast(her, "Blog post updated successfully")).toBeVisible();
        await press(her, row(her).getByRole("button", { name: "Edit Team post, her title" }));
        // The dialog's tabs are one stop: the arrow key moves to History.
        await tabTo(her, hers.getByRole("tab", { name: "Edit" }));
        await her.keyboard.press("ArrowRight");
        await expect(hers.getByRole("tab", { name: "History" })).toHaveAttribute("aria-selected", "true");
        // Created, the administrator's save, hers: theirs is one to go back to.
        await expect(hers.getByTestId("revision-list").getByRole("listitem")).toHaveCount(3);
        await expect(hers.getByTestId("revision-list")).toContainText("Administrator");
        await expectNoAxeViolations(her);
        await her.keyboard.press("Escape");
        await admin.keyboard.press("Escape");
      });

      await test.step("a settings tab", async () => {
        const setting = async (key: string) =>
          (
            await sql<{ value: string }[]>`
            select setting_value as value from asimov_website_settings where setting_key = ${key}`
          )[0]?.value;
        await admin.goto(`${a.base}/admin/settings?tab=seo`);
        await her.goto(`${b.base}/admin/settings?tab=seo`);
        const theirs = admin.getByRole("tabpanel", { name: "SEO" });
        const hers = her.getByRole("tabpanel", { name: "SEO" });
        await expect(theirs.getByTestId("presence")).toHaveText("Dana is editing");
        await expect(hers.getByTestId("presence")).toHaveText("Administrator is editing");

        const original = await theirs.getByLabel("Meta keywords").inputValue();
        const originalTitle = await theirs.getByLabel("Site title").inputValue();
        await theirs.getByLabel("Meta keywords").fill(`revenue, ai, ${s}`);
        await theirs.getByRole("button", { name: "Save Settings" }).click();
        await expect(toast(admin, "Settings saved successfully")).toBeVisible();
        await expect(hers.getByTestId("saved-elsewhere")).toContainText(
          "Administrator saved this SEO tab at",
        );

        await typeOver(her, hers.getByLabel("Site title"), `Asimov ${s}`);
        await press(her, hers.getByRole("button", { name: "Save Settings" }));
        const conflict = hers.getByTestId("edit-conflict");
        await expect(conflict.getByRole("heading")).toContainText("Administrator saved this SEO tab at");
        await expect(conflict.getByLabel("What they changed").locator("dt")).toHaveText(["Meta keywords"]);
        await expect(hers.getByLabel("Site title")).toHaveValue(`Asimov ${s}`);
        expect(await setting("metaKeywords")).toBe(`revenue, ai, ${s}`);
        expect(await setting("siteTitle")).not.toBe(`Asimov ${s}`);
        await expectNoAxeViolations(her);
        await her.screenshot({ path: testInfo.outputPath(`conflict-settings-${width}.png`), fullPage: true });

        await press(her, conflict.getByRole("button", { name: "Save mine over theirs" }));
        await expect(toast(her, "Settings saved successfully")).toBeVisible();
        await expect.poll(() => setting("siteTitle")).toBe(`Asimov ${s}`);
        // Her tab as she had it, the keywords she loaded included; theirs are in the tab's history.
        expect(await setting("metaKeywords")).toBe(original);
        await restoreTheirs(her, {
          dialogName: "SEO tab history",
          changed: ["Site title and Meta keywords", "Meta keywords"],
          screenshot: testInfo.outputPath(`history-settings-${width}.png`),
        });
        // Their tab is back, in the database and in her form, as a new version she can go on from.
        await expect(hers.getByLabel("Meta keywords")).toHaveValue(`revenue, ai, ${s}`);
        await expect(hers.getByLabel("Site title")).toHaveValue(originalTitle);
        expect(await setting("metaKeywords")).toBe(`revenue, ai, ${s}`);
        expect(await setting("siteTitle")).toBe(originalTitle);
        await typeOver(her, hers.getByLabel("Meta keywords"), `revenue, ai, ${s}, hers`);
        await press(her, hers.getByRole("button", { name: "Save Settings" }));
        // The toast of her save over theirs may still be up, with the same words: the row tells when this one is in.
        await expect.poll(() => setting("metaKeywords")).toBe(`revenue, ai, ${s}, hers`);
        await expect(toast(her, "Settings saved successfully")).toBeVisible();
        await her.goto(`${b.base}/admin/audit`);
        await expect(her.getByText(`Dana restored an earlier revision of the SEO tab`)).toBeVisible();
        await expect(her.getByText(`→ "Asimov ${s}"`).first()).toBeVisible();
        await expectNoAxeViolations(her);
      });

      await test.step("a newsletter draft", async () => {
        const address = await createNewsletter(admin, a.base);
        await admin.goto(`${a.base}${address}`);
        await her.goto(`${b.base}${address}`);
        await expect(admin.getByTestId("presence")).toHaveText("Dana is editing");
        await expect(her.getByTestId("presence")).toHaveText("Administrator is editing");

        await admin.getByLabel("Subject").fill(`Spring news ${s}`);
        await admin.getByRole("button", { name: "Save draft" }).click();
        await expect(toast(admin, "Newsletter saved")).toBeVisible();
        await expect(her.getByTestId("saved-elsewhere")).toContainText(
          "Administrator saved this newsletter at",
        );

        await typeOver(her, her.getByLabel("Preheader"), "Three things we shipped");
        await press(her, her.getByRole("button", { name: "Save draft" }));
        const conflict = her.getByTestId("edit-conflict");
        await expect(conflict.getByRole("heading")).toContainText("Administrator saved this newsletter at");
        await expect(her.getByLabel("Preheader")).toHaveValue("Three things we shipped");
        const id = address.split("/").at(-1) ?? "";
        const stored = async () =>
          (
            await sql<{ subject: string; preheader: string }[]>`
            select subject, preheader from newsletters where id = ${id}`
          )[0];
        expect(await stored()).toEqual({ subject: `Spring news ${s}`, preheader: "" });
        expect(await axeViolations(her, OUTSIDE_PREVIEW)).toEqual([]);

        await press(her, conflict.getByRole("button", { name: "Save mine over theirs" }));
        await expect(toast(her, "Newsletter saved")).toBeVisible();
        await expect.poll(stored).toEqual({
          subject: "Untitled newsletter",
          preheader: "Three things we shipped",
        });
        // Both saves are in the draft's history: theirs comes back with one restore.
        await restoreTheirs(her, {
          dialogName: "Newsletter history",
          changed: ["Subject and Preheader", "Subject"],
          screenshot: testInfo.outputPath(`history-newsletter-${width}.png`),
        });
        expect(await stored()).toEqual({ subject: `Spring news ${s}`, preheader: "" });
        await expect(her.getByLabel("Subject")).toHaveValue(`Spring news ${s}`);
        await expect(her.getByLabel("Preheader")).toHaveValue("");
        // The restored version is her form's base: her next save goes through.
        await typeOver(her, her.getByLabel("Preheader"), "Back to theirs, and one more line");
        await press(her, her.getByRole("button", { name: "Save draft" }));
        // The toast of her save over theirs may still be up, with the same words: the row tells when this one is in.
        await expect.poll(stored).toEqual({
          subject: `Spring news ${s}`,
          preheader: "Back to theirs, and one more line",
        });
        await expect(toast(her, "Newsletter saved")).toBeVisible();
        await her.goto(`${b.base}/admin/audit`);
        await expect(her.getByText("Administrator saved a newsletter draft").first()).toBeVisible();
        await expect(
          her.getByText("Dana restored an earlier revision of a newsletter draft").first(),
        ).toBeVisible();
      });
    } finally {
      await danaContext?.close();
      await adminContext.close();
      await stop();
    }
  });
}
