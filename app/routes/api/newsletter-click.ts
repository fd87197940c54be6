// GET /api/newsletter/click/:token/:link: a link in a newsletter, through our domain. The click is counted for the
// send's results and the browser goes on to the link with the send's campaign in its UTM values, so Analytics shows
// the visit (and a lead that follows) under source "newsletter". Only links stored with the send can be the
// target: this is no open redirect.
import { data, redirect } from "react-router";
import { followLink } from "~/models/newsletter-tracking.server";
import type { Route } from "./+types/newsletter-click";

export async function loader({ params }: Route.LoaderArgs) {
  const target = await followLink(params.token, Number(params.link));
  if (!target)
    throw data("This link is not valid.", { status: 404, headers: { "Cache-Control": "no-store" } });
  return redirect(target, {
    status: 302,
    headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
