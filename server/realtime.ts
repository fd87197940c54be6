// The back office's realtime channel on the HTTP server: a WebSocket upgrade at REALTIME_PATH (the `ws` library
// speaks the protocol; app/infra/realtime-hub.server.ts keeps the connections). Only an active member's browser,
// on this site's own origin, is let in: anything else gets a plain HTTP refusal and no socket.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { checkAdmin } from "~/auth/guard.server";
import { env } from "~/env.server";
import { attach } from "~/infra/realtime-hub.server";
import { MAX_FRAME_BYTES, REALTIME_PATH } from "~/lib/realtime-protocol";
import { routedPath } from "~/lib/routed-path";
import { webHeaders } from "./react-router-handler";

const sockets = new WebSocketServer({
  noServer: true,
  maxPayload: MAX_FRAME_BYTES,
  perMessageDeflate: false,
});

function refuse(socket: Duplex, status: number, reason: string, message: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`,
  );
}

/** A browser page of this site: its Origin names the host it asked for, or the configured BASE_URL. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    const url = new URL(origin);
    return url.host === req.headers.host || url.origin === new URL(env().baseUrl).origin;
  } catch {
    return false;
  }
}

/** The HTTP server's "upgrade" handler. */
export function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
  socket.on("error", () => socket.destroy());
  if (routedPath(req.url ?? "/") !== REALTIME_PATH) {
    refuse(socket, 404, "Not Found", "Nothing here speaks WebSocket.");
    return;
  }
  if (!sameOrigin(req)) {
    refuse(socket, 403, "Forbidden", "Live updates are for this site's pages only.");
    return;
  }
  const url = new URL(req.url ?? "/", "http://localhost");
  checkAdmin(new Request(url, { headers: webHeaders(req) })).then(
    (check) => {
      if (!check.ok) {
        const signedOut = check.reason === "signed-out";
        return refuse(
          socket,
          signedOut ? 401 : 403,
          signedOut ? "Unauthorized" : "Forbidden",
          signedOut ? "Sign in to get live updates." : "Live updates are for team members.",
        );
      }
      sockets.handleUpgrade(req, socket, head, (ws) => attach(ws, check.admin));
    },
    () => refuse(socket, 503, "Service Unavailable", "Live updates are unavailable right now."),
  );
}
