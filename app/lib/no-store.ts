// Pages that no cache may keep: the back office and the sign-in pages. Their data must not outlive the session in
// the browser's back/forward cache or history, nor sit in any proxy.
export const NO_STORE_HEADERS = { "Cache-Control": "no-store" } as const;

/**
 * A route module's `headers` export for such pages. React Router hands a route's headers down to child routes
 * that have no `headers` export of their own, so the admin layout's covers every page below it, documents and
 * `.data` requests alike (a loader's own headers reach the response only through this export).
 */
export function noStoreHeaders(): HeadersInit {
  return NO_STORE_HEADERS;
}
