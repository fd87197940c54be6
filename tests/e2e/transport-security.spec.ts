// Transport security of every answer: the security headers from the one list, the CSP of public pages (by hash)
// and of the back office (a nonce per answer), and the session cookie's flags.
import { E2E_ADMIN, expect, test, uniqueIp } from "./support/fixtures";

test.describe("transport security", () => {
  test("public and admin responses carry the security headers; no X-Powered-By", async ({ request }) => {
    const api = "/functions/v1/content-api/blog";
    for (const path of ["/", "/admin-auth", "/admin", "/favicon.svg", api]) {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      expect(headers["x-powered-by"], path).toBeUndefined();
      // The test servers run on http://localhost: no HSTS there (it is sent when BASE_URL is https).
      expect(headers["strict-transport-security"], path).toBeUndefined();
      if (path !== "/favicon.svg" && path !== api) {
        const csp = headers["content-security-policy"] ?? "";
        // The back office: a nonce per answer; public pages: their inline scripts by hash (constant bytes).
        expect(csp, path).toMatch(
          path === "/"
            ? /script-src 'self' ('sha256-[\w+/=]+' )+'strict-dynamic'/
            : /script-src 'self' 'nonce-[\w+/=]+'/,
        );
        expect(csp, path).toContain("frame-ancestors 'none'");
        expect(csp, path).toContain("object-src 'none'");
      }
    }
  });

  test("every script tag carries the response's nonce", async ({ request }) => {
    const response = await request.get("/admin-auth");
    const nonce = response.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("the session cookie is HttpOnly and SameSite=Lax", async ({ request, baseURL }) => {
    const response = await request.post("/api/auth/sign-in/email", {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
      headers: { Origin: baseURL ?? "", "X-Forwarded-For": uniqueIp() },
    });
    expect(response.status()).toBe(200);
    const cookie = response
      .headersArray()
      .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("session_token"));
    expect(cookie?.value).toMatch(/HttpOnly/i);
    expect(cookie?.value).toMatch(/SameSite=Lax/i);
  });

  test("a cross-site form post is refused (CSRF)", async ({ request }) => {
    const response = await request.post("/admin-auth", {
      form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    const signOut = await request.post("/admin-auth/sign-out", {
      headers: { "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(signOut.status()).toBe(403);
  });
});
