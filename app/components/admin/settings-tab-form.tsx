// One tab of /admin/settings as its own form: its fields, 'Save Settings', and the version of the tab it loaded
// (use-save-version.ts). A save against a newer version of this tab is refused: the notice above the fields names
// who saved the tab and when, with what they changed beside what the member has (edit-conflict.tsx). "History"
// lists the tab's revisions; restoring one puts it in the form once the page's data brings it.
import { type ReactNode, useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { DraftOffer } from "~/components/admin/browser-draft";
import { DocumentLiveNotice } from "~/components/admin/document-live";
import { EditConflictNotice } from "~/components/admin/edit-conflict";
import { HistoryDialog } from "~/components/admin/history-dialog";
import { useLiveForm } from "~/components/admin/live-form";
import { useSaveVersion } from "~/components/admin/use-save-version";
import { Button } from "~/components/ui/button";
import { TabsContent } from "~/components/ui/tabs";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import type { EditVersion } from "~/lib/edit-conflict";
import type { ActionResult } from "~/lib/forms";
import type { RevisionField } from "~/lib/revision-fields";
import { SETTINGS_TAB_LABELS, type SettingsTab } from "~/lib/settings-tabs";

/** The intent a tab's save is answered under, so each tab reads only its own answers. */
export const settingsSaveIntent = (tab: SettingsTab) => `save-settings:${tab}`;

export function SettingsTabForm({
  tab,
  title,
  version,
  stored,
  result,
  saving,
  snapshot,
  fields,
  timeZone,
  onLoadTheirs,
  onUnsaved,
  children,
}: {
  tab: SettingsTab;
  title: string;
  /** The tab's version as the page loaded it. */
  version: EditVersion;
  /** The tab as the page's data has it now: its version and values. */
  stored: { version: EditVersion; content: Record<string, unknown> };
  result: ActionResult<unknown> | undefined;
  saving: boolean;
  /** The tab's values as the form holds them now. */
  snapshot: Record<string, unknown>;
  fields: readonly RevisionField[];
  timeZone: string;
  /** Puts values of this tab (a teammate's, or a kept draft) in the form. */
  onLoadTheirs: (theirs: Record<string, unknown>) => void;
  /** Tells whether the tab holds changes not saved. */
  onUnsaved: (tab: SettingsTab, unsaved: boolean) => void;
  children: ReactNode;
}) {
  const mine = result?.intent === settingsSaveIntent(tab) ? result : undefined;
  const { base, conflict, takeTheirs, take } = useSaveVersion(version, mine, () => snapshot);
  const { live, unsaved, draft, restore } = useLiveForm({
    kind: "settings",
    id: tab,
    base,
    take,
    stored,
    snapshot,
    apply: onLoadTheirs,
  });
  useEffect(() => onUnsaved(tab, unsaved && !saving), [onUnsaved, tab, unsaved, saving]);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const loadTheirs = () => takeTheirs(onLoadTheirs);
  // A normal save that carries their version: it goes through, with its audit entry.
  const saveMine = () => {
    if (!conflict || !formRef.current) return;
    const form = new FormData(formRef.current);
    form.set("base", conflict.version);
    submit(form, { method: "post" });
  };
  return (
    <TabsContent value={tab} forceMount className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <HistoryDialog
          title={`${SETTINGS_TAB_LABELS[tab]} tab history`}
          description="Every save of this tab keeps a revision. Restoring one brings back all of the tab's fields."
          source={{
            endpoint: `/admin/settings/${tab}/revisions`,
            fields,
            confirm: REVISION_MESSAGES.restoreConfirmFields,
          }}
          timeZone={timeZone}
          onRestored={(restored) => {
            if (restored.version) live.awaitVersion(restored.version);
          }}
        />
      </div>
      <DraftOffer draft={draft.offer} timeZone={timeZone} onRestore={restore} onDiscard={draft.discard} />
      <DocumentLiveNotice
        kind="settings"
        noun={`${SETTINGS_TAB_LABELS[tab]} tab`}
        live={live}
        refused={Boolean(conflict)}
        unsaved={unsaved}
        timeZone={timeZone}
      />
      {conflict ? (
        <EditConflictNotice
          kind={{ noun: `${SETTINGS_TAB_LABELS[tab]} tab`, fields }}
          conflict={conflict}
          loaded={base.content}
          mine={snapshot}
          timeZone={timeZone}
          busy={saving}
          onLoadTheirs={loadTheirs}
          onSaveMine={saveMine}
        />
      ) : null}
      <Form ref={formRef} method="post" noValidate aria-label={`${title} settings`}>
        <input type="hidden" name="intent" value="save-settings" />
        <input type="hidden" name="tab" value={tab} />
        <input type="hidden" name="base" value={base.version} />
        <div className="space-y-4">{children}</div>
        <div className="mt-4 flex justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </Form>
    </TabsContent>
  );
}
