// Two members, two browsers, two instances sharing PostgreSQL, one pricing page: the administrator on instance A
// changes a price and saves; Dana, on instance B, is told at once, then saves her FAQ change over the version she
// loaded: refused, her text still on screen, the price intact; she saves hers over theirs on purpose, and both
// revisions are in the page's history, the administrator's restorable. Dana works from the keyboard only, at phone
// and desktop widths, with axe.
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, postgresUrl, signInAsAdmin, test } from "./support/fixtures";
import { twoInstances } from "./support/server-process";
import { joinTeam } from "./support/team";
import { tabTo, toast } from "./support/ui";

for (const width of [375, 1280]) {
  test(`two members on two instances edit the pricing page at ${width} px: told at once, nothing lost`, async ({
    browser,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    // Dana's refused save is a 409 by design.
    consoleErrors.allow(failedResource(409));
    const { a, b, sql, stop } = await twoInstances(postgresUrl(), "asimov_team_editing", {
      LOG_LEVEL: "warn",
    });
    const adminContext = await browser.newContext({ viewport: { width, height: 900 } });
    try {
      const admin = await adminContext.newPage();
      consoleErrors.watch(admin);
      await signInAsAdmin(admin, a.base);
      const dana = await joinTeam(admin, browser, { name: "Dana", width, base: a.base });
      consoleErrors.watch(dana.page);
      const [pricing] = await sql<{ id: string }[]>`select id from pages where path = '/pricing'`;
      const editor = `/admin/pages/${pricing?.id}`;

      await admin.goto(`${a.base}${editor}`);
      await dana.page.goto(`${b.base}${editor}`);
      await expect(admin.getByTestId("presence")).toHaveText("Dana is editing");
      await expect(dana.page.getByTestId("presence")).toHaveText("Administrator is editing");

      // A changes the Growth plan's price on instance A and saves.
      await admin
        .getByTestId("block-item")
        .getByRole("button", { name: /Plans|Pricing table/ })
        .first()
        .click();
      await admin.getByLabel("Price", { exact: true }).nth(1).fill("$29");
      await admin.getByRole("button", { name: "Save page" }).click();
      await expect(toast(admin, "Page saved")).toBeVisible();

      // B hears of it at once, on instance B, before saving anything.
      const saved = dana.page.getByTestId("saved-elsewhere");
      await expect(saved).toContainText("Administrator saved this page at");

      // B changes the FAQ's first answer from the keyboard and saves: refused, her text kept, A's price intact.
      await tabTo(
        dana.page,
        dana.page.getByTestId("block-item").getByRole("button", { name: /^Frequently asked/ }),
      );
      await dana.page.keyboard.press("Enter");
      const answer = dana.page.getByLabel("Answer", { exact: true }).first();
      await tabTo(dana.page, answer, { max: 200 });
      await dana.page.keyboard.press("ControlOrMeta+a");
      await dana.page.keyboard.type("Yes: 14 days, every plan, no card.");
      await tabTo(dana.page, dana.page.getByRole("button", { name: "Save page" }), { max: 200, back: true });
      await dana.page.keyboard.press("Enter");
      const conflict = dana.page.getByTestId("edit-conflict");
      await expect(conflict.getByRole("heading")).toContainText("Administrator saved this page at");
      // Their price, highlighted in the blocks they changed.
      await expect(
        conflict.getByLabel("What they changed").locator("ins", { hasText: "29" }).first(),
      ).toBeVisible();
      await expect(answer).toHaveValue("Yes: 14 days, every plan, no card.");
      const stored = async () =>
        JSON.stringify(
          (await sql<{ blocks: unknown }[]>`select blocks from pages where path = '/pricing'`)[0],
        );
      expect(await stored()).toContain('"price":"$29"');
      expect(await stored()).not.toContain("every plan, no card");
      await expectNoAxeViolations(dana.page);
      await dana.page.screenshot({ path: testInfo.outputPath(`conflict-${width}.png`), fullPage: true });

      // B saves hers over theirs, on purpose: both versions are revisions, A's can be restored.
      await tabTo(dana.page, conflict.getByRole("button", { name: "Save mine over theirs" }));
      await dana.page.keyboard.press("Enter");
      await expect(toast(dana.page, "Page saved")).toBeVisible();
      expect(await stored()).toContain("every plan, no card");
      await tabTo(dana.page, dana.page.getByRole("button", { name: "History" }), { max: 200, back: true });
      await dana.page.keyboard.press("Enter");
      const history = dana.page.getByRole("dialog");
      await expect(history.getByRole("button", { name: /Edited by Dana/ })).toBeVisible();
      const theirs = history.getByRole("button", { name: /Edited by Administrator/ });
      await tabTo(dana.page, theirs);
      await dana.page.keyboard.press("Enter");
      await expect(history.getByRole("button", { name: /Restore/ }).first()).toBeVisible();
      await expectNoAxeViolations(dana.page);
      await dana.context.close();
    } finally {
      await adminContext.close();
      await stop();
    }
  });
}
