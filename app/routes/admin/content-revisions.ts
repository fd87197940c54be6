// /admin/content/:kind/:id/revisions: the history of one blog post, academy item or page (JSON). GET lists the
// revisions, newest first; GET ?revision=N gives that revision's fields and the current ones to compare; POST
// intent=restore brings a revision back (a save like any other, itself a new revision, checked by role like one;
// a page's by the page editors' capability, its blocks checked again by their schemas). The answers are
// revision-route.server.ts's, shared with the newsletters' and the settings tabs' histories.
import { memberActor, refusingForbidden, requireCan } from "~/auth/permissions.server";
import { logger } from "~/infra/logger.server";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import { changedSummary, REVISION_FIELDS, snapshotOf } from "~/lib/revision-fields";
import { restoreAcademyRevision } from "~/models/academy-admin.server";
import { restorePostRevision } from "~/models/blog-admin.server";
import { SlugTakenError } from "~/models/content-writes.server";
import { restorePageRevision } from "~/models/pages.server";
import { capabilityFor, contentTarget, currentItem } from "~/routes/support/content-target.server";
import * as history from "~/routes/support/revision-route.server";
import type { Route } from "./+types/content-revisions";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, capabilityFor(params, "content.view"), { json: true });
  const { kind, id } = contentTarget(params);
  const item = await currentItem(kind, id);
  return history.answer(request, kind, id, item && snapshotOf(item));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, capabilityFor(params, "content.edit.own"), {
    json: true,
  });
  const { kind, id } = contentTarget(params);
  const revisionId = await history.requestedRevision(request);
  if (revisionId instanceof Response) return revisionId;
  const who = memberActor(admin, { request, context });
  // A file deleted from the media library since the revision is not restored: the toast names its field.
  const filesLeftEmpty = (cleared: string[]) =>
    cleared.length
      ? REVISION_MESSAGES.filesLeftEmpty(changedSummary(REVISION_FIELDS[kind], cleared), cleared.length)
      : "";
  try {
    if (kind === "page") {
      const page = await restorePageRevision(id, revisionId, who);
      if (!page.ok) {
        return page.reason === "gone"
          ? history.refused()
          : history.refused(REVISION_MESSAGES.pageInvalid, 400);
      }
      const notes = [
        page.dropped ? REVISION_MESSAGES.blocksLeftOut(page.dropped) : "",
        filesLeftEmpty(page.cleared),
      ];
      return history.restored(notes.filter(Boolean));
    }
    const item = await refusingForbidden(async () =>
      kind === "blog"
        ? await restorePostRevision(id, revisionId, who)
        : await restoreAcademyRevision(id, revisionId, who),
    );
    if (!item) return history.refused();
    return history.restored([filesLeftEmpty(item.cleared)].filter(Boolean));
  } catch (error) {
    // A refusal by role (refusingForbidden's 403) is answered as it is.
    if (error instanceof Response) throw error;
    if (error instanceof SlugTakenError) return history.refused(REVISION_MESSAGES.slugTaken, 400);
    logger.error({ err: error, kind, id }, "revision restore failed");
    return history.refused(REVISION_MESSAGES.restoreFailed, 500);
  }
}
