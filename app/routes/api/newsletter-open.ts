// GET /api/newsletter/open/:token: the one-pixel image of a newsletter, present only when the site turned open
// tracking on (off by default). Notes the first open; always answers the same transparent GIF.
import { recordOpen } from "~/models/newsletter-tracking.server";
import type { Route } from "./+types/newsletter-open";

const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function loader({ params }: Route.LoaderArgs) {
  await recordOpen(params.token).catch(() => {});
  return new Response(PIXEL, { headers: { "Content-Type": "image/gif", "Cache-Control": "no-store" } });
}
