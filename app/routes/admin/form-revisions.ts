// /admin/forms/:id/revisions: the history of one built form (JSON for the form screen's History dialog). GET lists
// its revisions or gives one with the form as it is now; POST intent=restore brings a revision back as a save of the
// form: the same checks as the editor's save, refused over a teammate's newer save (409), its own revision and audit
// entry. Whoever may build forms may do both; only those who manage lead notifications bring back the routing, the
// retention and the sites that may embed the form, which stay as they are for the others.
import { requireCan } from "~/auth/permissions.server";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import { versionOf } from "~/models/edit-conflicts.server";
import { restoreFormRevision } from "~/models/form-revisions.server";
import { formSnapshot, getForm } from "~/models/forms.server";
import { mayEmbedForms, mayRouteLeads } from "~/routes/support/form-lead-settings.server";
import * as history from "~/routes/support/revision-route.server";
import type { Route } from "./+types/form-revisions";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "forms.manage", { json: true });
  const form = await getForm(params.id);
  return history.answer(request, "form", params.id, form && formSnapshot(form));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "forms.manage", { json: true });
  const asked = await history.requestedRestore(request);
  if (asked instanceof Response) return asked;
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  try {
    const outcome = await restoreFormRevision(params.id, asked.revision, who, {
      base: asked.base,
      keepLeadSettings: !mayRouteLeads(admin.role),
      keepEmbedOrigins: !mayEmbedForms(admin.role),
    });
    if (outcome.ok) return history.restored([], { version: versionOf(outcome.form) });
    return history.refusedFormRestore(outcome);
  } catch (error) {
    logger.error({ err: error, id: params.id }, "form revision restore failed");
    return history.refused(REVISION_MESSAGES.restoreFailed, 500);
  }
}
