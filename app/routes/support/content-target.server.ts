// The item an admin content resource route names (/admin/content/:kind/:id/…), checked before any model call: a
// kind that is not blog, academy or page, or an id that is not a UUID, is a 404, never a database error.
import type { Capability } from "~/auth/roles";
import { ITEM_KINDS, type ItemKind } from "~/lib/content-enums";
import { getAcademyById } from "~/models/academy-admin.server";
import { getPostById } from "~/models/blog-admin.server";
import { getPage } from "~/models/pages.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const NO_STORE = { "Cache-Control": "private, no-store" };

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** The kind and id of the params, or a 404 answer to throw. */
export function contentTarget(params: { kind?: string; id?: string }): { kind: ItemKind; id: string } {
  const kind = ITEM_KINDS.find((k) => k === params.kind);
  if (!kind || !params.id || !UUID.test(params.id)) {
    throw json({ error: { status: 404, message: "No such item." } }, 404);
  }
  return { kind, id: params.id };
}

/** The item's row as it is now, or undefined when it was deleted. */
export function currentItem(kind: ItemKind, id: string) {
  return kind === "page" ? getPage(id) : kind === "blog" ? getPostById(id) : getAcademyById(id);
}

/** What the route asks of the member: `forContent` for a post or academy item; a page is the page editors'. */
export function capabilityFor(params: { kind?: string }, forContent: Capability): Capability {
  return params.kind === "page" ? "pages.manage" : forContent;
}
