// Small page helpers shared by the specs: toasts, layout at narrow widths, unique names.
import { expect, type Locator, type Page } from "@playwright/test";

/** A sonner toast with this text. */
export function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
}

export async function expectToast(page: Page, text: string) {
  await expect(toast(page, text)).toBeVisible();
}

/** Nothing wider than the viewport: no sideways scrolling (checked at 375 px by the specs). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Moves the keyboard focus with Tab (Shift+Tab with `back`) until `target` has it: keyboard only, no clicks. */
export async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error("could not reach the element with Tab");
}

export { uniqueSuffix } from "./server-process";

/** Third-party hosts (anything not the test servers). */
export function isThirdParty(url: string) {
  const { hostname, protocol } = new URL(url);
  if (protocol === "data:" || protocol === "blob:") return false;
  return hostname !== "localhost" && hostname !== "127.0.0.1";
}
