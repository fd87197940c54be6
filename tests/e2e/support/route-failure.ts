// Simulates a route loader failing on the server during client-side navigation. The server encodes such a
// failure per route inside its data response; a bare network 500 would instead fail every revalidating loader
// (the root's too) and land in the root boundary. We borrow a real per-route error response (a not-found) and
// turn it into a 500 of the route under test.
import type { Page } from "@playwright/test";

export async function failRouteData(
  page: Page,
  opts: { match: (url: URL) => boolean; routeId: string; borrowFrom: string; borrowedRouteId: string },
) {
  await page.route(
    (url) => url.pathname.endsWith(".data") && opts.match(url),
    async (route) => {
      const borrowed = await page.request.get(opts.borrowFrom);
      const body = (await borrowed.text())
        .replace(`"${opts.borrowedRouteId}"`, `"${opts.routeId}"`)
        .replace(/,404,"/, ',500,"');
      await route.fulfill({ status: 500, headers: borrowed.headers(), body });
    },
  );
}
