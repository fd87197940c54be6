// The media library (docs/product.md, Media library): an image uploaded into the library and picked in a blog post
// renders on the public post from its AVIF/WebP copies with its size and alt text; alt text edited in the library
// reaches the public page; a file in use cannot be deleted and an unused one can; a save that would use a library
// image without alt text is refused. And the screen itself: filters, keyboard, 375 and 1280 px, axe.
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { demoBlogPosts, demoPictures } from "../../app/db/seed-content";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { expectNoHorizontalScroll, toast, uniqueSuffix } from "./support/ui";

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const card = (page: Page, title: string) => page.getByTestId("media-card").filter({ hasText: title });
const createForm = (page: Page) => page.getByRole("form", { name: "Create new post" });

/** The public post's featured image as the browser sees it. */
async function featuredImage(page: Page, path: string) {
  await page.goto(path);
  const picture = page.locator("article picture").first();
  return {
    avif: await picture.locator('source[type="image/avif"]').getAttribute("srcset"),
    img: await picture.locator("img").evaluate((img: HTMLImageElement) => ({
      alt: img.alt,
      srcset: img.getAttribute("srcset"),
      sizes: img.getAttribute("sizes"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      loading: img.getAttribute("loading"),
      fetchpriority: img.getAttribute("fetchpriority"),
      current: img.currentSrc,
      complete: img.complete && img.naturalWidth > 0,
    })),
  };
}

async function pick(field: Locator, page: Page, title: string) {
  await field.getByRole("button", { name: /^Library: choose a file for/ }).click();
  const dialog = page.getByRole("dialog", { name: "Choose an image" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Search the library by name").fill(title);
  // A file is a radio button whose whole card is its label.
  await dialog.locator("label").filter({ hasText: title }).click();
  await expect(dialog.getByRole("radio", { name: new RegExp(title) })).toBeChecked();
  return dialog;
}

test.describe("media library", () => {
  test("a fresh demo install's library holds the demo's pictures, with alt text, used by the posts", async ({
    adminPage: page,
    browser,
    baseURL,
  }) => {
    const post = demoBlogPosts.find((p) => p.status === "published" && p.featuredImage);
    const picture = demoPictures.find((p) => p.path === post?.featuredImage);
    if (!post || !picture) throw new Error("the demo seed changed: update this spec");
    await page.goto("/admin/media");
    for (const { title } of demoPictures) await expect(card(page, title)).toBeVisible();
    await expect(card(page, picture.title)).not.toContainText("No alt text");
    await expect(card(page, picture.title)).toContainText(picture.alt);
    await expect(card(page, picture.title)).toContainText(/Used in \d+ places?/);
    // The public post shows that library file (an SVG: no copies), with its alt text.
    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto(`/blog/${post.slug}`);
    const shown = await visitor
      .locator("article picture img")
      .first()
      .evaluate((img: HTMLImageElement) => ({ alt: img.alt, current: img.currentSrc }));
    expect(shown.alt).toBe(picture.alt);
    expect(shown.current).toMatch(/\/uploads\/images\/[a-f0-9]{32}\.svg$/);
    await expect
      .poll(() =>
        visitor
          .locator("article picture img")
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await visitor.context().close();
  });

  test("a library image picked in a post renders responsive with its alt text; alt edits reach the page; delete rules", async ({
    adminPage: page,
    consoleErrors,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // The refused saves below answer 400 and 409 on purpose.
    consoleErrors.allow(
      failedResource(400, "/admin/blog.data"),
      failedResource(400, "/admin/media.data"),
      failedResource(409, "/admin/media.data"),
      failedResource(415, "/api/uploads"),
    );
    const s = uniqueSuffix();
    const title = `ocean-${s}.png`;

    // Upload into the library (drop zone's input), with a refused type shown next to it.
    await page.goto("/admin/media");
    await page.getByTestId("media-upload-input").setInputFiles([
      { name: title, mimeType: "image/png", buffer: await png(1600, 900, `#${s.slice(0, 6)}`) },
      { name: `notes-${s}.txt`, mimeType: "text/plain", buffer: Buffer.from("not media") },
      { name: `fake-${s}.png`, mimeType: "image/png", buffer: Buffer.from("<html>not an image</html>") },
    ]);
    const uploads = page.getByTestId("upload-row");
    await expect(uploads.filter({ hasText: `notes-${s}.txt` })).toContainText("is not a supported file");
    await expect(uploads.filter({ hasText: `fake-${s}.png` })).toContainText("not allowed for images");
    await expect(uploads.filter({ hasText: title })).toContainText("Add its alt text before using it");
    await expect(card(page, title)).toContainText("1600 × 900");
    await expect(card(page, title)).toContainText("Not used");

    // Pick it in a new post: the picker asks for alt text first.
    await page.goto("/admin/blog");
    const form = createForm(page);
    const slug = `library-image-${s}`;
    await form.getByLabel("Title *").fill(`Library image ${s}`);
    await form.getByLabel("Slug *").fill(slug);
    await form.getByLabel("Status").selectOption("published");
    const featured = form
      .locator("div", { has: page.getByRole("textbox", { name: "Featured image URL" }) })
      .last();
    let dialog = await pick(featured, page, title);
    await dialog.getByRole("button", { name: "Use this image" }).click();
    await expect(dialog.getByText("Add alt text to use this image.")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Alt text" }).fill("A calm blue sea under a clear sky");
    await dialog.getByRole("button", { name: "Use this image" }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByRole("textbox", { name: "Featured image URL" })).toHaveValue(
      /^\/uploads\/images\/[a-f0-9]{32}\.png$/,
    );
    await expect(form.getByText("Alt text: “A calm blue sea under a clear sky”")).toBeVisible();
    await form.getByRole("button", { name: "Create Post" }).click();
    await expect(toast(page, "Blog post created successfully")).toBeVisible();

    // A visitor sees the copies, the real size, the alt text, and the image loads at once (above the fold).
    const visitor = await (
      await browser.newContext({ baseURL, viewport: { width: 412, height: 900 } })
    ).newPage();
    consoleErrors.watch(visitor);
    const shown = await featuredImage(visitor, `/blog/${slug}`);
    expect(shown.avif).toMatch(
      /-480w\.avif 480w, \S+-720w\.avif 720w, \S+-960w\.avif 960w, \S+-1280w\.avif 1280w, \S+-1600w\.avif 1600w$/,
    );
    expect(shown.img).toMatchObject({
      alt: "A calm blue sea under a clear sky",
      width: "1600",
      height: "900",
      loading: "eager",
      fetchpriority: "high",
      sizes: "(min-width: 832px) 768px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)",
      complete: true,
    });
    expect(shown.img.srcset).toMatch(
      /-480w\.webp 480w, \S+-720w\.webp 720w, \S+-960w\.webp 960w, \S+-1280w\.webp 1280w, \S+-1600w\.webp 1600w$/,
    );
    // Chromium takes the AVIF source, at the width the phone needs (380 px at 1x) rather than the original.
    expect(shown.img.current).toMatch(/-480w\.avif$/);

    // Alt text edited in the library reaches the public page on the next request; it cannot be emptied while in use.
    await page.goto(`/admin/media?q=${encodeURIComponent(title)}`);
    await card(page, title)
      .getByRole("button", { name: `Edit details of ${title}` })
      .click();
    dialog = page.getByRole("dialog", { name: "Media details" });
    await expect(dialog.getByRole("link", { name: `Library image ${s}`, exact: true })).toBeVisible();
    await expect(dialog.getByText("Public", { exact: true })).toBeVisible();
    const mediaId = await dialog.locator('input[name="id"]').inputValue();
    await dialog.getByRole("textbox", { name: "Alt text" }).fill("");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("This image is in use on the site, so it needs alt text.")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Alt text" }).fill("Waves rolling onto an empty beach");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Media details saved")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect((await featuredImage(visitor, `/blog/${slug}`)).img.alt).toBe("Waves rolling onto an empty beach");

    // Deleting a file in use is refused: the screen lists where it is used, and so does the server.
    await card(page, title)
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    dialog = page.getByRole("dialog", { name: "This file is in use" });
    await expect(dialog.getByRole("link", { name: `Library image ${s}`, exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "OK", exact: true }).click();
    const refused = await page.request.post("/admin/media", {
      form: { intent: "delete", id: mediaId },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(409);
    expect((await featuredImage(visitor, `/blog/${slug}`)).img.complete).toBe(true);

    // Uploading right in the form asks for alt text at once; without it the save is refused on the server.
    await page.goto("/admin/blog");
    const second = `second-${s}.png`;
    await createForm(page).getByLabel("Title *").fill(`No alt ${s}`);
    await createForm(page)
      .getByTestId(/featuredImage-file$/)
      .setInputFiles({
        name: second,
        mimeType: "image/png",
        buffer: await png(640, 480, `#${s.slice(2, 8)}`),
      });
    dialog = page.getByRole("dialog", { name: "Choose an image" });
    await expect(dialog.getByRole("textbox", { name: "Alt text" })).toBeFocused();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(createForm(page).getByText("This image has no alt text yet.")).toBeVisible();
    await createForm(page).getByRole("button", { name: "Create Post" }).click();
    await expect(toast(page, "Add alt text to the library images first")).toBeVisible();
    await expect(createForm(page).getByRole("textbox", { name: "Featured image URL" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    // An unused file is deleted after a confirmation, with its copies.
    await page.goto(`/admin/media?q=${encodeURIComponent(second)}`);
    const secondUrl = await card(page, second).locator("img").getAttribute("src");
    await card(page, second)
      .getByRole("button", { name: `Delete ${second}` })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "File deleted")).toBeVisible();
    await expect(card(page, second)).toHaveCount(0);
    expect((await visitor.request.get(secondUrl ?? "")).status()).toBe(404);
    await visitor.close();

    // Leave the site as the other specs expect it: the post goes, and then its image may go too.
    await page.goto("/admin/blog");
    await page.getByRole("button", { name: `Delete Library image ${s}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Post deleted successfully")).toBeVisible();
    const freed = await page.request.post("/admin/media", {
      form: { intent: "delete", id: mediaId },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(freed.status()).toBe(200);
  });

  test("the screen works by keyboard at 375 and 1280 px, filters by type, name and missing alt text, with no axe violations", async ({
    adminPage: page,
  }) => {
    const s = uniqueSuffix();
    const name = `filter-${s}.png`;
    await page.goto("/admin/media");
    await page.getByTestId("media-upload-input").setInputFiles({
      name,
      mimeType: "image/png",
      buffer: await png(320, 200, `#${s.slice(0, 6)}`),
    });
    await expect(card(page, name)).toBeVisible();

    // Keyboard: the skip link leads to the upload button, Tab goes on to the search box; typing filters the grid.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Upload files" })).toBeFocused();
    const search = page.getByLabel("Search by name");
    for (let i = 0; i < 6 && !(await search.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(search).toBeFocused();
    await page.keyboard.type(name);
    await expect(page).toHaveURL(new RegExp(`q=${name.replace(".", "\\.")}`));
    await expect(page.getByTestId("media-card")).toHaveCount(1);
    await page.getByLabel("Type", { exact: true }).selectOption("video");
    await expect(page.getByText("No files match these filters.")).toBeVisible();
    await page.getByLabel("Type", { exact: true }).selectOption("image");
    await page.getByLabel("Only images without alt text").check();
    await expect(page).toHaveURL(/missing=alt/);
    await expect(card(page, name)).toContainText("No alt text");

    // The details dialog opens and closes by keyboard, focus back on its button.
    const edit = card(page, name).getByRole("button", { name: `Edit details of ${name}` });
    await edit.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Media details" });
    await expect(dialog.getByRole("textbox", { name: "Alt text" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(edit).toBeFocused();

    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/screens/media-1280.png", fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/screens/media-375.png", fullPage: true });

    // The picker at 375 px too.
    await page.goto("/admin/blog");
    await createForm(page)
      .getByRole("button", { name: /^Library: choose a file for Featured image URL/ })
      .click();
    await expect(
      page.getByRole("dialog", { name: "Choose an image" }).getByRole("radio").first(),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/screens/media-picker-375.png" });
  });
});
