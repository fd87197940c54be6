// Server-sent events for the open lead inbox: "leads" whenever a lead is added or removed. The lead insert
// happens in the public capture code (possibly on another instance), so each stream polls one cheap query
// (leadsMarker) every 2 s; that works the same on PGlite and on a shared PostgreSQL. Streams end after a few
// minutes and the browser reconnects, which re-runs the admin guard. In between, the session is checked again
// every ~20 s: a stream must not outlive a sign-out (here or in another browser) or a revoked session.
import { checkAdmin } from "~/auth/guard.server";
import { requireCan } from "~/auth/permissions.server";
import { can } from "~/auth/roles";
import { logger } from "~/infra/logger.server";
import { leadsMarker } from "~/models/contacts-admin.server";
import type { Route } from "./+types/contacts-events";

const POLL_MS = 2_000;
const PING_EVERY = 10; // polls, i.e. a comment line every ~20 s keeps proxies from closing an idle stream
const MAX_LIFETIME_MS = 5 * 60_000;

/** How often an open stream re-checks the session. Mutable so an integration test need not wait 20 s. */
export const liveLeadsTiming = { sessionCheckMs: 20_000 };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "leads.view");
  const since = new URL(request.url).searchParams.get("since")?.slice(0, 500) ?? "";
  let last = since || (await leadsMarker());
  const encoder = new TextEncoder();
  const started = Date.now();
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        clearTimeout(timer);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      request.signal.addEventListener("abort", close);
      let polls = 0;
      let lastSessionCheck = Date.now();
      const tick = async () => {
        if (closed) return;
        if (Date.now() - lastSessionCheck >= liveLeadsTiming.sessionCheckMs) {
          lastSessionCheck = Date.now();
          const check = await checkAdmin(request);
          // "error" (e.g. the database is briefly down) is not proof of a sign-out: keep the stream then.
          // A member whose role no longer opens the inbox is told the same way (the guard answers 403 then).
          const refused = check.ok ? !can(check.admin.role, "leads.view") : check.reason !== "error";
          if (refused) {
            // Tells the page to reload through the guard (which sends it to /admin-auth), then ends.
            send("event: signed-out\ndata: {}\n\n");
            return close();
          }
        }
        try {
          const marker = await leadsMarker();
          if (marker !== last) {
            last = marker;
            send(`event: leads\ndata: ${JSON.stringify({ marker })}\n\n`);
          } else if (++polls % PING_EVERY === 0) {
            send(": ping\n\n");
          }
        } catch (error) {
          logger.warn({ err: error }, "lead inbox poll failed");
        }
        if (Date.now() - started > MAX_LIFETIME_MS) return close();
        timer = setTimeout(tick, Math.min(POLL_MS, liveLeadsTiming.sessionCheckMs));
      };
      send("retry: 3000\n: connected\n\n");
      // With a marker from the page, check at once: a lead may have arrived between page load and connect.
      timer = setTimeout(tick, since ? 0 : POLL_MS);
    },
    cancel() {
      closed = true;
      clearTimeout(timer);
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware must not buffer the stream.
      "Cache-Control": "private, no-cache, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    },
  });
}
