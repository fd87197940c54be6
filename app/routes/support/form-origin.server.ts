// Which websites may send a built form (its submission and its funnel beacon): this site, and the other sites the
// form lists (ADR 058). A browser names the page's origin in the Origin header of every cross-origin POST; one that
// is neither ours nor listed is refused before anything is read or stored (403, JSON with the message below). A
// request without Origin is judged as before: refused only when the browser says it is cross-site (Sec-Fetch-Site),
// as the site-wide cross-site refusal (server/app.ts), which leaves these two routes to this check, would.
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { originListed } from "~/lib/form-builder/embedding";

/** Our own origins: the public address (BASE_URL) and the one this request was made to. */
function ownOrigins(request: Request): Set<string> {
  return new Set([new URL(env().baseUrl).origin, new URL(request.url).origin]);
}

/**
 * Why a request from another site is refused (the route answers it with 403), or null when it may go on. `allowed`
 * is the form's list; undefined when there is no such form (the route then answers its own 404 to our own pages).
 */
export function foreignOrigin(request: Request, allowed: readonly string[] | undefined): string | null {
  const origin = request.headers.get("origin");
  if (origin === null) {
    if (request.headers.get("sec-fetch-site") !== "cross-site") return null;
  } else if (ownOrigins(request).has(origin) || originListed(origin, allowed ?? [])) {
    return null;
  }
  logger.warn(
    { origin, path: new URL(request.url).pathname },
    "form post from a site the form does not list",
  );
  return origin
    ? `This form does not accept submissions from ${origin}: that site is not on the form's list of sites that may embed it.`
    : "This form does not accept submissions from other sites.";
}
