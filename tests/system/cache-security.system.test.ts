// The page cache shares pages safely: the HTML of a public page is the same whatever the visitor's consent cookie
// (so no cache or CDN can hand one visitor's choice to another); a cached page is the same bytes for every visitor,
// its CSP naming its inline scripts by hash; and the uncached areas stay uncached whatever their letter case. What
// a browser does with that policy (consent-gated scripts, the back office under any spelling of its path) is
// tests/e2e/cache-csp.spec.ts.
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { baseURL } from "./support";

const CONSENTS = ["", "cookie_consent=accepted", "cookie_consent=rejected"];

async function fetchPage(url: string, cookie = "", headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const html = await response.text();
  return { response, html, normalized: html };
}

const probe = () => `probe=${randomBytes(4).toString("hex")}`;

describe("consent and shared caches", () => {
  test("a public page renders the same HTML whatever the consent cookie, with no third-party script tags", async () => {
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

describe("cached pages are constant bytes", () => {
  test("every visitor gets the same bytes; the CSP names the inline scripts by hash; 304 on the ETag", async () => {
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
});

describe("uncached areas", () => {
  test("stay out of the page cache whatever their letter case", async () => {
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
