// The active social links of the settings on the public site: in the footer (named "Asimov on LinkedIn", with an
// icon from the footer's sprite) and in the Organization JSON-LD's sameAs; an inactive one is in neither, and a
// change saved in the admin is on the next request although the page was cached.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { uniqueSuffix as suffix, toast } from "./support/ui";

/** The footer's social links (accessible name and address) and the Organization's sameAs, as a visitor gets them. */
async function publicSocial(page: Page) {
  await page.goto("/");
  const links = page.getByRole("contentinfo").getByRole("list", { name: "Follow us" }).getByRole("link");
  const shown: { name: string; href: string }[] = [];
  for (const link of await links.all()) {
    shown.push({ name: (await link.textContent()) ?? "", href: (await link.getAttribute("href")) ?? "" });
  }
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as { "@type"?: string; sameAs?: string[] },
  );
  const organization = blocks.find((block) => block["@type"] === "Organization");
  return { shown, sameAs: organization?.sameAs ?? [] };
}

async function socialTab(page: Page) {
  await page.goto("/admin/settings");
  await page.getByRole("tab", { name: "Social", exact: true }).click();
}

test("the footer and the Organization's sameAs list the active social links, and follow a change at once", async ({
  adminPage: page,
  browser,
  playwright,
  baseURL,
}) => {
  const visitor = await (await browser.newContext()).newPage();
  const before = await publicSocial(visitor);
  expect(before.shown.map((l) => l.name)).toEqual(
    expect.arrayContaining(["Asimov on LinkedIn", "Asimov on X (Twitter)", "Asimov on Facebook"]),
  );
  expect(before.sameAs).toEqual(before.shown.map((l) => l.href));
  // Each icon is a symbol of the footer's sprite, which is served.
  const use = visitor.getByRole("contentinfo").locator("svg use").first();
  const [sprite, symbol] = ((await use.getAttribute("href")) ?? "").split("#");
  const spriteFile = await visitor.request.get(sprite ?? "");
  expect(spriteFile.status()).toBe(200);
  expect(await spriteFile.text()).toContain(`<symbol id="${symbol}"`);
  // Drawn in the link's own colour (light on the dark footer), not the SVG default black.
  expect(await use.evaluate((el) => getComputedStyle(el).fill)).toBe(
    await use.evaluate((el) => getComputedStyle(el.closest("a") as Element).color),
  );

  // The landing page is cached before the change.
  const anonymous = await playwright.request.newContext({ baseURL });
  await anonymous.get("/");
  expect((await anonymous.get("/")).headers()["x-cache"]).toBe("HIT");
  await anonymous.dispose();

  await socialTab(page);
  const linkedin = page.getByLabel("linkedin URL");
  const facebook = page.getByRole("switch", { name: "Active (facebook)" });
  const oldLinkedin = await linkedin.inputValue();
  const newLinkedin = `https://www.linkedin.com/company/asimov-${suffix()}`;
  try {
    await linkedin.fill(newLinkedin);
    await expect(facebook).toHaveAttribute("aria-checked", "true");
    await facebook.click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page, "Settings saved successfully")).toBeVisible();

    const after = await publicSocial(visitor);
    expect(after.shown.map((l) => l.name)).not.toContain("Asimov on Facebook");
    expect(after.shown).toContainEqual({ name: "Asimov on LinkedIn", href: newLinkedin });
    expect(after.sameAs).toEqual(after.shown.map((l) => l.href));
    expect(after.sameAs).not.toContain(before.shown.find((l) => l.name === "Asimov on Facebook")?.href);
  } finally {
    await socialTab(page);
    await page.getByLabel("linkedin URL").fill(oldLinkedin);
    const now = page.getByRole("switch", { name: "Active (facebook)" });
    if ((await now.getAttribute("aria-checked")) !== "true") await now.click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page, "Settings saved successfully")).toBeVisible();
    await visitor.context().close();
  }
});
