// Two editors on one page: the second save over the first is refused and changes nothing, the refused editor keeps
// what was typed and sees who saved and what they changed, then loads their version or saves over it on purpose
// (both versions then in the history). Keyboard only for the refused editor, at phone and desktop widths, with axe.
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, signInAsAdmin, test, uniqueIp } from "./support/fixtures";
import { tabTo, toast, uniqueSuffix } from "./support/ui";

/** A published page made through the editor's own action; answers its id. */
async function createPage(page: Page, baseURL: string, path: string): Promise<string> {
  const response = await page.request.post(`${baseURL}/admin/pages/new`, {
    form: {
      intent: "save",
      page: JSON.stringify({
        title: "Team pricing",
        path,
        status: "published",
        blocks: [{ id: "hero", type: "hero", headline: "Plans for every team", actions: [], checks: [] }],
      }),
    },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  const id = /\/admin\/pages\/([0-9a-f-]{36})$/.exec(response.headers().location ?? "")?.[1];
  if (!id) throw new Error(`page not created: ${response.status()} ${await response.text()}`);
  return id;
}

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
      const id = await createPage(first, base, `/lp/conflict-${width}-${uniqueSuffix()}`);
      const secondContext = await browser.newContext({
        viewport: { width, height: 900 },
        extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() },
      });
      const second = await secondContext.newPage();
      await signInAsAdmin(second, base);
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
      await tabTo(second, notice.getByRole("button", { name: "Save mine over theirs" }), { back: true });
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
  });
}
