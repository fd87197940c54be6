// What a browser does with a public page's policy by hash (ADR 041): a consent-gated inline chat snippet runs
// after consent, and only then, with nothing refused by the CSP; the back office, however its path is spelled,
// carries none of the public site's third parties, beacon or banner, and its CSP names no third-party host. That
// cached pages are the same bytes for every visitor is tests/system/cache-security.system.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";
import { expect, test } from "./support/fixtures";
import { adminCookie, adminPost, startServer, stopServer } from "./support/server-process";

test.describe("the CSP of public pages and of the back office", () => {
  test("a consent-gated inline chat snippet runs after consent, under the page's hash policy", async ({
    browser,
  }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-csp-"));
    const server = await startServer(await freePort(), { DATA_DIR: dataDir });
    try {
      const cookie = await adminCookie(server.base);
      await adminPost(server.base, cookie, "/admin/settings", {
        intent: "save-settings",
        chatEnabled: "true",
        chatWidget: "<script>window.chatRan = (window.chatRan || 0) + 1</script>",
      });
      const context = await browser.newContext({ baseURL: server.base });
      const page = await context.newPage();
      const refused: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") refused.push(m.text());
      });
      await page.goto("/academy");
      await page.goto("/academy"); // a cache hit: the same bytes as the first visitor's
      // A search runs every loader again (the root's included) before consent is given.
      const revalidation = page.waitForResponse((r) => /\/academy\.data/.test(r.url()));
      await page.getByLabel("Search").fill("csp");
      await page.getByLabel("Search").press("Enter");
      await revalidation;
      expect(await page.evaluate(() => (window as { chatRan?: number }).chatRan)).toBeUndefined();

      await page
        .getByRole("region", { name: "Cookie consent" })
        .getByRole("button", { name: "Accept" })
        .click();
      await expect.poll(() => page.evaluate(() => (window as { chatRan?: number }).chatRan)).toBe(1);
      expect(refused.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
      await context.close();
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("the back office, however its path is spelled, loads no third party, no beacon and no banner", async ({
    browser,
  }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-backoffice-"));
    const server = await startServer(await freePort(), { DATA_DIR: dataDir });
    try {
      const cookie = await adminCookie(server.base);
      await adminPost(server.base, cookie, "/admin/settings", {
        intent: "save-settings",
        googleAnalyticsId: "G-TEST12345",
        chatEnabled: "true",
        chatWidget: '<script src="https://chat.example.com/widget.js"></script>',
      });
      const context = await browser.newContext({ baseURL: server.base });
      await context.addCookies(
        cookie.split("; ").map((pair) => {
          const [name = "", ...value] = pair.split("=");
          return { name, value: value.join("="), url: server.base };
        }),
      );
      // Accepted consent: on a public page this would load analytics and chat.
      await context.addCookies([{ name: "cookie_consent", value: "accepted", url: server.base }]);
      const page = await context.newPage();
      const requested: string[] = [];
      page.on("request", (r) => requested.push(r.url()));
      for (const spelling of ["/%61dmin/contacts", "/ADMIN/contacts", "/admin/contacts"]) {
        requested.length = 0;
        const answer = await page.goto(spelling);
        expect(answer?.status(), spelling).toBe(200);
        await expect(page.locator("html[data-hydrated]")).toBeAttached();
        const policy = (await answer?.allHeaders())?.["content-security-policy"] ?? "";
        expect(policy, spelling).not.toMatch(/googletagmanager|chat\.example\.com|google-analytics/);
        expect(policy, spelling).toContain("'nonce-");
        await expect(page.locator("[data-consent-banner]")).toHaveCount(0);
        await page.waitForTimeout(500);
        const foreign = requested.filter((url) => !url.startsWith(server.base));
        expect(foreign, spelling).toEqual([]);
        expect(
          requested.filter((url) => url.includes("/api/event")),
          spelling,
        ).toEqual([]);
      }
      await context.close();
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
