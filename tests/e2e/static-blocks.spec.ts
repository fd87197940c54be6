// Blocks without behaviour reach the browser as the HTML the server rendered, written once: in the document, not
// again in the data the page hydrates from (app/blocks/public-blocks.tsx). The browser reads that markup back from
// the document; a client-side navigation's data carries it instead.
import { expect, test } from "./support/fixtures";

/** The data a document hands to React Router for hydration (the stream the page's inline scripts enqueue). */
function hydrationData(html: string): string {
  return [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)]
    .map((m) => JSON.parse(m[1] as string) as string)
    .join("");
}

test("a document carries each static block's markup once, and the browser keeps it through hydration and navigation", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  const data = hydrationData(html);
  expect(data).toContain("loaderData");
  // The call-to-action band and the feature grid are static: their text is in the page, not in its data.
  expect(html).toContain("Ready to grow revenue with AI?");
  expect(data).not.toContain("Ready to grow revenue with AI?");
  expect(data).not.toContain("<section");

  await page.goto("/");
  const band = page.getByRole("heading", { name: "Ready to grow revenue with AI?" });
  await expect(band).toBeVisible();
  // Hydrated: the live hero runs, and the static blocks kept their markup.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(band).toBeVisible();

  // A client-side navigation: the data carries the markup, as there is no document to read it from.
  const navigationData = page.waitForResponse((response) => response.url().includes("/pricing.data"));
  await page.getByRole("navigation").first().getByRole("link", { name: "Pricing", exact: true }).click();
  await navigationData;
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(
    page.getByRole("region", { name: "Plans" }).getByRole("heading", { name: "Growth" }),
  ).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(band).toBeVisible();
});
