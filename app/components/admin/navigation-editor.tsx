// The site navigation editor on the Pages screen: the header menu's links and the footer's columns (label and a
// page path or address, in order). Saved as a whole, with the version it loaded; the server checks it and answers
// with messages by field, or, when a teammate saved the navigation meanwhile, with the conflict notice.
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { FieldSpec } from "~/blocks/fields";
import { DraftOffer } from "~/components/admin/browser-draft";
import { DocumentLiveNotice } from "~/components/admin/document-live";
import { EditConflictNotice } from "~/components/admin/edit-conflict";
import { useLiveForm } from "~/components/admin/live-form";
import { BlockFields, type Value } from "~/components/admin/page-fields";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes-guard";
import { useSaveVersion } from "~/components/admin/use-save-version";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useActionToast } from "~/components/ui/toaster";
import type { EditVersion } from "~/lib/edit-conflict";
import type { ActionResult } from "~/lib/forms";
import { NAVIGATION_CONFLICT_FIELDS, navigationSnapshot } from "~/lib/navigation-conflict";
import { NAVIGATION_DOCUMENT } from "~/lib/realtime-protocol";
import type { SiteNavigation } from "~/lib/site-navigation";

export function NavigationEditor({
  navigation,
  version,
  fields,
  result,
  timeZone,
}: {
  /** The navigation as stored (the page's data). */
  navigation: SiteNavigation;
  /** Its version. */
  version: EditVersion;
  fields: readonly FieldSpec[];
  result?: ActionResult;
  timeZone: string;
}) {
  const [value, setValue] = useState<Value>(navigation as unknown as Value);
  const busy = useNavigation();
  const saving = busy.state !== "idle" && busy.formData?.get("intent") === "navigation";
  const mine = result?.intent === "navigation" ? result : undefined;
  useActionToast(mine);
  const snapshot = navigationSnapshot(value as unknown as SiteNavigation);
  const { base, conflict, takeTheirs, take } = useSaveVersion(version, mine, () => snapshot);
  const submit = useSubmit();
  const apply = (values: Record<string, unknown>) => setValue(values.navigation as Value);
  const loadTheirs = () => takeTheirs(apply);
  const { live, unsaved, draft, restore } = useLiveForm({
    kind: "navigation",
    id: NAVIGATION_DOCUMENT,
    base,
    take,
    stored: { version, content: navigationSnapshot(navigation) },
    snapshot,
    apply,
  });
  // A normal save that carries their version: it goes through, with its audit entry.
  const saveMine = () => {
    if (!conflict) return;
    submit(
      { intent: "navigation", navigation: JSON.stringify(value), base: conflict.version },
      { method: "post" },
    );
  };
  const errors = (mine && !mine.ok ? (mine.fieldErrors ?? {}) : {}) as Record<string, string | undefined>;
  const formRef = useRef<HTMLFormElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  // Saving disables the button, which drops the keyboard's focus to the page's top. Once the answer is in, the
  // focus goes to the first field in error, or back to the button (enabled again once the page has reloaded).
  useEffect(() => {
    if (!mine || saving || (document.activeElement && document.activeElement !== document.body)) return;
    (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? saveRef.current)?.focus();
  }, [mine, saving]);
  return (
    <Card className="mt-6 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Site navigation</h2>
      <p className="mt-1 text-sm text-slate-700">
        The header menu and the footer columns on every public page. Links to the blog are hidden while the
        blog is off.
      </p>
      <UnsavedChangesGuard unsaved={unsaved && !saving} />
      <div className={draft.offer || live.others.length > 0 || live.saved ? "mt-4" : undefined}>
        <DraftOffer draft={draft.offer} timeZone={timeZone} onRestore={restore} onDiscard={draft.discard} />
        <DocumentLiveNotice
          kind="navigation"
          live={live}
          refused={Boolean(conflict)}
          unsaved={unsaved}
          timeZone={timeZone}
        />
      </div>
      {conflict ? (
        <div className="mt-4">
          <EditConflictNotice
            kind={{ noun: "navigation", fields: NAVIGATION_CONFLICT_FIELDS }}
            conflict={conflict}
            loaded={base.content}
            mine={snapshot}
            timeZone={timeZone}
            busy={saving}
            onLoadTheirs={loadTheirs}
            onSaveMine={saveMine}
          />
        </div>
      ) : null}
      <Form ref={formRef} method="post" className="mt-4 space-y-4" aria-label="Site navigation">
        <input type="hidden" name="intent" value="navigation" />
        <input type="hidden" name="base" value={base.version} />
        <input type="hidden" name="navigation" value={JSON.stringify(value)} />
        <BlockFields
          fields={fields}
          value={value}
          onChange={(path, next) => setValue((current) => ({ ...current, [path]: next }))}
          errors={errors}
          idPrefix="nav"
          errorPrefix="nav"
        />
        <Button ref={saveRef} type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save navigation"}
        </Button>
      </Form>
    </Card>
  );
}
