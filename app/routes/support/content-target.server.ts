// The item an admin content resource route names (/admin/content/:kind/:id/…), checked before any model call: a
// kind that is not blog or academy, or an id that is not a UUID, is a 404, never a database error.
import { CONTENT_KINDS, type ContentKind } from "~/lib/content-enums";
import { getAcademyById } from "~/models/academy-admin.server";
import { getPostById } from "~/models/blog-admin.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const NO_STORE = { "Cache-Control": "private, no-store" };

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** The kind and id of the params, or a 404 answer to throw. */
export function contentTarget(params: { kind?: string; id?: string }): { kind: ContentKind; id: string } {
  const kind = CONTENT_KINDS.find((k) => k === params.kind);
  if (!kind || !params.id || !UUID.test(params.id)) {
    throw json({ error: { status: 404, message: "No such item." } }, 404);
  }
  return { kind, id: params.id };
}

/** The item's row as it is now, or undefined when it was deleted. */
export function currentItem(kind: ContentKind, id: string) {
  return kind === "blog" ? getPostById(id) : getAcademyById(id);
}
