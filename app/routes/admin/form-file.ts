// GET /admin/forms/files/:response/:field: the file a visitor attached to a form, for the members who see leads
// (leads.view, checked here on every request). Always an attachment, never shown in the browser: the type read from
// its bytes when it was accepted, nosniff, and a CSP that lets nothing in it run. A file that is gone (its
// submission deleted, or never stored) is a 404.
import { create as contentDisposition } from "content-disposition";
import { requireCan } from "~/auth/permissions.server";
import { formFileOf } from "~/models/form-response-reads.server";
import { openFormFile } from "~/storage/form-files.server";
import type { Route } from "./+types/form-file";

const NOT_FOUND = "This file is not here (any more): its submission may have been deleted.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "leads.view");
  const file = await formFileOf(params.response, params.field);
  const object = file ? await openFormFile(file.key) : undefined;
  if (!file || !object) {
    throw new Response(NOT_FOUND, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return new Response(object.body, {
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(object.size),
      "Content-Disposition": contentDisposition(file.name),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
