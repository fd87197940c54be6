// The content API's OpenAPI 3.1 document, generated from the same zod schemas the API validates with, for the
// server address this site runs at (BASE_URL). Public: it describes the API, it grants nothing.
import { env } from "~/env.server";
import { contentApiOpenApi } from "~/lib/content-api-openapi";

export function loader() {
  return Response.json(contentApiOpenApi(env().baseUrl), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
