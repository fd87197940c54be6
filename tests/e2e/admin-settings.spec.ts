import type { Page } from "@playwright/test";
import { demoAcademyItems, demoBlogPosts } from "../../app/db/seed-content";
import { BRAND_SUFFIX } from "../../app/lib/brand";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { expectNoHorizontalScroll, uniqueSuffix as suffix, toast } from "./support/ui";

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save Settings" }).click();
}

test.describe("admin settings", () => {
  test("General: save shows 'Saving...' then the toast, and the values persist", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/settings");
    const phone = page.getByLabel("Phone");
    const original = await phone.inputValue();
    const newsletter = page.getByRole("switch", { name: "Newsletter" });
    const newsletterWas = (await newsletter.getAttribute("aria-checked")) === "true";
    const s = suffix();
    try {
      await phone.fill(`+1 555 ${s}`);
      await newsletter.click();
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/admin/settings.data**", async (route) => {
        if (route.request().method() === "POST") await gate;
        await route.continue();
      });
      await save(page);
      await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
      release();
      await expect(toast(page, "Settings saved successfully")).toBeVisible();
      await page.unroute("**/admin/settings.data**");
      await page.reload();
      await expect(page.getByLabel("Phone")).toHaveValue(`+1 555 ${s}`);
      await expect(page.getByRole("switch", { name: "Newsletter" })).toHaveAttribute(
        "aria-checked",
        String(!newsletterWas),
      );
    } finally {
      await page.goto("/admin/settings");
      await page.getByLabel("Phone").fill(original);
      const now =
        (await page.getByRole("switch", { name: "Newsletter" }).getAttribute("aria-checked")) === "true";
      if (now !== newsletterWas) await page.getByRole("switch", { name: "Newsletter" }).click();
      await save(page);
      await expect(toast(page, "Settings saved successfully")).toBeVisible();
    }
  });

  test("invalid input: 'Failed to save settings', the field error, and the input kept", async ({
    consoleErrors,
    adminPage: page,
  }) => {
    consoleErrors.allow(failedResource(400, "/admin/settings.data"));
    await page.goto("/admin/settings");
    await page.getByLabel("Contact email").fill("not-an-email");
    await save(page);
    await expect(toast(page, "Failed to save settings")).toBeVisible();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Contact email")).toHaveValue("not-an-email");
    await page.reload();
    await expect(page.getByLabel("Contact email")).not.toHaveValue("not-an-email");
  });

  test("SEO: counter, tips and hint; the site title and description reach the public head", async ({
    adminPage: page,
    playwright,
    baseURL,
  }) => {
    await page.goto("/admin/settings");
    await openTab(page, "SEO");
    const title = page.getByLabel("Site title");
    const description = page.getByLabel("Meta description");
    const oldTitle = await title.inputValue();
    const oldDescription = await description.inputValue();
    await expect(page.getByText("Keep the site title under 60 characters.")).toBeVisible();
    await expect(page.getByText("1200x630 recommended.")).toBeVisible();
    const s = suffix();
    const newDescription = `Revenue platform ${s} `.padEnd(150, "x");
    await description.fill(newDescription);
    await expect(page.getByText(`${newDescription.length}/160`)).toBeVisible();
    await title.fill(`Asimov Test Title ${s}`);
    await expect(page.getByText(`${`Asimov Test Title ${s}`.length}/60`)).toBeVisible();
    try {
      await save(page);
      await expect(toast(page, "Settings saved successfully")).toBeVisible();
      // The next public request, by a visitor, carries the new head.
      const visitor = await playwright.request.newContext({ baseURL });
      const html = await (await visitor.get("/")).text();
      await visitor.dispose();
      expect(html).toContain(`<title>Asimov Test Title ${s}</title>`);
      expect(html).toContain(`content="${newDescription}"`);
    } finally {
      await page.goto("/admin/settings");
      await openTab(page, "SEO");
      await page.getByLabel("Site title").fill(oldTitle);
      await page.getByLabel("Meta description").fill(oldDescription);
      await save(page);
      await expect(toast(page, "Settings saved successfully")).toBeVisible();
    }
  });

  test("an edited site title reaches the title, og:title and JSON-LD of every public page", async ({
    adminPage: page,
    playwright,
    baseURL,
  }) => {
    const post = demoBlogPosts.find((p) => p.status === "published" && p.metaTitle.endsWith(BRAND_SUFFIX));
    const item = demoAcademyItems.find((i) => i.status === "published");
    if (!post || !item) throw new Error("the demo seed changed: update this test");
    await page.goto("/admin/settings");
    await openTab(page, "SEO");
    const oldTitle = await page.getByLabel("Site title").inputValue();
    const siteTitle = `Renamed ${suffix()}`;
    await page.getByLabel("Site title").fill(siteTitle);
    try {
      await save(page);
      await expect(toast(page, "Settings saved successfully")).toBeVisible();
      const visitor = await playwright.request.newContext({ baseURL });
      const pages = [
        { path: "/pricing", title: `Pricing | ${siteTitle}` },
        { path: "/blog", title: `Blog | ${siteTitle}` },
        {
          path: `/blog/${post.slug}`,
          title: `${post.metaTitle.slice(0, -BRAND_SUFFIX.length)} | ${siteTitle}`,
        },
        { path: "/academy", title: `Academy | ${siteTitle}` },
        { path: `/academy/${item.slug}`, title: `${item.title} | ${siteTitle}` },
        { path: "/contact", title: `Contact Us | ${siteTitle}` },
      ];
      for (const { path, title } of pages) {
        const html = await (await visitor.get(path)).text();
        expect(html, path).toContain(`<title>${title}</title>`);
        expect(html, path).toContain(`<meta property="og:title" content="${title}"/>`);
        expect(html, path).toContain(
          `"@type":"Organization","@id":"${baseURL}/#organization","name":"${siteTitle}"`,
        );
        expect(html, path).not.toMatch(/\| Asimov</);
      }
      await visitor.dispose();
    } finally {
      await page.goto("/admin/settings");
      await openTab(page, "SEO");
      await page.getByLabel("Site title").fill(oldTitle);
      await save(page);
      await expect(toast(page, "Settings saved successfully")).toBeVisible();
    }
  });

  test("Analytics IDs are shared by the SEO and Analytics tabs", async ({ adminPage: page }) => {
    await page.goto("/admin/settings");
    await openTab(page, "Analytics");
    await page.getByLabel("Google Analytics ID").fill("G-TEST123");
    await openTab(page, "SEO");
    await expect(page.getByLabel("Analytics ID", { exact: true })).toHaveValue("G-TEST123");
    await expect(page.getByLabel("Hotjar site ID")).toBeHidden();
  });

  test("Chat: the embed code field shows only while chat is enabled", async ({ adminPage: page }) => {
    await page.goto("/admin/settings");
    await openTab(page, "Chat");
    const toggle = page.getByRole("switch", { name: "Enable chat widget" });
    const code = page.getByLabel("Chat widget embed code");
    if ((await toggle.getAttribute("aria-checked")) === "true") {
      await expect(code).toBeVisible();
      await toggle.click();
    }
    await expect(code).toHaveCount(0);
    await toggle.click();
    await expect(code).toBeVisible();
    await code.fill("<script>window.chat = 1</script>");
    await toggle.click();
    await expect(code).toHaveCount(0);
    // Turning it back on restores what was typed.
    await toggle.click();
    await expect(code).toHaveValue("<script>window.chat = 1</script>");
  });

  test("Social: a platform's URL and Active switch are saved", async ({ adminPage: page, consoleErrors }) => {
    consoleErrors.allow(failedResource(400, "/admin/settings.data"));
    await page.goto("/admin/settings");
    await openTab(page, "Social");
    const url = page.locator('input[id^="social-url-"]').first();
    const id = await url.getAttribute("id");
    const platform = ((await page.locator(`label[for="${id}"]`).textContent()) ?? "").replace(/ URL$/, "");
    const active = page.getByRole("switch", { name: `Active (${platform})` });
    const oldUrl = await url.inputValue();
    const wasActive = (await active.getAttribute("aria-checked")) === "true";
    const s = suffix();
    try {
      await url.fill(`https://social.example/${s}`);
      await active.click();
      await save(page);
      await expect(toast(page, "Settings saved successfully")).toBeVisible();
      await page.reload();
      await openTab(page, "Social");
      await expect(page.getByLabel(`${platform} URL`)).toHaveValue(`https://social.example/${s}`);
      await expect(page.getByRole("switch", { name: `Active (${platform})` })).toHaveAttribute(
        "aria-checked",
        String(!wasActive),
      );
      await page.getByLabel(`${platform} URL`).fill("javascript:alert(1)");
      await save(page);
      await expect(toast(page, "Failed to save settings")).toBeVisible();
      await expect(page.getByText("Enter a full URL starting with https://")).toBeVisible();
    } finally {
      await page.goto("/admin/settings");
      await openTab(page, "Social");
      await page.getByLabel(`${platform} URL`).fill(oldUrl);
      const now = page.getByRole("switch", { name: `Active (${platform})` });
      if (((await now.getAttribute("aria-checked")) === "true") !== wasActive) await now.click();
      await save(page);
      await expect(toast(page, "Settings saved successfully")).toBeVisible();
    }
  });

  test("every tab has no axe violations and fits 375 px", async ({ adminPage: page }) => {
    test.setTimeout(120_000);
    await page.goto("/admin/settings");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const tab of ["General", "Social", "Showcase", "SEO", "Analytics", "Chat"]) {
        await openTab(page, tab);
        await expectNoAxeViolations(page);
        await expectNoHorizontalScroll(page);
        await page.screenshot({
          path: `test-results/screens/settings-${tab.toLowerCase()}-${width}.png`,
          fullPage: true,
        });
      }
    }
  });
});
