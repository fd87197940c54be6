// The authorization matrix over real HTTP, for the callers a test can produce without a backdoor: no session and
// a revoked session. Every admin route in app/routes.ts is requested as a document, as single-fetch page data for
// that route alone (what a client-side navigation sends) and, when it has an action, as a form post. The other
// two callers (a non-admin account, an inactive admin row) need database access and are covered route by route
// in tests/integration/authz-matrix.int.test.ts.
import { describe, expect, test } from "vitest";
import { adminCookie, E2E_ADMIN, uniqueIp } from "../e2e/support/server-process";
import { type AdminRoute, adminRoutes } from "../support/admin-routes";
import { baseURL } from "./support";

const routes = adminRoutes();

/** Requests to the shared server as one client: never following redirects, with its own headers (a session). */
type Client = (
  path: string,
  init?: { method?: string; body?: BodyInit; headers?: Record<string, string> },
) => Promise<Response>;
const client =
  (headers: Record<string, string> = {}): Client =>
  (path, init = {}) =>
    fetch(`${baseURL}${path}`, { ...init, redirect: "manual", headers: { ...headers, ...init.headers } });

async function expectRefused(response: Response, label: string) {
  const status = response.status;
  const body = await response.text();
  if (status === 302 || status === 303) {
    expect(response.headers.get("location") ?? "", label).toMatch(/^\/admin-auth(\?|$)/);
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

async function checkAll(request: Client) {
  for (const route of routes) {
    if (route.exports.includes("loader")) {
      await expectRefused(await request(route.url), `GET ${route.url}`);
      if (!route.resource) {
        await expectRefused(await request(dataUrl(route)), `GET ${dataUrl(route)}`);
      }
    }
    if (route.exports.includes("action")) {
      const target = route.resource ? route.url : dataUrl(route).replace(/([?&])_routes=[^&]*&?/, "$1");
      const response = await request(target, {
        method: "POST",
        body: new URLSearchParams({
          intent: "delete",
          id: "00000000-0000-4000-8000-000000000000",
          password: "x",
        }),
        headers: { Origin: baseURL },
      });
      await expectRefused(response, `POST ${target}`);
    }
  }
}

describe("authorization matrix over HTTP", () => {
  test("finds the admin routes", () => {
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(["/admin", "/admin/security"]));
  });

  test("no session: every admin page, page-data request and action refuses", async () => {
    await checkAll(client());
  });

  test("a revoked session: every admin page, page-data request and action refuses", async () => {
    const headers = { "X-Forwarded-For": uniqueIp() };
    // Two sign-ins of the same administrator: one session's cookie is stolen, the other is the owner's.
    const stolen = client({ ...headers, cookie: await adminCookie(baseURL, headers) });
    const owner = client({ ...headers, cookie: await adminCookie(baseURL, headers) });
    expect((await stolen("/admin")).status).toBe(200);
    // The owner signs out everywhere: the other copy of the session is revoked with it.
    const signOut = await owner("/admin-auth/sign-out", { method: "POST", headers: { Origin: baseURL } });
    expect(signOut.status).toBe(302);
    await checkAll(stolen);
  });
});
