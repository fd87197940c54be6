// POST /api/newsletter/unsubscribe/:token: the one-click unsubscribe of RFC 8058, the https address in every
// newsletter's List-Unsubscribe header. Mailbox providers POST "List-Unsubscribe=One-Click" from their own servers,
// with no cookie and no page in between, so this path is deliberately exempt from the cross-site refusal
// (server/app.ts); the signed token is the only authority, and the address is rate-limited. GET (a person's
// browser) goes to the page with a button.
import { data, redirect } from "react-router";
import { hitRateLimit } from "~/infra/rate-limit.server";
import { clientKey, requestInfo } from "~/infra/request-context.server";
import { unsubscribeByToken } from "~/models/newsletter-tracking.server";
import type { Route } from "./+types/newsletter-unsubscribe";

const NO_STORE = { "Cache-Control": "no-store" };
/** Per client address: generous for a provider's servers, useless for guessing tokens. */
const LIMIT = { limit: 120, windowSeconds: 60 };

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/newsletter/unsubscribe/${encodeURIComponent(params.token)}`, {
    status: 303,
    headers: NO_STORE,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    throw data({ error: "Method Not Allowed" }, { status: 405, headers: NO_STORE });
  const limit = await hitRateLimit(
    `newsletter-unsubscribe:${clientKey(requestInfo(context).ip)}`,
    LIMIT.limit,
    LIMIT.windowSeconds,
  );
  if (!limit.ok) {
    return new Response("Too many requests. Please try again shortly.", {
      status: 429,
      headers: { ...NO_STORE, "Retry-After": String(limit.retryAfter), "Content-Type": "text/plain" },
    });
  }
  const done = await unsubscribeByToken(params.token);
  return new Response(done ? "You are unsubscribed." : "This unsubscribe link is not valid.", {
    status: done ? 200 : 404,
    headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });
}
