// Back-office and sign-in pages are never stored: every admin page in app/routes.ts, as a document and
// as the single-fetch data of a client-side navigation, answers Cache-Control: no-store, so lead data does not
// stay in the browser's back/forward cache or history after signing out.
import { adminRoutes } from "../support/admin-routes";
import { expect, test } from "./support/fixtures";
import { insertLeads } from "./support/leads";
import { uniqueSuffix } from "./support/ui";

const pages = adminRoutes().filter((r) => !r.resource && r.exports.includes("loader"));

function dataUrl(url: string, id: string, index: boolean) {
  const target = new URL(`${url}.data`, "http://x");
  if (index) target.searchParams.set("index", "");
  target.searchParams.set("_routes", id);
  return `${target.pathname}${target.search}`;
}

test("every admin page and its data answer no-store", async ({ adminPage: page }) => {
  expect(pages.length).toBeGreaterThan(5);
  const request = page.context().request;
  // A person view needs a person: one lead whose address fills the :email parameter.
  const email = `no-store-${uniqueSuffix()}@example.com`;
  await insertLeads(page, { subscriber: { email } });
  for (const route of pages) {
    // The layout is pathless: its URL is its first page's.
    // A page's editor opens "new"; another record's screen (a newsletter) with an unknown id answers 404, which
    // must not be stored either.
    // A built-in form's screen is one of the site's own forms, by key.
    const url = route.params.email
      ? route.url.replace(route.params.email, encodeURIComponent(email))
      : route.params.key
        ? route.url.replace(route.params.key, "contact")
        : route.params.id && route.file === "routes/admin/page-edit.tsx"
          ? route.url.replace(route.params.id, "new")
          : route.url;
    const expected = route.params.id && !url.endsWith("/new") ? 404 : 200;
    const document = await request.get(url, { maxRedirects: 0 });
    expect(document.status(), url).toBe(expected);
    expect(document.headers()["cache-control"], `${url} (${route.file})`).toMatch(/\bno-store\b/);
    const data = await request.get(dataUrl(url, route.id, route.index), { maxRedirects: 0 });
    expect(data.status(), `${url}.data`).toBe(expected);
    expect(data.headers()["cache-control"], `${url}.data (${route.file})`).toMatch(/\bno-store\b/);
  }
});

test("error pages under /admin answer no-store as well, signed in or out, whatever the letter case", async ({
  adminPage: page,
  request: signedOut,
}) => {
  const signedIn = page.context().request;
  // Rendered by the root error boundary: a loader's 404, a path that cannot be decoded, a loader that fails
  // (a NUL byte reaching the database); and the site's not-found page for unknown /admin paths.
  const errorPages = [
    "/admin/contacts/person/nobody-here%40example.com",
    "/admin/contacts/person/%E0%A4%A",
    "/admin/contacts/person/%00",
    "/admin/no-such-page",
    "/ADMIN/No-Such-Page",
    "/Admin/contacts/person/nobody-here%40example.com",
  ];
  for (const url of errorPages) {
    const response = await signedIn.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBeGreaterThanOrEqual(400);
    expect(response.headers()["cache-control"], url).toMatch(/\bno-store\b/);
  }
  const data = await signedIn.get(
    dataUrl("/admin/contacts/person/nobody-here%40example.com", "routes/admin/contacts-person", false),
    { maxRedirects: 0 },
  );
  expect(data.status()).toBe(404);
  expect(data.headers()["cache-control"]).toMatch(/\bno-store\b/);
  for (const url of ["/admin/no-such-page", "/ADMIN/No-Such-Page"]) {
    const response = await signedOut.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(404);
    expect(response.headers()["cache-control"], url).toMatch(/\bno-store\b/);
  }
});

test("the sign-in pages answer no-store", async ({ request }) => {
  for (const url of ["/admin-auth", "/admin-auth/forgot", "/admin-auth/reset?token=abc"]) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(200);
    expect(response.headers()["cache-control"], url).toMatch(/\bno-store\b/);
  }
});
