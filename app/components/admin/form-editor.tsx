// The form editor: the settings card (form-settings.tsx) and the fields: add a field of any kind, reorder with the
// arrow buttons or Alt+Arrow keys, remove with undo, and the selected field's settings (label, key, limits,
// options, the conditions that show or require it). The whole form is saved as one JSON field; the server checks
// it and answers with messages by field, and the editor keeps everything that was typed. Like the other documents:
// presence and a teammate's save announced at once, no silent overwrite, unsaved work kept in this browser, and its
// history of revisions; restoring one puts the restored form in the editor.
import { Plus } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { useBrowserDraft } from "~/components/admin/browser-draft";
import { useDocumentLive } from "~/components/admin/document-live";
import { EditorNotices } from "~/components/admin/editor-notices";
import { FormEmbedSnippet } from "~/components/admin/form-embed";
import {
  FIELD_PALETTE,
  FIELD_TYPE_LABELS,
  fieldChanged,
  savedFields,
  settingsOf,
} from "~/components/admin/form-field-specs";
import { FormFunnel, type FunnelFigures } from "~/components/admin/form-funnel";
import type { AssignableMember } from "~/components/admin/form-routing-fields";
import {
  type EditedForm,
  FormSettings,
  formSnapshot,
  headOf,
  NEW_FORM,
  payloadOf,
} from "~/components/admin/form-settings";
import { type FormSubmissionRow, FormSubmissions } from "~/components/admin/form-submissions";
import { HistoryDialog } from "~/components/admin/history-dialog";
import { ListItemControls, RemovedNotice } from "~/components/admin/list-item-controls";
import { BlockFields, type Value } from "~/components/admin/page-fields";
import type { HistorySource } from "~/components/admin/revision-history";
import { StatusBadge } from "~/components/admin/status-badge";
import { useBlockList } from "~/components/admin/use-block-list";
import { useEditVersion } from "~/components/admin/use-edit-version";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { useActionToast } from "~/components/ui/toaster";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import { CONFLICT_MESSAGES } from "~/lib/edit-conflict";
import { EDIT_SUBJECTS } from "~/lib/edit-subjects";
import type { CaptchaProvider } from "~/lib/form-builder/captcha";
import type { FieldType } from "~/lib/form-builder/definition";
import type { ActionResult } from "~/lib/forms";

interface Props {
  form: (EditedForm & { id: string; updatedAt: string }) | null;
  /** The form as loaded, shaped like a revision's snapshot: what a teammate's save is compared with. */
  loaded: Record<string, unknown> | null;
  submissions: number;
  /** Who the form can alert or hand submissions to. */
  members: AssignableMember[];
  mailReady: boolean;
  /** Whether this member may change who hears of submissions (the others see it only). */
  mayRoute: boolean;
  /** The captcha provider whose keys are saved (null: none). */
  captchaProvider: CaptchaProvider | null;
  /** Whether this member may change the sites that may embed the form (the others see them only). */
  mayEmbed: boolean;
  /** The site's public address, for the embed snippet. */
  siteUrl: string;
  /** What the form collected, for members who may see leads; null for the others. */
  responses: { total: number; canExport: boolean; rows: FormSubmissionRow[] } | null;
  /** The last days' funnel, for members who see analytics; null for the others. */
  funnel: { total: FunnelFigures; pages: FunnelFigures[] } | null;
  funnelDays: number;
  timeZone: string;
  result?: ActionResult;
}

/** The fields with an id each, for the list (the saved form has none); the same on the server and in the browser. */
const listed = (form: EditedForm): Value[] =>
  form.definition.fields.map((field, index) => ({ ...field, id: `f${index}` }));

/** A stored snapshot's fields as an EditedForm (their version, loaded after a refused save). */
function editedOf(snapshot: Record<string, unknown>): EditedForm {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    name: text(snapshot.name),
    status: text(snapshot.status) || "draft",
    opensAt: text(snapshot.opensAt),
    closesAt: text(snapshot.closesAt),
    maxSubmissions: typeof snapshot.maxSubmissions === "number" ? snapshot.maxSubmissions : null,
    closedMessage: text(snapshot.closedMessage),
    routing: (snapshot.routing as EditedForm["routing"]) ?? NEW_FORM.routing,
    retentionDays: typeof snapshot.retentionDays === "number" ? snapshot.retentionDays : null,
    blockedDomains: Array.isArray(snapshot.blockedDomains) ? snapshot.blockedDomains.map(String) : [],
    captcha: snapshot.captcha === true,
    allowedOrigins: Array.isArray(snapshot.allowedOrigins) ? snapshot.allowedOrigins.map(String) : [],
    definition: (snapshot.definition as EditedForm["definition"]) ?? NEW_FORM.definition,
  };
}

/**
 * The settings only administrators and the owner change (who hears of submissions, how long they are kept, the
 * sites that may embed the form); a restore by anyone else leaves them as they are. None: the member changes all.
 */
function keptSettings(mayRoute: boolean, mayEmbed: boolean): ReadonlySet<string> | undefined {
  const kept = [...(mayRoute ? [] : ["routing", "retentionDays"]), ...(mayEmbed ? [] : ["allowedOrigins"])];
  return kept.length ? new Set(kept) : undefined;
}

/** The form's history, sending the version the editor holds with a restore (a teammate's newer save refuses it). */
function formHistory(id: string, version: string, kept: ReadonlySet<string> | undefined): HistorySource {
  return {
    endpoint: `/admin/forms/${id}/revisions`,
    fields: EDIT_SUBJECTS.form.fields,
    kept,
    confirm: kept ? REVISION_MESSAGES.restoreConfirmFormFields : REVISION_MESSAGES.restoreConfirmFields,
    version,
  };
}

export function FormEditor({
  form,
  loaded,
  submissions,
  members,
  mailReady,
  mayRoute,
  captchaProvider,
  mayEmbed,
  siteUrl,
  responses,
  funnel,
  funnelDays,
  timeZone,
  result,
}: Props) {
  const start = form ?? NEW_FORM;
  const [head, setHead] = useState(() => headOf(start));
  const list = useBlockList(listed(start), FIELD_PALETTE);
  const { blocks: fields, selected, setSelected, removed, announce, setAnnounce, summaryOf } = list;
  const saved = savedFields(fields);
  const payload = payloadOf(head, saved);
  const stored = useMemo(
    () => (form ? { version: form.updatedAt, content: loaded ?? {} } : null),
    [form, loaded],
  );
  const { base, conflict, unsaved, take } = useEditVersion({
    stored,
    result,
    payload,
    initialPayload: () => payloadOf(headOf(start), savedFields(listed(start))),
  });
  // After a restore the form is loaded again and the editor takes it in place of what it held; so it is when the
  // member loads the version a teammate just saved (their save's notice).
  const [restored, setRestored] = useState(false);
  const onRestored = useCallback(() => setRestored(true), []);
  const live = useDocumentLive("form", form?.id, base.version, form?.updatedAt);
  const takeIn = useCallback(
    (next: EditedForm, version: string, content: Record<string, unknown>) => {
      setHead(headOf(next));
      const items = listed(next);
      list.replace(items);
      take({ version, content }, payloadOf(headOf(next), savedFields(items)));
    },
    [list.replace, take],
  );
  useEffect(() => {
    if (!(restored || live.arrived) || !form) return;
    setRestored(false);
    live.taken();
    takeIn(form, form.updatedAt, loaded ?? {});
  }, [restored, live.arrived, live.taken, form, loaded, takeIn]);
  const [adding, setAdding] = useState<FieldType>("text");
  const navigation = useNavigation();
  const submit = useSubmit();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  useActionToast(result);
  const errors = (result && !result.ok ? (result.fieldErrors ?? {}) : {}) as Record<
    string,
    string | undefined
  >;

  const kept = useMemo(() => ({ head, fields }), [head, fields]);
  const draft = useBrowserDraft(form ? `form:${form.id}` : undefined, { value: kept, base, unsaved });
  const restoreDraft = () => {
    const found = draft.restore();
    if (!found) return;
    setHead(found.value.head);
    list.replace(found.value.fields);
    take(found.base, "");
  };
  const loadTheirs = () => {
    if (!conflict) return;
    takeIn(editedOf(conflict.theirs), conflict.version, conflict.theirs);
    setAnnounce(CONFLICT_MESSAGES.loaded);
  };
  const saveMine = () => {
    if (conflict) submit({ intent: "save", form: payload, base: conflict.version }, { method: "post" });
  };
  const selectedIndex = fields.findIndex((f) => f.id === selected);
  const selectedField = fields[selectedIndex];
  const typeLabel = (field: Value) => FIELD_TYPE_LABELS[field.type as FieldType] ?? String(field.type);

  return (
    <>
      <AdminPageHeader
        title={form ? `Edit form: ${form.name}` : "New form"}
        description="Build the form here; put it on a page with the Form block."
        actions={
          form ? (
            <>
              <StatusBadge status={form.status} />
              <HistoryDialog
                title="Form history"
                description={
                  keptSettings(mayRoute, mayEmbed)
                    ? "Every save keeps a revision. Restoring one brings back its settings and fields; who hears of submissions, how long they are kept and the sites that may embed it stay as they are."
                    : "Every save keeps a revision. Restoring one brings back every setting and field it had."
                }
                source={formHistory(form.id, base.version, keptSettings(mayRoute, mayEmbed))}
                timeZone={timeZone}
                onRestored={onRestored}
              />
            </>
          ) : null
        }
      />
      <EditorNotices
        kind="form"
        unsaved={unsaved}
        timeZone={timeZone}
        draft={{ offer: draft.offer, onRestore: restoreDraft, onDiscard: draft.discard }}
        live={live}
        conflict={conflict}
        subject={EDIT_SUBJECTS.form}
        loaded={base.content}
        mine={() => formSnapshot(head, saved)}
        busy={saving}
        onLoadTheirs={loadTheirs}
        onSaveMine={saveMine}
        announce={announce}
        error={errors.form ?? errors.fields}
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="min-w-0">
          <FormSettings
            head={head}
            onChange={setHead}
            payload={payload}
            base={base.version}
            errors={errors}
            saving={saving}
            submissions={submissions}
            deletable={Boolean(form)}
            members={members}
            mailReady={mailReady}
            mayRoute={mayRoute}
            captchaProvider={captchaProvider}
            mayEmbed={mayEmbed}
          />
          {form ? (
            <div className="mt-6">
              <FormEmbedSnippet
                formId={form.id}
                siteUrl={siteUrl}
                status={form.status}
                allowedOrigins={form.allowedOrigins}
              />
            </div>
          ) : null}
        </div>
        <Card className="min-w-0 p-4">
          <h2 id="fields-heading" className="text-lg font-semibold text-slate-900">
            Fields
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Select a field to edit it. Reorder with the arrow buttons or Alt+Arrow Up/Down. A step break
            starts the next step of a multi-step form.
          </p>
          {removed ? <RemovedNotice name={summaryOf(removed.block)} onUndo={list.undo} /> : null}
          {fields.length === 0 ? (
            <p className="mt-4 text-sm text-slate-700">No fields yet: add the first one below.</p>
          ) : (
            <ol aria-labelledby="fields-heading" className="mt-4 space-y-2">
              {fields.map((field, index) => {
                const hasError = Object.keys(errors).some((k) => k.startsWith(`fields.${index}.`));
                const name = summaryOf(field);
                return (
                  <li
                    key={String(field.id)}
                    className={`flex items-center gap-1 rounded-lg border p-1 ${
                      field.id === selected ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-white"
                    } ${field.type === "step" ? "border-dashed" : ""} ${hasError ? "ring-2 ring-red-500" : ""}`}
                    data-testid="field-item"
                  >
                    <ListItemControls
                      name={name}
                      detail={`${typeLabel(field)}${field.required ? " · required" : ""}${(field.showWhen as Value | undefined)?.field ? " · conditional" : ""}${hasError ? " · needs attention" : ""}`}
                      index={index}
                      count={fields.length}
                      selected={field.id === selected}
                      onSelect={() => setSelected(String(field.id))}
                      onMove={list.move}
                      onRemove={() => list.remove(index)}
                    />
                  </li>
                );
              })}
            </ol>
          )}
          <div className="mt-4 flex flex-wrap items-end gap-2">
            <Field id="field-type" label="Add a field" className="min-w-48 flex-1">
              {(aria) => (
                <Select {...aria} value={adding} onChange={(e) => setAdding(e.target.value as FieldType)}>
                  {FIELD_PALETTE.map((entry) => (
                    <option key={entry.type} value={entry.type}>
                      {entry.label}: {entry.description}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Button type="button" variant="outline" onClick={() => list.add(adding)}>
              <Plus aria-hidden /> Add field
            </Button>
          </div>
          {selectedField ? (
            <section aria-labelledby="field-settings-heading" className="mt-6 border-t border-slate-200 pt-4">
              <h3 id="field-settings-heading" className="text-base font-semibold text-slate-900">
                {typeLabel(selectedField)}: {summaryOf(selectedField)}
              </h3>
              <div className="mt-3">
                <BlockFields
                  fields={settingsOf(selectedField, fields.slice(0, selectedIndex))}
                  value={selectedField}
                  onChange={(path, next) =>
                    list.update((current) => fieldChanged(current, selectedIndex, path, next))
                  }
                  errors={errors}
                  idPrefix={`field-${String(selectedField.id)}`}
                  errorPrefix={`fields.${selectedIndex}`}
                />
              </div>
            </section>
          ) : null}
        </Card>
      </div>
      {form && funnel ? <FormFunnel total={funnel.total} pages={funnel.pages} days={funnelDays} /> : null}
      {form && responses ? (
        <FormSubmissions
          formId={form.id}
          fields={form.definition.fields}
          rows={responses.rows}
          total={responses.total}
          canExport={responses.canExport}
        />
      ) : null}
    </>
  );
}
