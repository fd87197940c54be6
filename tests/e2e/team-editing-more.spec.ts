// The pricing page's two-member scenario (team-editing.spec.ts) for the other documents a team edits: a post, a
// settings tab and a newsletter draft. The administrator on instance A and Dana on instance B share PostgreSQL;
// each sees the other; the administrator saves; Dana is told at once, saves over the version she loaded and is
// refused with her text on screen and theirs stored; she saves hers over theirs on purpose, and the
// administrator's version stays there to go back to: the post's history, the settings' and the newsletter's audit
// entries. Dana works from the keyboard only, at phone and desktop widths, with axe.
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
        expect(await setting("siteTitle")).toBe(`Asimov ${s}`);
        // Her tab as she had it, the keywords she loaded included; theirs are in the audit log, to be read back.
        expect(await setting("metaKeywords")).toBe(original);
        await her.goto(`${b.base}/admin/audit`);
        await expect(her.getByText(`Meta keywords "${original}" → "revenue, ai, ${s}"`)).toBeVisible();
        await expect(her.getByText(`→ "Asimov ${s}"`)).toBeVisible();
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
        expect(await stored()).toEqual({
          subject: "Untitled newsletter",
          preheader: "Three things we shipped",
        });
        // Both saves are in the audit log (a newsletter draft keeps no history of its text).
        await her.goto(`${b.base}/admin/audit`);
        await expect(her.getByText("Administrator saved a newsletter draft").first()).toBeVisible();
        await expect(her.getByText("Dana saved a newsletter draft").first()).toBeVisible();
      });
    } finally {
      await danaContext?.close();
      await adminContext.close();
      await stop();
    }
  });
}
