// Pages that no cache may keep: the back office and the sign-in pages. Their data must not outlive the session in
// the browser's back/forward cache or history, nor sit in any proxy.
import { isBackOfficePath } from "./routed-path";

const NO_STORE_HEADERS = { "Cache-Control": "no-store" } as const;

/**
 * A route module's `headers` export for such pages. React Router hands a route's headers down to child routes
 * that have no `headers` export of their own, so the admin layout's covers every page below it, documents and
 * `.data` requests alike (a loader's own headers reach the response only through this export).
 */
export function noStoreHeaders(): HeadersInit {
  return NO_STORE_HEADERS;
}

/**
 * Makes an answer under the back office no-store whatever rendered it: a page's own headers say so already, but an
 * error page rendered by the root error boundary (a 404 or 500 under /admin/…) or the site's not-found page for
 * an unknown /admin path carries no route's headers.
 */
export function keepBackOfficeUnstored(request: Request, headers: Headers): void {
  if (!isBackOfficePath(new URL(request.url).pathname)) return;
  if (!/\bno-store\b/.test(headers.get("Cache-Control") ?? "")) headers.set("Cache-Control", "no-store");
}
