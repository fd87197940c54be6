// Two members editing one item of a back-office list, each in their own browser: a media file's alt text, then a
// redirect. The second save over the first is refused and changes nothing; the refused member keeps what they typed,
// sees who saved, when and what changed, and saves over it on purpose or loads their version. A redirect deleted
// meanwhile is said to be gone, not an error. At phone and desktop widths, with axe.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { secondEditor } from "./support/team";
import { expectNoHorizontalScroll, tabTo, toast, uniqueSuffix } from "./support/ui";

const mediaCard = (page: Page, title: string) => page.getByTestId("media-card").filter({ hasText: title });
const redirectRow = (page: Page, from: string) =>
  page.getByTestId("redirect-row").filter({ has: page.getByText(from, { exact: true }) });

for (const width of [375, 1280]) {
  test.describe(`list edit conflicts at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a file's alt text: refused over a teammate's save, saved over it on purpose, then their version loaded", async ({
      adminPage: first,
      browser,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      // The refused save is a 409 by design; the browser reports it as a failed load.
      consoleErrors.allow(failedResource(409, "/admin/media.data"));
      const base = baseURL ?? "";
      const s = uniqueSuffix();
      const title = `tile-${width}-${s}.png`;
      const uploaded = await first.request.post("/api/uploads?bucket=images", {
        multipart: {
          file: {
            name: title,
            mimeType: "image/png",
            buffer: await sharp({
              create: { width: 64, height: 48, channels: 3, background: `#${s.slice(0, 6)}` },
            })
              .png()
              .toBuffer(),
          },
        },
        headers: { Origin: base },
      });
      expect(uploaded.status()).toBe(201);
      const { context: secondContext, page: second } = await secondEditor(browser, base, width);
      const query = `/admin/media?q=${encodeURIComponent(title)}`;
      for (const page of [first, second]) {
        await page.goto(query);
        await mediaCard(page, title)
          .getByRole("button", { name: `Edit details of ${title}` })
          .click();
      }

      // The first member writes the alt text and saves.
      const firstDialog = first.getByRole("dialog", { name: "Media details" });
      await firstDialog.getByLabel("Alt text").fill("A teal square");
      await firstDialog.getByRole("button", { name: "Save" }).click();
      await expect(toast(first, "Media details saved")).toBeVisible();
      await expect(firstDialog).toBeHidden();

      // The second, from the keyboard, writes their own on the version they opened: refused.
      const dialog = second.getByRole("dialog", { name: "Media details" });
      const alt = dialog.getByLabel("Alt text");
      await tabTo(second, alt);
      await second.keyboard.type("Teal tile on a white page");
      await tabTo(second, dialog.getByRole("button", { name: "Save" }));
      await second.keyboard.press("Enter");
      const notice = dialog.getByTestId("edit-conflict");
      await expect(notice.getByRole("heading")).toContainText("Administrator saved this file at");
      await expect(notice.getByLabel("What they changed").locator("dt")).toHaveText(["Alt text"]);
      await expect(notice.getByLabel("What they changed")).toContainText("A teal square");
      await expect(toast(second, "Not saved: someone else saved this meanwhile.")).toBeVisible();
      await expect(alt).toHaveValue("Teal tile on a white page");
      await expect(notice.getByRole("heading")).toBeFocused();
      await expectNoHorizontalScroll(second);
      await expectNoAxeViolations(second);
      // Nothing of the refused save was stored.
      await first.reload();
      await expect(mediaCard(first, title)).toContainText("A teal square");

      // "Save mine over theirs": a normal save.
      await tabTo(second, notice.getByRole("button", { name: "Save mine over theirs" }));
      await second.keyboard.press("Enter");
      await expect(toast(second, "Media details saved")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(mediaCard(second, title)).toContainText("Teal tile on a white page");

      // The first member's list still holds the version before that save: their next save is refused in turn, and
      // they load the other version instead, then save on top of it.
      await mediaCard(first, title)
        .getByRole("button", { name: `Edit details of ${title}` })
        .click();
      await firstDialog.getByLabel("Title").fill(`Tile ${s}`);
      await firstDialog.getByRole("button", { name: "Save" }).click();
      await expect(firstDialog.getByTestId("edit-conflict")).toBeVisible();
      await expect(firstDialog.getByLabel("Title")).toHaveValue(`Tile ${s}`);
      await firstDialog.getByRole("button", { name: "Load their version" }).click();
      await expect(firstDialog.getByTestId("edit-conflict")).toBeHidden();
      await expect(firstDialog.getByLabel("Alt text")).toHaveValue("Teal tile on a white page");
      await expect(firstDialog.getByLabel("Title")).toHaveValue(title);
      await firstDialog.getByLabel("Title").fill(`Tile ${s}`);
      await firstDialog.getByRole("button", { name: "Save" }).click();
      await expect(firstDialog).toBeHidden();
      await first.goto(`/admin/media?q=${encodeURIComponent(`Tile ${s}`)}`);
      await expect(mediaCard(first, `Tile ${s}`)).toContainText("Teal tile on a white page");
      await secondContext.close();
    });

    test("a redirect: refused over a teammate's save, their version loaded; a redirect deleted meanwhile is gone", async ({
      adminPage: first,
      browser,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      consoleErrors.allow(
        failedResource(409, "/admin/redirects.data"),
        failedResource(404, "/admin/redirects.data"),
      );
      const base = baseURL ?? "";
      const from = `/old-plans-${width}-${uniqueSuffix()}`;
      const added = await first.request.post("/admin/redirects", {
        form: { intent: "create", fromPath: from, toUrl: "/pricing", statusCode: "301" },
        headers: { Origin: base },
      });
      expect(added.status()).toBe(200);
      const { context: secondContext, page: second } = await secondEditor(browser, base, width);
      const search = `/admin/redirects?q=${encodeURIComponent(from)}`;
      for (const page of [first, second]) {
        await page.goto(search);
        await redirectRow(page, from)
          .getByRole("button", { name: `Edit redirect from ${from}` })
          .click();
      }

      const firstDialog = first.getByRole("dialog", { name: "Edit redirect" });
      await firstDialog.getByLabel("Redirect to").fill("/plans");
      await firstDialog.getByRole("button", { name: "Save redirect" }).click();
      await expect(toast(first, `Redirect saved: ${from} now goes to /plans`)).toBeVisible();

      const dialog = second.getByRole("dialog", { name: "Edit redirect" });
      await dialog.getByLabel("Type").selectOption("302");
      await dialog.getByRole("button", { name: "Save redirect" }).click();
      const notice = dialog.getByTestId("edit-conflict");
      await expect(notice.getByRole("heading")).toContainText("Administrator saved this redirect at");
      await expect(notice.getByLabel("What they changed").locator("dt")).toHaveText(["Redirect to"]);
      await expect(dialog.getByLabel("Type")).toHaveValue("302");
      await expect(dialog.getByLabel("Redirect to")).toHaveValue("/pricing");
      await expectNoHorizontalScroll(second);
      await expectNoAxeViolations(second);

      // "Load their version": their target fills the form, what was typed is set aside; saved on top of theirs.
      await notice.getByRole("button", { name: "Load their version" }).click();
      await expect(toast(second, "Their version is loaded. Your changes were set aside.")).toBeVisible();
      await expect(notice).toBeHidden();
      await expect(dialog.getByLabel("Redirect to")).toHaveValue("/plans");
      await expect(dialog.getByLabel("Type")).toHaveValue("301");
      await dialog.getByLabel("Type").selectOption("302");
      await dialog.getByRole("button", { name: "Save redirect" }).click();
      await expect(toast(second, `Redirect saved: ${from} now goes to /plans`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(redirectRow(second, from)).toContainText("302 Temporary");

      // The first member opens it again from their list, and meanwhile it is deleted: saying so, keeping the form.
      await first.goto(search);
      await redirectRow(first, from)
        .getByRole("button", { name: `Edit redirect from ${from}` })
        .click();
      const deleted = await second.request.post("/admin/redirects", {
        form: { intent: "delete", id: await redirectId(second, from) },
        headers: { Origin: base },
      });
      expect(deleted.status()).toBe(200);
      await firstDialog.getByLabel("Redirect to").fill("/pricing/teams");
      await firstDialog.getByRole("button", { name: "Save redirect" }).click();
      const gone = "Not saved: someone deleted this redirect meanwhile.";
      await expect(firstDialog.getByRole("alert").filter({ hasText: gone })).toBeVisible();
      await expect(toast(first, gone)).toBeVisible();
      await expect(firstDialog.getByLabel("Redirect to")).toHaveValue("/pricing/teams");
      await expectNoAxeViolations(first);
      await secondContext.close();
    });
  });
}

/** A redirect's id, as the screen's own edit form holds it. */
async function redirectId(page: Page, from: string): Promise<string> {
  await page.goto(`/admin/redirects?q=${encodeURIComponent(from)}`);
  await redirectRow(page, from)
    .getByRole("button", { name: `Edit redirect from ${from}` })
    .click();
  const id = await page
    .getByRole("dialog", { name: "Edit redirect" })
    .locator('input[name="id"]')
    .inputValue();
  await page.keyboard.press("Escape");
  return id;
}
