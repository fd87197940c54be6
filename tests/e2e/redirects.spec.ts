// Redirects and the 404 monitor end to end (ADR 018): a renamed published post's old address answers 301 (also
// once that page was cached), a 404 seen by a browser shows in the monitor and becomes a working redirect in one
// dialog, the add form refuses what it must, and the screen passes axe at 375 and 1280 px.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { DESKTOP_CHROME } from "../support/user-agents";
import { axeViolations } from "./support/a11y";
import { expect, failedResource, test, uniqueIp } from "./support/fixtures";
import { expectNoHorizontalScroll, expectToast, uniqueSuffix as suffix } from "./support/ui";

/** A visitor's browser page: no session, a person's user agent, its own client address. */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    userAgent: DESKTOP_CHROME,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() },
  });
  return context.newPage();
}

/** The answer to an anonymous request, redirects not followed. */
async function firstAnswer(request: APIRequestContext, path: string, method: "GET" | "HEAD" = "GET") {
  const response = await request.fetch(path, { method, maxRedirects: 0 });
  return { status: response.status(), location: response.headers().location, headers: response.headers() };
}

const notFoundRow = (page: Page, path: string) => page.getByTestId("not-found-row").filter({ hasText: path });
const redirectRow = (page: Page, from: string) =>
  page.getByTestId("redirect-row").filter({ has: page.getByText(from, { exact: true }) });

/** Adds a redirect through the screen's dialog, using the keyboard only. */
async function addRedirectByKeyboard(page: Page, from: string, to: string, type?: "302") {
  await page.getByRole("button", { name: "Add redirect" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add redirect" });
  await expect(dialog.getByLabel("From path")).toBeFocused();
  await page.keyboard.type(from);
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Redirect to")).toBeFocused();
  await page.keyboard.type(to);
  if (type) {
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Type")).toBeFocused();
    await dialog.getByLabel("Type").selectOption(type);
    await page.keyboard.press("Shift+Tab");
  }
  // Enter in a text field sends the form.
  await page.keyboard.press("Enter");
  return dialog;
}

test.describe("redirects", () => {
  test("a renamed published post redirects with 301 from its old address, also once that page was cached", async ({
    adminPage: page,
    playwright,
    baseURL,
    browser,
  }) => {
    const s = suffix();
    const title = `Moving post ${s}`;
    const oldSlug = `moving-post-${s}`;
    const newSlug = `moved-post-${s}`;
    await page.goto("/admin/blog");
    const form = page.getByRole("form", { name: "Create new post" });
    await form.getByLabel("Title *").fill(title);
    await form.getByLabel("Slug *").fill(oldSlug);
    await form.getByLabel("Status").selectOption("published");
    await form.getByRole("button", { name: "Create Post" }).click();
    await expectToast(page, "Blog post created successfully");

    // A visitor's copy of the old address is in the page cache.
    const anonymous = await playwright.request.newContext({ baseURL });
    await anonymous.get(`/blog/${oldSlug}`);
    const cached = await anonymous.get(`/blog/${oldSlug}`);
    expect(cached.status()).toBe(200);
    expect(cached.headers()["x-cache"]).toBe("HIT");

    const row = page.locator(`[data-testid="post-row"][data-slug="${oldSlug}"]`);
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit post" });
    await dialog.getByLabel("Slug *").fill(newSlug);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Blog post updated successfully");

    // The old address answers 301 at once, with the visitor's query string; letter case and a trailing slash
    // do not matter, HEAD is answered too, and the new address is the page itself.
    expect(await firstAnswer(anonymous, `/blog/${oldSlug}?utm_source=news`)).toMatchObject({
      status: 301,
      location: `/blog/${newSlug}?utm_source=news`,
    });
    expect(await firstAnswer(anonymous, `/BLOG/${oldSlug.toUpperCase()}/`)).toMatchObject({
      status: 301,
      location: `/blog/${newSlug}`,
    });
    expect(await firstAnswer(anonymous, `/blog/${oldSlug}`, "HEAD")).toMatchObject({ status: 301 });
    expect((await firstAnswer(anonymous, `/blog/${newSlug}`)).status).toBe(200);
    // A client-side navigation's data request gets the router's own redirect answer.
    const data = await firstAnswer(anonymous, `/blog/${oldSlug}.data?_routes=routes%2Fblog%2Fpost`);
    expect(data.status).toBe(204);
    expect(data.headers["x-remix-redirect"]).toBe(`/blog/${newSlug}`);
    await anonymous.dispose();

    const visitor = await visitorPage(browser);
    await visitor.goto(`/blog/${oldSlug}`);
    await expect(visitor).toHaveURL(new RegExp(`/blog/${newSlug}$`));
    await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await visitor.context().close();

    // Listed on the Redirects screen, with where it came from and its uses (counted about once a second).
    await page.goto(`/admin/redirects?q=${oldSlug}`);
    const listed = redirectRow(page, `/blog/${oldSlug}`);
    await expect(listed).toContainText(`/blog/${newSlug}`);
    await expect(listed).toContainText("301 Permanent");
    await expect(listed).toContainText("From a slug change");
    await expect(async () => {
      await page.reload();
      await expect(listed).toContainText(/[1-9]\d* hits?/, { timeout: 1000 });
    }).toPass();
  });

  test("a request for /%00 does not hide a genuine 404 asked for in the same second", async ({
    adminPage: page,
    playwright,
    baseURL,
  }) => {
    const genuine = `/broken-link-${suffix()}`;
    const visitor = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "User-Agent": DESKTOP_CHROME, "X-Forwarded-For": uniqueIp() },
    });
    // Together, so both wait for the same flush of the monitor's counts.
    const answers = await Promise.all([visitor.get("/%00"), visitor.get(genuine), visitor.get("/%00?again")]);
    expect(answers.map((a) => a.status())).toEqual([404, 404, 404]);
    await visitor.dispose();

    await page.goto("/admin/redirects?tab=404");
    await expect(async () => {
      await page.reload();
      await expect(notFoundRow(page, genuine)).toBeVisible({ timeout: 1000 });
    }).toPass();
    // The hostile path is listed as it was sent, percent-encoded.
    await expect(notFoundRow(page, "/%00").first()).toBeVisible();
  });

  test("the 404 monitor turns a missing path into a working redirect", async ({
    adminPage: page,
    browser,
    consoleErrors,
  }) => {
    const missing = `/old-campaign-${suffix()}`;
    consoleErrors.allow(failedResource(404, missing), failedResource(404, `${missing}/`));
    const visitor = await visitorPage(browser);
    consoleErrors.watch(visitor);
    expect(
      (await visitor.goto(missing, { referer: "https://partner.example/links?session=secret" }))?.status(),
    ).toBe(404);
    await expect(visitor.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await visitor.goto(`${missing}/?utm_source=mail`);
    // A crawler's 404 is left out.
    const crawler = await browser.newContext({
      userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
    });
    await (await crawler.newPage()).goto(`${missing}-crawled`);
    await crawler.close();

    // Written about once a second: the admin sees it after a reload or two.
    await page.goto("/admin/redirects?tab=404");
    const row = notFoundRow(page, missing);
    await expect(async () => {
      await page.reload();
      await expect(row).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(row).toContainText("2 hits");
    await expect(row).toContainText("Last referrer: https://partner.example/links");
    await expect(row).not.toContainText("secret");
    await expect(notFoundRow(page, `${missing}-crawled`)).toHaveCount(0);

    // One dialog: the path is given, only the target is asked for.
    await row.getByRole("button", { name: `Redirect ${missing}` }).click();
    const dialog = page.getByRole("dialog", { name: "Redirect this path" });
    await expect(dialog).toContainText(missing);
    await expect(dialog.getByLabel("Redirect to")).toBeFocused();
    await dialog.getByRole("button", { name: "Add redirect" }).click();
    await expect(dialog.getByText("Enter where visitors should go")).toBeVisible();
    await dialog.getByLabel("Redirect to").fill("/pricing");
    await dialog.getByRole("button", { name: "Add redirect" }).click();
    await expectToast(page, `Redirect added: ${missing} now goes to /pricing`);
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Paths that answered 404" })).toBeFocused();

    await page.getByRole("tab", { name: /^Redirects/ }).click();
    await expect(redirectRow(page, missing)).toContainText("From the 404 monitor");

    // The path now redirects.
    await visitor.goto(missing);
    await expect(visitor).toHaveURL(/\/pricing$/);
    await visitor.context().close();
  });

  test("the add form refuses bad input, duplicates and loops; delete asks first", async ({
    adminPage: page,
    request,
    consoleErrors,
  }) => {
    // Refusals answer 400 and 409 on purpose.
    consoleErrors.allow(
      failedResource(400, "/admin/redirects.data"),
      failedResource(409, "/admin/redirects.data"),
    );
    const s = suffix();
    await page.goto("/admin/redirects");
    let dialog = await addRedirectByKeyboard(page, "/admin/x", "/pricing");
    await expect(dialog.getByText("Back-office, API and asset paths cannot be redirected")).toBeVisible();
    await dialog.getByLabel("From path").fill(`/a-${s}`);
    await dialog.getByLabel("Redirect to").fill("ftp://files.example");
    await dialog.getByRole("button", { name: "Add redirect" }).click();
    await expect(
      dialog.getByText("Enter a path starting with / or a full URL starting with https://"),
    ).toBeVisible();
    await dialog.getByLabel("Redirect to").fill(`/b-${s}`);
    await dialog.getByRole("button", { name: "Add redirect" }).click();
    await expectToast(page, `Redirect added: /a-${s} now goes to /b-${s}`);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Add redirect" })).toBeFocused();

    // B → A would loop; the server says so, the dialog keeps what was typed.
    dialog = await addRedirectByKeyboard(page, `/b-${s}`, `/A-${s}/`, "302");
    await expect(
      dialog.getByText(`This would make a loop: /a-${s} already redirects to /b-${s}`),
    ).toBeVisible();
    await expect(dialog.getByLabel("From path")).toHaveValue(`/b-${s}`);
    await dialog.getByLabel("From path").fill(`/A-${s}`);
    await dialog.getByLabel("Redirect to").fill("/contact");
    await dialog.getByRole("button", { name: "Add redirect" }).click();
    await expect(dialog.getByText(`There is already a redirect from /a-${s}`)).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const row = redirectRow(page, `/a-${s}`);
    await row.getByRole("button", { name: `Delete redirect from /a-${s}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete this redirect?");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Redirect deleted");
    await expect(row).toHaveCount(0);
    expect((await request.get(`/a-${s}`, { maxRedirects: 0 })).status()).toBe(404);
  });

  for (const width of [375, 1280]) {
    test(`the screen has no axe violations at ${width} px`, async ({
      adminPage: page,
      browser,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const s = suffix();
      // Something in both lists.
      const visitor = await visitorPage(browser);
      await visitor.goto(`/a11y-missing-${s}`);
      await visitor.context().close();
      await page.goto("/admin/redirects");
      await page.request.post("/admin/redirects", {
        headers: { Origin: new URL(page.url()).origin },
        form: {
          intent: "create",
          fromPath: `/a11y-${s}`,
          toUrl: "https://elsewhere.example/a-long/target/path",
        },
      });
      const axe = () => axeViolations(page, { exclude: "[data-sonner-toaster]" });

      await page.reload();
      await expect(redirectRow(page, `/a11y-${s}`)).toBeVisible();
      expect(await axe()).toEqual([]);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`redirects-${width}.png`), fullPage: true });

      await page.getByRole("button", { name: "Add redirect" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await axe()).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`redirects-dialog-${width}.png`) });
      await page.keyboard.press("Escape");

      await page.getByRole("tab", { name: /^404 monitor/ }).click();
      await expect(async () => {
        await page.reload();
        await page.getByRole("tab", { name: /^404 monitor/ }).click();
        await expect(notFoundRow(page, `/a11y-missing-${s}`)).toBeVisible({ timeout: 1000 });
      }).toPass();
      expect(await axe()).toEqual([]);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`redirects-404-${width}.png`), fullPage: true });
      await page.getByRole("button", { name: "Clear all" }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      expect(await axe()).toEqual([]);
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    });
  }
});
