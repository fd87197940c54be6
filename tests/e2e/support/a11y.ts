// The one axe check of every spec: WCAG 2.0, 2.1 and 2.2 at levels A and AA.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The page's violations as it is now, one line each (rule and up to five offending nodes). `exclude` leaves out
 * a part the test cannot sample reliably (e.g. toasts mid fade-in, whose colours still blend with the page).
 */
export async function axeViolations(page: Page, { exclude }: { exclude?: string } = {}): Promise<string[]> {
  // Colours mid-transition (a button just pressed, turning from outline to filled) are a blend nobody reads: axe
  // measures the page once its finite transitions and animations have ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.help}): ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(", ")}`,
  );
}

/**
 * No WCAG 2.2 A/AA violation on the page as it is now. Toasts are checked too, once their fade-in has finished:
 * mid-animation their colours still blend with the page and axe would measure a contrast nobody sees.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toast]")].every((t) => getComputedStyle(t).opacity === "1"),
  );
  expect(await axeViolations(page)).toEqual([]);
}
