// What the history routes share (/admin/content/:kind/:id/revisions, /admin/newsletters/:id/revisions,
// /admin/settings/:tab/revisions, /admin/forms/:id/revisions; docs/product.md, Revisions): GET lists a document's
// revisions, newest first, or with ?revision=N gives that revision and the document as it is now, to compare; POST
// intent=restore names the revision to bring back, and the answer is the one form contract (ActionResult) with a
// toast.
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import type { RevisionKind } from "~/lib/content-enums";
import type { ActionResult, FieldErrors } from "~/lib/forms";
import { getRevision, listRevisions, type Snapshot } from "~/models/content-revisions.server";
import { json } from "~/routes/support/content-target.server";

const GONE = { error: { status: 404, message: "This item or revision no longer exists." } };

/**
 * The history's answer for the document `itemId` of `kind`, whose fields are `current` now (undefined: it no longer
 * exists, a 404).
 */
export async function answer(
  request: Request,
  kind: RevisionKind,
  itemId: string,
  current: Snapshot | undefined,
): Promise<Response> {
  if (!current) return json(GONE, 404);
  const wanted = new URL(request.url).searchParams.get("revision");
  if (wanted === null) return json({ revisions: await listRevisions(kind, itemId) });
  const revision = await getRevision(kind, itemId, Number(wanted));
  if (!revision) return json(GONE, 404);
  return json({ revision, current });
}

/** A restore's refusal or failure, as a toast. */
export function refused(message: string = REVISION_MESSAGES.restoreFailed, status = 404): Response {
  const result: ActionResult = { intent: "restore", ok: false, toast: { type: "error", message } };
  return json(result, status);
}

/**
 * A form's restore that did not go through, as a toast: a teammate saved the form since the member opened it (409),
 * the revision no longer passes the form's checks (400), or it is gone.
 */
export function refusedFormRestore(
  outcome: { reason: "conflict" } | { reason: "invalid"; fieldErrors: FieldErrors } | { reason: "gone" },
): Response {
  switch (outcome.reason) {
    case "conflict":
      return refused(REVISION_MESSAGES.formChanged, 409);
    case "invalid":
      return refused(REVISION_MESSAGES.formInvalid(Object.values(outcome.fieldErrors)[0] ?? ""), 400);
    default:
      return refused();
  }
}

/** "Revision restored", with what was not brought back (left-out blocks, files deleted since) when anything. */
export function restored(notes: readonly string[] = [], extra: Partial<ActionResult> = {}): Response {
  const toast = notes.length
    ? { type: "success" as const, title: REVISION_MESSAGES.restored, message: notes.join(" ") }
    : { type: "success" as const, message: REVISION_MESSAGES.restored };
  const result: ActionResult = { ...extra, intent: "restore", ok: true, toast };
  return json(result);
}

/** The revision a restore names, or the 400 answer for a form that asks anything else. */
export async function requestedRevision(request: Request): Promise<number | Response> {
  const asked = await requestedRestore(request);
  return asked instanceof Response ? asked : asked.revision;
}

/**
 * The revision a restore names and, when the history sends it, `base`: the version of the document the member had
 * open (a restore over a teammate's newer save is refused, as a save is). The 400 answer for anything else.
 */
export async function requestedRestore(
  request: Request,
): Promise<{ revision: number; base: string | undefined } | Response> {
  // A body that is not a form (a script's JSON, a cut upload) is the sender's mistake: a 400, not a 500.
  const form = await request.formData().catch(() => undefined);
  if (!form) return refused("Send the revision to restore as a form", 400);
  if (String(form.get("intent") ?? "") !== "restore") return refused("Unknown action", 400);
  const base = form.get("base");
  return {
    revision: Number(form.get("revision")),
    base: typeof base === "string" && base ? base : undefined,
  };
}
