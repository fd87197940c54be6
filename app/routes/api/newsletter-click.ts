// GET /api/newsletter/click/:token/:link: a link in a newsletter, through our domain. The click is counted for the
// send's results and the browser goes on to the link with the send's campaign in its UTM values, so Analytics shows
// the visit under source "newsletter". A link to our own site also leaves the conversion cookie: a lead sent from
// this browser afterwards counts for the send. Only links stored with the send can be the target: this is no open
// redirect.
import { data, redirect } from "react-router";
import { env } from "~/env.server";
import { CONVERSION_COOKIE, CONVERSION_DAYS, followLink } from "~/models/newsletter-tracking.server";
import type { Route } from "./+types/newsletter-click";

export async function loader({ params }: Route.LoaderArgs) {
  const followed = await followLink(params.token, Number(params.link));
  if (!followed)
    throw data("This link is not valid.", { status: 404, headers: { "Cache-Control": "no-store" } });
  const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  if (followed.conversion) {
    const secure = env().baseUrl.startsWith("https:") ? "; Secure" : "";
    headers.append(
      "Set-Cookie",
      `${CONVERSION_COOKIE}=${followed.conversion}; Path=/; Max-Age=${CONVERSION_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return redirect(followed.location, { status: 302, headers });
}
