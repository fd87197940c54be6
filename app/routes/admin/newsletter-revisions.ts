// /admin/newsletters/:id/revisions: the history of one newsletter draft (JSON for the compose screen's History
// dialog). GET lists its revisions or gives one with the draft as it is now; POST intent=restore brings a revision
// back as a save of the draft (its own revision, audit entry and version). Whoever may edit newsletters may do both;
// a newsletter that is sending or sent is read-only, and its restore is refused (409).
import { requireCan } from "~/auth/permissions.server";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import { newsletterSnapshot } from "~/lib/newsletter-conflict";
import { getNewsletter, restoreNewsletterRevision } from "~/models/newsletters-admin.server";
import { isUuid } from "~/routes/support/lead-actions.server";
import * as history from "~/routes/support/revision-route.server";
import type { Route } from "./+types/newsletter-revisions";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "newsletters.manage", { json: true });
  const newsletter = isUuid(params.id) ? await getNewsletter(params.id) : undefined;
  return history.answer(request, "newsletter", params.id, newsletter && newsletterSnapshot(newsletter));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "newsletters.manage", { json: true });
  const revisionId = await history.requestedRevision(request);
  if (revisionId instanceof Response) return revisionId;
  if (!isUuid(params.id)) return history.refused();
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  try {
    const outcome = await restoreNewsletterRevision(params.id, revisionId, who);
    if (outcome.ok) return history.restored([], { version: outcome.version });
    return outcome.reason === "locked"
      ? history.refused(REVISION_MESSAGES.newsletterSent, 409)
      : history.refused();
  } catch (error) {
    logger.error({ err: error, id: params.id }, "newsletter revision restore failed");
    return history.refused(REVISION_MESSAGES.restoreFailed, 500);
  }
}
