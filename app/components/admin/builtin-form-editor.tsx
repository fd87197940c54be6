// The editor of one of the site's own forms (docs/product.md, Forms): its texts only, in groups (the heading, each
// field's label, help text and placeholder, the button and the success message), each with its default beside it and
// "Reset to default"; "Reset all to default" for the whole form. Saving sends every text; the server checks them and
// answers with a message beside each it refuses, and the editor keeps what was typed. Like the other documents:
// presence and a teammate's save announced at once, no silent overwrite, unsaved work kept in this browser, and its
// history of revisions.
import { ExternalLink, RotateCcw } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { EditorNotices } from "~/components/admin/editor-notices";
import { HistoryDialog } from "~/components/admin/history-dialog";
import { useLiveForm } from "~/components/admin/live-form";
import { useSaveVersion } from "~/components/admin/use-save-version";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { useActionToast } from "~/components/ui/toaster";
import {
  BUILTIN_FORMS,
  type BuiltinFormKey,
  type BuiltinText,
  type BuiltinTexts,
  builtinRevisionFields,
  defaultTexts,
  textName,
} from "~/lib/builtin-forms";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import type { ActionResult } from "~/lib/forms";

interface Props {
  formKey: BuiltinFormKey;
  /** The version of the texts as the page's data has it now (their last save). */
  version: string;
  /** Every text as the site shows it now (defaults filled in). */
  texts: BuiltinTexts;
  timeZone: string;
  result?: ActionResult<unknown>;
}

/** A snapshot (their version, a kept draft) as the form's texts: every key of the form, defaults where missing. */
function textsOf(formKey: BuiltinFormKey, snapshot: Record<string, unknown>): BuiltinTexts {
  const texts: BuiltinTexts = defaultTexts(formKey);
  for (const key of Object.keys(texts)) {
    const value = snapshot[key];
    if (typeof value === "string") texts[key] = value;
  }
  return texts;
}

/** The texts in their groups, in the order the form shows them. */
function groupsOf(texts: readonly BuiltinText[]): Array<{ title: string; texts: BuiltinText[] }> {
  const groups: Array<{ title: string; texts: BuiltinText[] }> = [];
  for (const text of texts) {
    const group = groups.at(-1);
    if (group?.title === text.group) group.texts.push(text);
    else groups.push({ title: text.group, texts: [text] });
  }
  return groups;
}

const fieldId = (key: string) => `text-${key.replace(".", "-")}`;

export function BuiltinFormEditor({ formKey, version, texts: stored, timeZone, result }: Props) {
  const spec = BUILTIN_FORMS[formKey];
  const defaults = useMemo(() => defaultTexts(formKey) as BuiltinTexts, [formKey]);
  const groups = useMemo(() => groupsOf(spec.texts), [spec.texts]);
  const fields = useMemo(() => builtinRevisionFields(formKey), [formKey]);
  const mine = result?.intent === "save" ? result : undefined;
  // What the member typed: after a refusal without JavaScript, the answer's values.
  const [values, setValues] = useState<BuiltinTexts>(() =>
    mine && !mine.ok && mine.values ? textsOf(formKey, mine.values as Record<string, unknown>) : stored,
  );
  const [announce, setAnnounce] = useState("");
  const { base, conflict, takeTheirs, take } = useSaveVersion(version, mine, () => values);
  const apply = (snapshot: Record<string, unknown>) => setValues(textsOf(formKey, snapshot));
  const { live, unsaved, draft, restore } = useLiveForm({
    kind: "form",
    id: spec.id,
    base,
    take,
    stored: { version, content: stored },
    snapshot: values,
    apply,
  });
  const navigation = useNavigation();
  const submit = useSubmit();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  useActionToast(result);
  const errors = (mine && !mine.ok ? (mine.fieldErrors ?? {}) : {}) as Record<string, string | undefined>;

  // A refusal puts the keyboard on the first text to fix.
  useEffect(() => {
    if (!mine || mine.ok || !mine.fieldErrors) return;
    const first = spec.texts.find((t) => mine.fieldErrors?.[t.key]);
    if (first) document.getElementById(fieldId(first.key))?.focus();
  }, [mine, spec.texts]);

  const change = (key: string, value: string) => setValues((current) => ({ ...current, [key]: value }));
  const resetOne = (text: BuiltinText) => {
    change(text.key, text.default);
    setAnnounce(`${textName(text)} is back to its default. Save to show it on the site.`);
    document.getElementById(fieldId(text.key))?.focus();
  };
  const changedFromDefault = spec.texts.filter((t) => values[t.key] !== t.default);
  const resetAll = () => {
    setValues({ ...defaults });
    setAnnounce("Every text is back to its default. Save to show them on the site.");
    // The button turns off once nothing differs from the defaults: the keyboard goes on to saving.
    document.getElementById("save-texts")?.focus();
  };
  // "Save mine over theirs": what the form sends, carrying their version.
  const saveMine = () => {
    if (conflict) submit({ ...values, intent: "save", base: conflict.version }, { method: "post" });
  };

  return (
    <>
      <AdminPageHeader
        title={`Edit form: ${spec.name}`}
        description="A form of the site itself: its fields, their checks and error messages, and where its submissions go stay as they are. Its texts are yours to change."
        actions={
          <>
            <Badge variant="neutral" className="self-center" data-testid="builtin-badge">
              Built-in
            </Badge>
            <a
              href={spec.sample}
              target="_blank"
              rel="noreferrer"
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <ExternalLink aria-hidden /> View on site<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <HistoryDialog
              title="Form history"
              description="Every save of these texts keeps a revision. Restoring one brings back all of its texts."
              source={{
                endpoint: `/admin/forms/built-in/${formKey}/revisions`,
                fields,
                confirm: REVISION_MESSAGES.restoreConfirmFields,
                version: base.version,
              }}
              timeZone={timeZone}
              onRestored={(restored) => {
                if (restored.version) live.awaitVersion(restored.version);
              }}
            />
          </>
        }
      />
      <EditorNotices
        kind="form"
        unsaved={unsaved}
        timeZone={timeZone}
        draft={{ offer: draft.offer, onRestore: restore, onDiscard: draft.discard }}
        live={live}
        conflict={conflict}
        subject={{ noun: "form", fields }}
        loaded={base.content}
        mine={() => values}
        busy={saving}
        onLoadTheirs={() => takeTheirs(apply)}
        onSaveMine={saveMine}
        announce={announce}
      />
      <Card className="p-4 sm:p-6">
        <p className="text-sm text-slate-700">{spec.where}</p>
        <p className="mt-1 text-sm text-slate-700">
          An empty help text or placeholder shows nothing. A field the site requires keeps its “*” after the
          label.
        </p>
        <Form method="post" noValidate aria-label={`Texts of the ${spec.name.toLowerCase()}`}>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="base" value={base.version} />
          <div className="mt-4 space-y-6">
            {groups.map((group) => (
              <fieldset key={group.title} className="rounded-lg border border-slate-200 p-4">
                <legend className="px-1 text-base font-semibold text-slate-900">{group.title}</legend>
                {/* A field's three short texts side by side on a wide screen; the long ones one under the other. */}
                <div className={group.texts.some((t) => t.long) ? "space-y-4" : "grid gap-4 lg:grid-cols-3"}>
                  {group.texts.map((text) => (
                    <TextRow
                      key={text.key}
                      text={text}
                      value={values[text.key] ?? ""}
                      error={errors[text.key]}
                      onChange={(value) => change(text.key, value)}
                      onReset={() => resetOne(text)}
                    />
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
          <div className="mt-6 flex flex-wrap items-center justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={changedFromDefault.length === 0}
              onClick={resetAll}
            >
              <RotateCcw aria-hidden /> Reset all to default
            </Button>
            <Button type="submit" id="save-texts" disabled={saving}>
              {saving ? "Saving..." : "Save texts"}
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}

/** One text: its control, its default as the hint, and "Reset to default" while it differs from it. */
function TextRow({
  text,
  value,
  error,
  onChange,
  onReset,
}: {
  text: BuiltinText;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onReset: () => void;
}) {
  const id = fieldId(text.key);
  const hint = text.default ? `Default: “${text.default}”` : "Default: none";
  return (
    <Field
      id={id}
      label={`${text.label}${text.optional ? " (optional)" : ""}`}
      hint={hint}
      error={error}
      aside={
        value !== text.default ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={onReset}
            aria-label={`Reset to default: ${textName(text)}`}
          >
            <RotateCcw aria-hidden /> Reset to default
          </Button>
        ) : null
      }
    >
      {(aria) =>
        text.long ? (
          <Textarea
            {...aria}
            name={text.key}
            rows={3}
            value={value}
            maxLength={text.max}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <Input
            {...aria}
            name={text.key}
            value={value}
            maxLength={text.max}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}
