import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, signInAsAdmin, test } from "./support/fixtures";
import { expectNoHorizontalScroll, expectToast, uniqueSuffix } from "./support/ui";

const createForm = (page: Page) => page.getByRole("form", { name: "Create new post" });
const row = (page: Page, slug: string) => page.locator(`[data-testid="post-row"][data-slug="${slug}"]`);

async function createPost(page: Page, title: string, options: { slug?: string; excerpt?: string } = {}) {
  const form = createForm(page);
  await form.getByLabel("Title *").fill(title);
  if (options.slug) await form.getByLabel("Slug *").fill(options.slug);
  if (options.excerpt) await form.getByLabel("Excerpt").fill(options.excerpt);
  await form.getByRole("button", { name: "Create Post" }).click();
}

test.describe("admin blog", () => {
  test("create form: required fields, slug derivation, meta title default, counters and AI Optimize", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    // Saving with missing fields answers 400 on purpose.
    consoleErrors.allow(failedResource(400, "/admin/blog.data"));
    await page.goto("/admin/blog");
    await expect(page.getByRole("heading", { name: "Blog", level: 1 })).toBeVisible();
    const form = createForm(page);
    await expect(form.getByTestId("block-editor")).toBeVisible();

    await form.getByRole("button", { name: "Create Post" }).click();
    await expectToast(page, "Please fill in title and slug");
    await expect(form.getByLabel("Title *")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Title *").fill("  Héllo,   World -- AI 2.0!  ");
    await expect(form.getByLabel("Slug *")).toHaveValue("héllo-world-ai-20");
    await expect(form.getByLabel("Meta title")).toHaveValue("  Héllo,   World -- AI 2.0! | Asimov".trim());
    await expect(form.getByText(/^\d+\/60$/)).toBeVisible();
    await expect(form.getByText("0/160")).toBeVisible();

    // The slug stays editable by hand and stops following the title.
    await form.getByLabel("Slug *").fill("my-own-slug");
    await form.getByLabel("Title *").fill("Another title");
    await expect(form.getByLabel("Slug *")).toHaveValue("my-own-slug");

    await form.getByRole("button", { name: "AI Optimize" }).click();
    await expectToast(page, "Please fill in title and excerpt first");

    await form.getByLabel("Excerpt").fill("How revenue teams use AI to close more deals.");
    await form.getByRole("button", { name: "AI Optimize" }).click();
    await expectToast(page, "Meta title optimized!");
    await expect(form.getByLabel("Meta title")).toHaveValue("Another title | Asimov");
    await expect(form.getByLabel("Meta description")).not.toHaveValue("");

    // Counters guide but never block: a long meta description is saved.
    await form.getByLabel("Meta description").fill("x".repeat(200));
    await expect(form.getByText("200/160")).toBeVisible();
    const slug = `long-meta-${uniqueSuffix()}`;
    await form.getByLabel("Slug *").fill(slug);
    await form.getByRole("button", { name: "Create Post" }).click();
    await expectToast(page, "Blog post created successfully");
    await expect(row(page, slug)).toBeVisible();
    // The form is cleared after a successful create.
    await expect(form.getByLabel("Title *")).toHaveValue("");
  });

  test("a body written in the block editor with all four block types; the eye toggle publishes and drafts", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const suffix = uniqueSuffix();
    const title = `Block editor post ${suffix}`;
    const slug = `block-editor-post-${suffix}`;
    // The draft's public page answers 404 on purpose.
    consoleErrors.allow(failedResource(404, `/blog/${slug}`));
    await page.goto("/admin/blog");
    const form = createForm(page);
    await form.getByLabel("Title *").fill(title);
    await form.getByLabel("Excerpt").fill("Written in the block editor.");
    await form.getByLabel("Category").fill("Guides");
    await form.getByLabel("Tags").fill("ai, , sales ,ai");

    const editor = form.getByTestId("block-editor");
    await editor.click();
    await page.keyboard.type("## Why it matters");
    await page.keyboard.press("Enter");
    await page.keyboard.type("A plain paragraph.");
    await page.keyboard.press("Enter");
    await page.keyboard.type("- First item");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Second item");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("1. Step one");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("> Measure what matters.");
    await expect(editor.locator("h2")).toHaveText("Why it matters");
    await expect(editor.locator("ul > li")).toHaveCount(2);
    await expect(editor.locator("ol > li")).toHaveText(["Step one"]);
    await expect(editor.locator("blockquote")).toHaveText("Measure what matters.");

    await form.getByRole("button", { name: "Create Post" }).click();
    await expectToast(page, "Blog post created successfully");
    const postRow = row(page, slug);
    await expect(postRow.getByTestId("status-badge")).toHaveText("Draft");
    await expect(postRow.getByText("ai", { exact: true })).toBeVisible();
    await expect(postRow.getByText("sales", { exact: true })).toBeVisible();

    // The stored blocks come back into the editor unchanged.
    await postRow.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit post" });
    const dialogEditor = dialog.getByTestId("block-editor");
    await expect(dialogEditor.locator("h2")).toHaveText("Why it matters");
    await expect(dialogEditor.locator("p").first()).toHaveText("A plain paragraph.");
    await expect(dialogEditor.locator("ul > li")).toHaveText(["First item", "Second item"]);
    await expect(dialogEditor.locator("blockquote")).toHaveText("Measure what matters.");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // A draft is not public: "Post Not Found".
    const before = await page.request.get(`/blog/${slug}`);
    expect(before.status()).toBe(404);
    expect(await before.text()).toContain("Post Not Found");

    await postRow.getByRole("button", { name: `Publish ${title}` }).click();
    await expectToast(page, "Post published successfully");
    await expect(postRow.getByTestId("status-badge")).toHaveText("Published");

    const visitor = await page.context().browser()?.newPage();
    if (!visitor) throw new Error("no browser");
    consoleErrors.watch(visitor);
    const response = await visitor.goto(`/blog/${slug}`);
    expect(response?.status()).toBe(200);
    const article = visitor.locator("main");
    await expect(article.getByRole("heading", { name: "Why it matters" })).toBeVisible();
    await expect(article.getByText("A plain paragraph.")).toBeVisible();
    await expect(article.getByRole("listitem").filter({ hasText: "Second item" })).toBeVisible();
    await expect(article.locator("ol li").filter({ hasText: "Step one" })).toBeVisible();
    await expect(article.locator("blockquote")).toContainText("Measure what matters.");
    await visitor.close();

    await postRow.getByRole("button", { name: `Unpublish ${title}` }).click();
    await expectToast(page, "Post drafted successfully");
    await expect(postRow.getByTestId("status-badge")).toHaveText("Draft");
    await page.goto(`/blog/${slug}`);
    await expect(page.getByText("Post Not Found")).toBeVisible();
  });

  test("edit dialog sets any status and reports a taken slug; delete asks first", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    consoleErrors.allow(failedResource(400, "/admin/blog.data"));
    const suffix = uniqueSuffix();
    const a = `edit-a-${suffix}`;
    const b = `edit-b-${suffix}`;
    await page.goto("/admin/blog");
    await createPost(page, `Edit A ${suffix}`, { slug: a });
    await expectToast(page, "Blog post created successfully");
    await createPost(page, `Edit B ${suffix}`, { slug: b });
    await expect(row(page, b)).toBeVisible();

    // A slug already used fails the create with the spec's message and keeps the input.
    await createPost(page, `Edit C ${suffix}`, { slug: a });
    await expectToast(page, "Failed to create blog post");
    await expect(createForm(page).getByLabel("Title *")).toHaveValue(`Edit C ${suffix}`);
    await expect(createForm(page).getByText("Another item already uses this slug")).toBeVisible();

    await row(page, b)
      .getByRole("button", { name: `Edit Edit B ${suffix}` })
      .click();
    let dialog = page.getByRole("dialog", { name: "Edit post" });
    await dialog.getByLabel("Slug *").fill(a);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Failed to update blog post");
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Slug *").fill(b);
    await dialog.getByLabel("Title *").fill(`Edit B renamed ${suffix}`);
    await dialog.getByLabel("Status").selectOption("archived");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Blog post updated successfully");
    await expect(dialog).toBeHidden();
    await expect(row(page, b).getByRole("heading", { name: `Edit B renamed ${suffix}` })).toBeVisible();
    await expect(row(page, b).getByTestId("status-badge")).toHaveText("Archived");

    // The edit dialog can clear the title: the spec message, the dialog stays open.
    await row(page, b)
      .getByRole("button", { name: `Edit Edit B renamed ${suffix}` })
      .click();
    dialog = page.getByRole("dialog", { name: "Edit post" });
    await dialog.getByLabel("Title *").fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Please fill in title and slug");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await row(page, a)
      .getByRole("button", { name: `Delete Edit A ${suffix}` })
      .click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete this post?");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(row(page, a)).toBeVisible();
    await row(page, a)
      .getByRole("button", { name: `Delete Edit A ${suffix}` })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Post deleted successfully");
    await expect(row(page, a)).toHaveCount(0);
  });

  test("a post deleted elsewhere: toggling and deleting from a stale list fail with the spec's messages", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    consoleErrors.allow(failedResource(404, "/admin/blog.data"));
    const suffix = uniqueSuffix();
    const slug = `stale-${suffix}`;
    const title = `Stale ${suffix}`;
    await page.goto("/admin/blog");
    await createPost(page, title, { slug });
    await expect(row(page, slug)).toBeVisible();

    const other = await page.context().newPage();
    await other.goto("/admin/blog");
    await row(other, slug)
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    await other.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(other, "Post deleted successfully");
    await other.close();

    await row(page, slug)
      .getByRole("button", { name: `Publish ${title}` })
      .click();
    await expectToast(page, "Failed to update post status");
    await page.goto("/admin/blog");
    await expect(row(page, slug)).toHaveCount(0);
  });

  test("the edit and delete of a post deleted elsewhere fail with the spec's messages", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    consoleErrors.allow(failedResource(404, "/admin/blog.data"));
    const suffix = uniqueSuffix();
    const slug = `stale-edit-${suffix}`;
    const title = `Stale edit ${suffix}`;
    await page.goto("/admin/blog");
    await createPost(page, title, { slug });
    await expect(row(page, slug)).toBeVisible();
    await row(page, slug)
      .getByRole("button", { name: `Edit ${title}` })
      .click();

    const other = await page.context().newPage();
    await other.goto("/admin/blog");
    await row(other, slug)
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    await other.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(other, "Post deleted successfully");

    await page
      .getByRole("dialog", { name: "Edit post" })
      .getByRole("button", { name: "Save Changes" })
      .click();
    await expectToast(page, "Failed to update blog post");

    // Recreate, open a stale list, delete it elsewhere, then delete from the stale list.
    await page.goto("/admin/blog");
    await createPost(page, title, { slug });
    await expect(row(page, slug)).toBeVisible();
    await row(other, slug).waitFor({ state: "detached" });
    await other.goto("/admin/blog");
    await row(other, slug)
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    await other.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(other, "Post deleted successfully");
    await other.close();
    await row(page, slug)
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Failed to delete post");
  });

  test("without JavaScript: the body is a text field, errors keep the input, and a post is created", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAsAdmin(page, baseURL ?? "");
    await page.goto("/admin/blog");
    const form = createForm(page);
    await form.getByLabel("Excerpt").fill("Kept after the error.");
    await form.getByLabel("Body").fill("## Heading\n\nParagraph\n\n- a\n- b\n\n> quoted");
    await form.getByRole("button", { name: "Create Post" }).click();
    await expect(form.getByLabel("Title *")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Excerpt")).toHaveValue("Kept after the error.");
    await expect(form.getByLabel("Body")).toHaveValue(/## Heading/);

    const suffix = uniqueSuffix();
    await form.getByLabel("Title *").fill(`No JS ${suffix}`);
    await form.getByLabel("Slug *").fill(`no-js-${suffix}`);
    await form.getByRole("button", { name: "Create Post" }).click();
    await expect(row(page, `no-js-${suffix}`)).toBeVisible();
    await context.close();
  });

  test("no axe violations; usable at 375 px; the guard protects the page and its action", async ({
    adminPage: page,
    playwright,
    baseURL,
  }) => {
    await page.goto("/admin/blog");
    await expect(createForm(page).getByTestId("block-editor")).toBeVisible();
    await expectNoAxeViolations(page);
    // The demo content gives the list its rows.
    await page
      .locator('[data-testid="post-row"]')
      .first()
      .getByRole("button", { name: /^Edit / })
      .click();
    await expect(page.getByRole("dialog", { name: "Edit post" }).getByTestId("block-editor")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/blog");
    await expect(createForm(page).getByTestId("block-editor")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    const anonymous = await playwright.request.newContext({ baseURL });
    const view = await anonymous.get("/admin/blog", { maxRedirects: 0 });
    expect(view.status()).toBeGreaterThanOrEqual(300);
    expect(view.status()).toBeLessThan(400);
    expect(view.headers().location).toContain("/admin-auth");
    const write = await anonymous.post("/admin/blog", {
      form: { intent: "create", title: "Sneaky", slug: `sneaky-${uniqueSuffix()}` },
      maxRedirects: 0,
      headers: { Origin: baseURL ?? "" },
    });
    expect(write.status()).toBeGreaterThanOrEqual(300);
    expect(write.status()).toBeLessThan(400);
    await anonymous.dispose();
  });
});
