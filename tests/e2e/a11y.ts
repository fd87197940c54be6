// axe-core with the WCAG 2.2 A/AA rule tags, shared by the public-site specs.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
  }));
}

/** Third-party hosts (anything not the test servers). */
export function isThirdParty(url: string) {
  const { hostname, protocol } = new URL(url);
  if (protocol === "data:" || protocol === "blob:") return false;
  return hostname !== "localhost" && hostname !== "127.0.0.1";
}
