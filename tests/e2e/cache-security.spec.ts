// The page cache shares pages safely: the HTML of a public page is the same whatever the visitor's consent cookie
// (so no cache or CDN can hand one visitor's choice to another); a cached page is the same bytes for every visitor,
// its CSP naming its inline scripts by hash; consent-gated scripts (an inline chat snippet) still run only after
// consent; the back office, however its path is spelled, carries none of the public site's third parties; and the
// uncached areas stay uncached whatever their letter case.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";
import { expect, test } from "./support/fixtures";
import { adminCookie, adminPost, startServer, stopServer } from "./support/server-process";

const CONSENTS = ["", "cookie_consent=accepted", "cookie_consent=rejected"];

async function fetchPage(url: string, cookie = "", headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const html = await response.text();
  return { response, html, normalized: html };
}

const probe = () => `probe=${randomBytes(4).toString("hex")}`;

test.describe("consent and shared caches", () => {
  test("a public page renders the same HTML whatever the consent cookie, with no third-party script tags", async ({
    baseURL,
  }) => {
    for (const page of ["/", "/pricing", "/contact"]) {
      // Fresh renders: a session cookie keeps the page cache out of the way.
      const rendered = [];
      for (const consent of CONSENTS) {
        const cookie = ["better-auth.session_token=none", consent].filter(Boolean).join("; ");
        rendered.push(await fetchPage(`${baseURL}${page}`, cookie));
      }
      // Through the page cache, as a CDN would see it: the first visitor's answer is every visitor's answer.
      const url = `${baseURL}${page}?${probe()}`;
      const cached = [];
      for (const consent of CONSENTS) cached.push(await fetchPage(url, consent));

      for (const answers of [rendered, cached]) {
        for (const { response, html, normalized } of answers) {
          expect(response.status, page).toBe(200);
          expect(response.headers.get("vary") ?? "", page).not.toMatch(/cookie/i);
          expect(html, `${page} renders the banner for everyone`).toContain("data-consent-banner");
          expect(html, `${page} has no third-party script tag`).not.toMatch(
            /<script[^>]+src="(https?:)?\/\/(?!localhost[:/])/i,
          );
          expect(normalized, `${page} is the same for every consent`).toBe(answers[0]?.normalized);
        }
      }
    }
  });
});

test.describe("cached pages are constant bytes", () => {
  test("every visitor gets the same bytes; the CSP names the inline scripts by hash; 304 on the ETag", async ({
    baseURL,
  }) => {
    // A parameter no route reads: the same entry as /pricing (which an earlier test may have cached).
    const url = `${baseURL}/pricing?${probe()}`;
    const answers = [await fetchPage(url), await fetchPage(url), await fetchPage(url)];
    expect(answers.slice(1).map((a) => a.response.headers.get("x-cache"))).toEqual(["HIT", "HIT"]);
    const policies = answers.map((a) => a.response.headers.get("content-security-policy"));
    expect(new Set(policies).size, "one policy for everyone").toBe(1);
    expect(policies[0]).toMatch(/script-src 'self' ('sha256-[\w+/=]+' )+'strict-dynamic'/);
    expect(policies[0]).not.toContain("nonce");
    for (const { html } of answers) {
      expect(html).toBe(answers[0]?.html);
      expect(html).not.toMatch(/\snonce="/);
    }
    const etag = answers[1]?.response.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(answers[2]?.response.headers.get("etag")).toBe(etag);
    const revalidated = await fetch(url, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
  });

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

test.describe("uncached areas", () => {
  test("stay out of the page cache whatever their letter case", async ({ baseURL }) => {
    for (const page of [
      "/Functions/v1/content-api/openapi.json",
      "/Admin-Auth/reset?token=abc",
      "/ADMIN-AUTH",
    ]) {
      await fetch(`${baseURL}${page}`);
      const again = await fetch(`${baseURL}${page}`);
      expect(again.status, page).toBe(200);
      expect(again.headers.get("x-cache"), page).toBeNull();
    }
  });
});
