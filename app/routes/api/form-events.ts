// POST /api/forms/:id/events: the running form's funnel beacon (form-funnel.server.ts). The body is JSON, as
// navigator.sendBeacon sends it: {"event": "view" | "start", "page": "/path"} (an embedded form: the address of
// the page around it). No cookie is read or set; bots are not counted; each address may send a bounded number a
// minute; from another site only if the form lists it (ADR 058). Answers 204, or 4xx with a message.
import { isbot } from "isbot";
import { data } from "react-router";
import { DATABASE_UNAVAILABLE_MESSAGE } from "~/db/sql-helpers.server";
import { hitRateLimit } from "~/infra/rate-limit.server";
import { clientKey, requestInfo } from "~/infra/request-context.server";
import { countFunnelEvent, FUNNEL_EVENTS, type FunnelEvent } from "~/models/form-funnel.server";
import { allowedOriginsOf } from "~/models/forms.server";
import { foreignOrigin } from "~/routes/support/form-origin.server";
import type { Route } from "./+types/form-events";

/** Beacons per address and minute: a visitor with a few forms open, not a script. */
const EVENTS_PER_MINUTE = 60;

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ error: "Method Not Allowed" }, { status: 405 });
  const allowed = await allowedOriginsOf(params.id);
  if (allowed === "unavailable")
    return data({ error: DATABASE_UNAVAILABLE_MESSAGE }, { status: 503, headers: { "Retry-After": "30" } });
  const refused = foreignOrigin(request, allowed);
  if (refused) return data({ error: refused }, { status: 403, headers: { "Cache-Control": "no-store" } });
  let body: { event?: unknown; page?: unknown };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return data({ error: "Expected a JSON body." }, { status: 400 });
  }
  const event = body?.event;
  if (!FUNNEL_EVENTS.includes(event as FunnelEvent))
    return data({ error: "The event must be view or start." }, { status: 400 });
  if (isbot(request.headers.get("user-agent") ?? "")) return new Response(null, { status: 204 });
  const rate = await hitRateLimit(`form-event:${clientKey(requestInfo(context).ip)}`, EVENTS_PER_MINUTE, 60);
  if (!rate.ok)
    return data(
      { error: "Too many events; try again in a minute." },
      { status: 429, headers: { "Retry-After": String(rate.retryAfter) } },
    );
  const counted = await countFunnelEvent(
    params.id,
    event as FunnelEvent,
    typeof body.page === "string" ? body.page : "",
  );
  if (!counted) return data({ error: "This form does not exist (any more)." }, { status: 404 });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
