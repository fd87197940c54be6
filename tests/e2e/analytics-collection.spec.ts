// Visitor collection (ADR 015) sets no cookie and talks to nobody but us: a page load is counted on the server,
// a client-side navigation by one same-origin beacon answered with an empty 204; a beacon from another origin is
// refused. (The figures themselves are checked by app/models/analytics.int.test.ts.)
import { expect, test } from "./support/fixtures";

test.describe("visitor collection", () => {
  test("a client-side navigation sends one beacon to our own server, which sets no cookie", async ({
    page,
    baseURL,
  }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const first = await page.goto("/");
    expect(first?.headers()["set-cookie"]).toBeUndefined();
    const cookiesBefore = await page.evaluate(() => document.cookie);

    const beacon = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/event");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    const answer = await beacon;
    expect(answer.status()).toBe(204);
    expect(answer.request().method()).toBe("POST");
    expect(new URL(answer.url()).searchParams.get("u")).toBe("/pricing");
    expect(await answer.allHeaders()).not.toHaveProperty("set-cookie");

    expect(await page.evaluate(() => document.cookie)).toBe(cookiesBefore);
    const origin = new URL(baseURL ?? "").origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
    expect(requests.filter((url) => new URL(url).pathname === "/api/event")).toHaveLength(1);
  });

  test("a beacon from another origin is refused", async ({ request }) => {
    const refused = await request.post("/api/event?u=%2F", {
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(refused.status()).toBe(403);
  });
});
