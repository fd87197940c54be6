// GET /uploads/<bucket>/<file>: uploaded media, public, content-addressed and therefore cached immutably.
import { serveUpload } from "~/storage/serve.server";
import type { Route } from "./+types/uploaded-file";

export async function loader({ request, params }: Route.LoaderArgs) {
  return serveUpload(params["*"] ?? "", request);
}
