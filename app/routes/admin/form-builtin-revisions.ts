// /admin/forms/built-in/:key/revisions: the history of one of the site's own forms' texts (JSON for its History
// dialog). GET lists its revisions or gives one with the texts as they are now; POST intent=restore brings a revision
// back as a save of the texts: the same checks as the editor's save, refused over a teammate's newer save (409), its
// own revision and audit entry. Whoever may build forms may do both.
import { requireCan } from "~/auth/permissions.server";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { BUILTIN_FORMS, isBuiltinFormKey } from "~/lib/builtin-forms";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import { builtinSnapshot, getBuiltinForm, restoreBuiltinForm } from "~/models/builtin-forms.server";
import { versionOf } from "~/models/edit-conflicts.server";
import * as history from "~/routes/support/revision-route.server";
import type { Route } from "./+types/form-builtin-revisions";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "forms.manage", { json: true });
  const { key } = params;
  if (!isBuiltinFormKey(key)) return history.answer(request, "form", "", undefined);
  const row = await getBuiltinForm(key);
  return history.answer(request, "form", BUILTIN_FORMS[key].id, builtinSnapshot(row));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "forms.manage", { json: true });
  const asked = await history.requestedRestore(request);
  if (asked instanceof Response) return asked;
  const { key } = params;
  if (!isBuiltinFormKey(key)) return history.refused();
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  try {
    const outcome = await restoreBuiltinForm(key, asked.revision, who, { base: asked.base });
    if (outcome.ok) return history.restored([], { version: versionOf(outcome.form) });
    return history.refusedFormRestore(outcome);
  } catch (error) {
    logger.error({ err: error, key }, "built-in form revision restore failed");
    return history.refused(REVISION_MESSAGES.restoreFailed, 500);
  }
}
