// Two editors on one page, then on one blog post: the second save over the first is refused and changes nothing, the
// refused editor keeps what was typed and sees who saved and what they changed, then loads their version or saves
// over it on purpose (both versions then in the history). Keyboard only for the refused editor, at phone and desktop
// widths, with axe.
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { createPage } from "./support/content";
import { expect, failedResource, test } from "./support/fixtures";
import { secondEditor } from "./support/team";
import { tabTo, toast, uniqueSuffix } from "./support/ui";

for (const width of [375, 1280]) {
  test.describe(`edit conflicts at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a save over a teammate's is refused, keeps what was typed, and can load theirs or save over it", async ({
      adminPage: first,
      browser,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      // The refused save is a 409 by design; the browser reports it as a failed load.
      consoleErrors.allow(failedResource(409));
      const base = baseURL ?? "";
      const id = await createPage(first, base, `/lp/conflict-${width}-${uniqueSuffix()}`, "Team pricing");
      const { context: secondContext, page: second } = await secondEditor(browser, base, width);
      await first.goto(`/admin/pages/${id}`);
      await second.goto(`/admin/pages/${id}`);

      // The first editor changes the title and saves.
      await first.getByLabel("Title", { exact: true }).fill("Team pricing: now $99");
      await first.getByRole("button", { name: "Save page" }).click();
      await expect(toast(first, "Page saved")).toBeVisible();

      // The second, from the keyboard, changes the meta title of the version it loaded and saves: refused.
      await tabTo(second, second.getByText("Search and sharing"));
      await second.keyboard.press("Enter");
      const metaTitle = second.getByLabel("Meta title");
      await tabTo(second, metaTitle);
      await second.keyboard.type("Pricing for teams of every size");
      await tabTo(second, second.getByRole("button", { name: "Save page" }));
      await second.keyboard.press("Enter");
      const notice = second.getByTestId("edit-conflict");
      await expect(notice).toBeVisible();
      await expect(notice.getByRole("heading")).toContainText("Administrator saved this page at");
      await expect(notice.getByLabel("What they changed")).toContainText("Title");
      await expect(notice.getByLabel("What they changed")).toContainText("Team pricing: now $99");
      await expect(metaTitle).toHaveValue("Pricing for teams of every size");
      await expect(second.getByLabel("Title", { exact: true })).toHaveValue("Team pricing");
      await expectNoAxeViolations(second);
      // Nothing of the refused save was stored.
      await first.reload();
      await expect(first.getByLabel("Title", { exact: true })).toHaveValue("Team pricing: now $99");
      await first.getByText("Search and sharing").click();
      await expect(first.getByLabel("Meta title")).toHaveValue("");

      // "Save mine over theirs": a normal save, so the first editor's version stays in the history.
      await expect(notice.getByRole("heading")).toBeFocused();
      await tabTo(second, notice.getByRole("button", { name: "Save mine over theirs" }));
      await second.keyboard.press("Enter");
      await expect(toast(second, "Page saved")).toBeVisible();
      await expect(notice).toBeHidden();
      await second.getByRole("button", { name: "History" }).click();
      const history = second.getByRole("dialog", { name: "Page history" });
      await expect(history.getByRole("listitem")).toHaveCount(3);
      await second.keyboard.press("Escape");

      // The first editor, still on the version before that save, is refused in turn and loads theirs instead.
      await first.getByLabel("Title", { exact: true }).fill("Team pricing, again");
      await first.getByRole("button", { name: "Save page" }).click();
      await expect(first.getByTestId("edit-conflict")).toBeVisible();
      await first.getByRole("button", { name: "Load their version" }).click();
      await expect(first.getByTestId("edit-conflict")).toBeHidden();
      await expect(first.getByLabel("Title", { exact: true })).toHaveValue("Team pricing");
      await expect(first.getByLabel("Meta title")).toHaveValue("Pricing for teams of every size");
      await first.getByLabel("Title", { exact: true }).fill("Team pricing, from their version");
      await first.getByRole("button", { name: "Save page" }).click();
      await expect(toast(first, "Page saved")).toBeVisible();
      await expect(first.getByTestId("edit-conflict")).toBeHidden();
      await secondContext.close();
    });

    test("a post's edit dialog: refused over a teammate's save, then saved over it on purpose", async ({
      adminPage: first,
      browser,
      baseURL,
      consoleErrors,
    }) => {
      consoleErrors.allow(failedResource(409));
      const base = baseURL ?? "";
      const slug = `conflict-post-${width}-${uniqueSuffix()}`;
      const created = await first.request.post(`${base}/admin/blog`, {
        form: { intent: "create", title: "Shared post", slug, excerpt: "Written together", status: "draft" },
        headers: { Origin: base },
      });
      expect(created.status()).toBe(200);
      const { context: secondContext, page: second } = await secondEditor(browser, base, width);
      const rowOf = (page: Page) => page.locator(`[data-testid="post-row"][data-slug="${slug}"]`);
      for (const page of [first, second]) {
        await page.goto("/admin/blog");
        await rowOf(page).getByRole("button", { name: "Edit Shared post" }).click();
      }
      const firstDialog = first.getByRole("dialog", { name: "Edit post" });
      await firstDialog.getByLabel("Excerpt").fill("Written together, and checked by Dana");
      await firstDialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(toast(first, "Blog post updated successfully")).toBeVisible();

      const dialog = second.getByRole("dialog", { name: "Edit post" });
      const title = dialog.getByLabel("Title *");
      await tabTo(second, title);
      await second.keyboard.press("End");
      await second.keyboard.type(", revised");
      await tabTo(second, dialog.getByRole("button", { name: "Save Changes" }));
      await second.keyboard.press("Enter");
      const notice = dialog.getByTestId("edit-conflict");
      await expect(notice.getByRole("heading")).toContainText("Administrator saved this post at");
      await expect(notice.getByLabel("What they changed")).toContainText("Excerpt");
      // Only what reads differently: the body, stored anew from the same text, is not listed.
      await expect(notice.getByLabel("What they changed").locator("dt")).toHaveText(["Excerpt"]);
      await expect(title).toHaveValue("Shared post, revised");
      await expectNoAxeViolations(second);
      await expect(notice.getByRole("heading")).toBeFocused();
      await tabTo(second, notice.getByRole("button", { name: "Save mine over theirs" }));
      await second.keyboard.press("Enter");
      await expect(toast(second, "Blog post updated successfully")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(rowOf(second).getByRole("heading")).toHaveText("Shared post, revised");
      // Their version is the one before, in the history.
      await rowOf(second).getByRole("button", { name: "Edit Shared post, revised" }).click();
      await dialog.getByRole("tab", { name: "History" }).click();
      await expect(dialog.getByTestId("revision-list").getByRole("listitem")).toHaveCount(3);
      await secondContext.close();
    });

    test("leaving the page editor with unsaved changes asks first; Stay keeps them, Leave goes", async ({
      adminPage: page,
      baseURL,
    }) => {
      const id = await createPage(
        page,
        baseURL ?? "",
        `/lp/unsaved-${width}-${uniqueSuffix()}`,
        "Team pricing",
      );
      await page.goto(`/admin/pages/${id}`);
      const title = page.getByLabel("Title", { exact: true });
      await title.fill("Not saved yet");
      const toPages = async () => {
        const link = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Pages" });
        if (!(await link.isVisible())) await page.getByRole("button", { name: "Open admin menu" }).click();
        await link.click();
      };
      await toPages();
      const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
      await expect(ask).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(ask).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/admin/pages/${id}$`));
      await expect(title).toHaveValue("Not saved yet");
      await toPages();
      await ask.getByRole("button", { name: "Leave" }).click();
      await expect(page).toHaveURL(/\/admin\/pages$/);
      // Saved work leaves without a question.
      await page.goto(`/admin/pages/${id}`);
      await title.fill("Saved now");
      await page.getByRole("button", { name: "Save page" }).click();
      await expect(toast(page, "Page saved")).toBeVisible();
      await toPages();
      await expect(page).toHaveURL(/\/admin\/pages$/);
    });
  });
}
