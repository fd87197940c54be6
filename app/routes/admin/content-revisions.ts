// /admin/content/:kind/:id/revisions: the history of one blog post, academy item or page (JSON). GET lists the
// revisions, newest first; GET ?revision=N gives that revision's fields and the current ones to compare; POST
// intent=restore brings a revision back (a save like any other, itself a new revision, checked by role like one;
// a page's by the page editors' capability, its blocks checked again by their schemas).
import { memberActor, refusingForbidden, requireCan } from "~/auth/permissions.server";
import { logger } from "~/infra/logger.server";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import type { ActionResult } from "~/lib/forms";
import { changedSummary, snapshotOf } from "~/lib/revision-fields";
import { restoreAcademyRevision } from "~/models/academy-admin.server";
import { restorePostRevision } from "~/models/blog-admin.server";
import { getRevision, listRevisions } from "~/models/content-revisions.server";
import { SlugTakenError } from "~/models/content-writes.server";
import { restorePageRevision } from "~/models/pages.server";
import { capabilityFor, contentTarget, currentItem, json } from "~/routes/support/content-target.server";
import type { Route } from "./+types/content-revisions";

const GONE = { error: { status: 404, message: "This item or revision no longer exists." } };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, capabilityFor(params, "content.view"), { json: true });
  const { kind, id } = contentTarget(params);
  const item = await currentItem(kind, id);
  if (!item) return json(GONE, 404);
  const wanted = new URL(request.url).searchParams.get("revision");
  if (wanted === null) return json({ revisions: await listRevisions(kind, id) });
  const revision = await getRevision(kind, id, Number(wanted));
  if (!revision) return json(GONE, 404);
  return json({ revision, current: snapshotOf(item) });
}

function answer(result: ActionResult, status = 200) {
  return json(result, status);
}

/** "Revision restored", with what was not brought back (left-out blocks, files deleted since) when anything. */
function restoredToast(notes: string[]) {
  return notes.length
    ? { type: "success" as const, title: REVISION_MESSAGES.restored, message: notes.join(" ") }
    : { type: "success" as const, message: REVISION_MESSAGES.restored };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, capabilityFor(params, "content.edit.own"), {
    json: true,
  });
  const { kind, id } = contentTarget(params);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const failed = (message: string, status: number) =>
    answer({ intent, ok: false, toast: { type: "error", message } }, status);
  if (intent !== "restore") return failed("Unknown action", 400);
  const who = memberActor(admin, { request, context });
  const revisionId = Number(form.get("revision"));
  try {
    if (kind === "page") {
      const restored = await restorePageRevision(id, revisionId, who);
      if (!restored.ok) {
        return restored.reason === "gone"
          ? failed(REVISION_MESSAGES.restoreFailed, 404)
          : failed(REVISION_MESSAGES.pageInvalid, 400);
      }
      const notes = [
        restored.dropped ? REVISION_MESSAGES.blocksLeftOut(restored.dropped) : "",
        restored.cleared.length
          ? REVISION_MESSAGES.filesLeftEmpty(changedSummary(kind, restored.cleared), restored.cleared.length)
          : "",
      ].filter(Boolean);
      return answer({ intent, ok: true, toast: restoredToast(notes) });
    }
    const restored = await refusingForbidden(async () =>
      kind === "blog"
        ? await restorePostRevision(id, revisionId, who)
        : await restoreAcademyRevision(id, revisionId, who),
    );
    if (!restored) return failed(REVISION_MESSAGES.restoreFailed, 404);
    const { cleared } = restored;
    // A file deleted from the media library since the revision is not restored: the toast names its field.
    const notes = cleared.length
      ? [REVISION_MESSAGES.filesLeftEmpty(changedSummary(kind, cleared), cleared.length)]
      : [];
    return answer({ intent, ok: true, toast: restoredToast(notes) });
  } catch (error) {
    if (error instanceof SlugTakenError) return failed(REVISION_MESSAGES.slugTaken, 400);
    logger.error({ err: error, kind, id }, "revision restore failed");
    return failed(REVISION_MESSAGES.restoreFailed, 500);
  }
}
