// The page cache shares pages safely: the HTML of a public page is the same whatever the visitor's
// consent cookie (so no cache or CDN can hand one visitor's choice to another), every answer — cache hit or not —
// carries its own CSP nonce consistently in header and body, and the uncached areas stay uncached whatever their
// letter case. That the browser keeps the nonce of the document it loaded is tests/e2e/cache-nonce.spec.ts.
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { baseURL } from "./support";

const CONSENTS = ["", "cookie_consent=accepted", "cookie_consent=rejected"];

function nonceOf(csp: string | null): string {
  const nonce = /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  expect(nonce, `a nonce in ${csp}`).toBeTruthy();
  return nonce as string;
}

async function fetchPage(url: string, cookie = "", headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const html = await response.text();
  const nonce = response.status === 200 ? nonceOf(response.headers.get("content-security-policy")) : "";
  return { response, html, nonce, normalized: nonce ? html.split(nonce).join("NONCE") : html };
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

describe("CSP nonces of cached pages", () => {
  test("every answer has its own nonce, the same in its header and its body; 304s keep the stored one", async () => {
    const url = `${baseURL}/pricing?${probe()}`;
    const answers = [await fetchPage(url), await fetchPage(url), await fetchPage(url)];
    expect(answers.map((a) => a.response.headers.get("x-cache"))).toEqual(["MISS", "HIT", "HIT"]);
    const nonces = answers.map((a) => a.nonce);
    expect(new Set(nonces).size, "three answers, three nonces").toBe(3);
    for (const { html, nonce } of answers) {
      const attributes = [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
      expect(attributes.length).toBeGreaterThan(0);
      expect(new Set(attributes)).toEqual(new Set([nonce]));
      for (const other of nonces.filter((n) => n !== nonce)) expect(html).not.toContain(other);
    }
    // The ETag does not depend on the nonce, so revalidation still answers 304; that 304 names no nonce, so the
    // browser keeps its stored copy's CSP header, which matches the stored body.
    const etag = answers[1]?.response.headers.get("etag") ?? "";
    expect(etag).toBeTruthy();
    expect(answers[2]?.response.headers.get("etag")).toBe(etag);
    const revalidated = await fetch(url, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
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
