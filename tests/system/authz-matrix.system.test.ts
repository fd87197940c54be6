// The authorization matrix over real HTTP, for the callers a test can produce without a backdoor: no session and
// a revoked session. Every admin route in app/routes.ts is requested as a document, as single-fetch page data for
// that route alone (what a client-side navigation sends) and, when it has an action, as a form post. The other
// two callers (a non-admin account, an inactive admin row) need database access and are covered route by route
// in tests/integration/authz-matrix.int.test.ts.
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { type AdminRoute, adminRoutes } from "../support/admin-routes";
import { E2E_ADMIN, expect, test, uniqueIp } from "./support/fixtures";

const routes = adminRoutes();

async function expectRefused(response: APIResponse, label: string) {
  const status = response.status();
  const body = await response.text();
  if (status === 302 || status === 303) {
    expect(response.headers().location ?? "", label).toMatch(/^\/admin-auth(\?|$)/);
  } else if (status === 202) {
    // A single-fetch redirect payload (turbo-stream): …"redirect","/admin-auth…
    expect(body, label).toMatch(/"redirect","\/admin-auth(\?|")/);
  } else {
    expect([401, 403], `${label} answered ${status}`).toContain(status);
  }
  expect(body, `${label} leaked the admin email`).not.toContain(E2E_ADMIN.email);
}

function dataUrl(route: AdminRoute) {
  const url = new URL(`${route.url === "/" ? "/_root" : route.url}.data`, "http://x");
  if (route.index) url.searchParams.set("index", "");
  url.searchParams.set("_routes", route.id);
  return `${url.pathname}${url.search}`;
}

async function checkAll(request: APIRequestContext, baseURL: string) {
  for (const route of routes) {
    if (route.exports.includes("loader")) {
      await expectRefused(await request.get(route.url, { maxRedirects: 0 }), `GET ${route.url}`);
      if (!route.resource) {
        await expectRefused(await request.get(dataUrl(route), { maxRedirects: 0 }), `GET ${dataUrl(route)}`);
      }
    }
    if (route.exports.includes("action")) {
      const target = route.resource ? route.url : dataUrl(route).replace(/([?&])_routes=[^&]*&?/, "$1");
      const response = await request.post(target, {
        form: { intent: "delete", id: "00000000-0000-4000-8000-000000000000", password: "x" },
        headers: { Origin: baseURL },
        maxRedirects: 0,
      });
      await expectRefused(response, `POST ${target}`);
    }
  }
}

test.describe("authorization matrix over HTTP", () => {
  test("finds the admin routes", () => {
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(["/admin", "/admin/security"]));
  });

  test("no session: every admin page, page-data request and action refuses", async ({ request, baseURL }) => {
    await checkAll(request, baseURL ?? "");
  });

  test("a revoked session: every admin page, page-data request and action refuses", async ({
    playwright,
    baseURL,
  }) => {
    const headers = { "X-Forwarded-For": uniqueIp() };
    const stolen = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
    const owner = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
    try {
      for (const client of [stolen, owner]) {
        const response = await client.post("/api/auth/sign-in/email", {
          data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
          headers: { Origin: baseURL ?? "" },
        });
        expect(response.status()).toBe(200);
      }
      expect((await stolen.get("/admin", { maxRedirects: 0 })).status()).toBe(200);
      // The owner signs out everywhere: the other copy of the session is revoked with it.
      const signOut = await owner.post("/admin-auth/sign-out", {
        headers: { Origin: baseURL ?? "" },
        maxRedirects: 0,
      });
      expect(signOut.status()).toBe(302);
      await checkAll(stolen, baseURL ?? "");
    } finally {
      await stolen.dispose();
      await owner.dispose();
    }
  });
});
