// /admin/settings/:tab/revisions: the history of one tab of the settings screen (general, social, seo, analytics,
// chat; JSON for the tab's History dialog). GET lists its revisions or gives one with the tab as it is now; POST
// intent=restore brings a revision back as a save of that tab (its own revision, audit entry, version and notice to
// whoever has it open). Both need settings.manage, like the screen.
import { requireCan } from "~/auth/permissions.server";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import { changedSummary, settingsTabFields } from "~/lib/revision-fields";
import { isSettingsTab, SETTINGS_TAB_IDS, tabSnapshot } from "~/lib/settings-tabs";
import { getSettings, listSocialLinks } from "~/models/settings.server";
import { restoreSettingsRevision } from "~/models/settings-admin.server";
import * as history from "~/routes/support/revision-route.server";
import type { Route } from "./+types/settings-revisions";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "settings.manage", { json: true });
  const { tab } = params;
  if (!isSettingsTab(tab)) return history.answer(request, "settings", "", undefined);
  const [settings, links] = await Promise.all([getSettings(), listSocialLinks()]);
  return history.answer(request, "settings", SETTINGS_TAB_IDS[tab], tabSnapshot(tab, settings, links));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "settings.manage", { json: true });
  const revisionId = await history.requestedRevision(request);
  if (revisionId instanceof Response) return revisionId;
  const { tab } = params;
  if (!isSettingsTab(tab)) return history.refused();
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  try {
    const outcome = await restoreSettingsRevision(tab, revisionId, who);
    if (!outcome) return history.refused();
    // An Open Graph image deleted from the media library since is left empty: the toast says so.
    const notes = outcome.cleared.length
      ? [
          REVISION_MESSAGES.filesLeftEmpty(
            changedSummary(settingsTabFields(tab, []), outcome.cleared),
            outcome.cleared.length,
          ),
        ]
      : [];
    return history.restored(notes, { version: outcome.version });
  } catch (error) {
    logger.error({ err: error, tab }, "settings revision restore failed");
    return history.refused(REVISION_MESSAGES.restoreFailed, 500);
  }
}
