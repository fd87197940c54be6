// A form built in the back office, as a visitor fills it in. A page carries it first as plain HTML (every field,
// every step in one page, posting to /api/forms/:id), which works without JavaScript; once its code has loaded the
// running form takes its place with what was typed: conditions show and hide fields, a multi-step form goes step by
// step (progress shown, Back and Next, nothing lost), each step and the whole form are checked by the same rules
// the server applies (app/lib/form-builder/submission.ts), and it sends without leaving the page. The server stays
// the authority: it fills the hidden fields itself and checks everything again (a form's captcha too:
// captcha-widget.tsx).
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { type PublicForm, publicFormTakes } from "~/lib/form-builder/availability";
import { CAPTCHA_ERROR_KEY, CAPTCHA_MESSAGE, CAPTCHA_PROVIDER_FACTS } from "~/lib/form-builder/captcha";
import type { FormField } from "~/lib/form-builder/definition";
import { chosenFileError, fileFieldsOf } from "~/lib/form-builder/files";
import {
  checkSubmission,
  fillPlaceholders,
  isRequired,
  type SubmittedValues,
  shownFields,
  stepsOf,
} from "~/lib/form-builder/submission";
import { BuiltFormField } from "./built-form-field";
import { CaptchaWidget } from "./captcha-widget";
import { Honeypot } from "./lead-client";
import { type Typed, useCaretBack } from "./typed-carry-over";

/** Tells the form's funnel (POST /api/forms/:id/events) what happened on this page; nothing else is sent. */
function funnelBeacon(formId: string, event: "view" | "start", page = location.pathname) {
  const body = new Blob([JSON.stringify({ event, page })], { type: "application/json" });
  navigator.sendBeacon?.(`/api/forms/${formId}/events`, body);
}

/** What /api/forms/:id answers a script. */
interface FormAnswer {
  ok: boolean;
  message?: string;
  redirect?: string;
  errors?: Record<string, string>;
}

const visible = (field: FormField) => field.type !== "hidden" && field.type !== "step";

export function BuiltForm({
  form,
  sourceSection,
  typed,
  live = false,
  label,
  page,
  onRedirect = (url) => window.location.assign(url),
  inlineMessages = false,
}: {
  form: PublicForm;
  /** The form's accessible name (the block's heading). */
  label: string;
  /** Names where the form sits, in the submission's attribution. */
  sourceSection: string;
  typed?: Typed;
  /** The running form (its code has loaded); the plain HTML form without. */
  live?: boolean;
  /** The page the form is on, when not this window's (an embedded form: the page around its frame). */
  page?: string;
  /** Goes where the form sends the visitor after a submission (default: this window). */
  onRedirect?: (url: string) => void;
  /** Says a refusal above the button, not in a toast (in a frame as tall as the form, a toast covers it). */
  inlineMessages?: boolean;
}) {
  const { definition } = form;
  // A file chosen in the plain form before the swap comes along; its field's value is the file's name.
  const [files, setFiles] = useState<Record<string, File | undefined>>(typed?.files ?? {});
  const [values, setValues] = useState<SubmittedValues>(() => ({
    ...typed?.values,
    ...Object.fromEntries(Object.entries(typed?.files ?? {}).map(([name, file]) => [name, file.name])),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState(0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  // Each send the server refused or that failed asks for a fresh captcha answer (the provider takes one once).
  const [captchaRound, setCaptchaRound] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const tell = (message: string) =>
    inlineMessages ? setRefusal(message) : showToast({ type: "error", message });
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const idPrefix = `form-${form.id.slice(0, 8)}`;

  useCaretBack(formRef, typed);
  // The funnel (cookieless counters): the running form was shown, and first touched.
  const started = useRef(false);
  useEffect(() => {
    if (live) funnelBeacon(form.id, "view", page);
  }, [live, form.id, page]);
  const onStart = () => {
    if (!live || started.current) return;
    started.current = true;
    funnelBeacon(form.id, "start", page);
  };
  useEffect(() => {
    if (sent !== null) sentRef.current?.focus();
  }, [sent]);
  // The field to put the keyboard on once it is on screen (a refusal may first bring back its step).
  const focusField = useRef<string | null>(null);
  useEffect(() => {
    const name = focusField.current;
    const control = name && formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`);
    if (!control) return;
    focusField.current = null;
    control.focus();
  });

  if (!publicFormTakes(form, new Date())) {
    return <p className="text-center text-slate-700">{form.closedMessage}</p>;
  }
  if (sent !== null) {
    return (
      <div ref={sentRef} tabIndex={-1} role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
        {sent}
      </div>
    );
  }

  const steps = stepsOf(definition);
  const shown = new Set(shownFields(definition, values).map((f) => f.name));
  // The plain form shows every field of every step; the running one the shown fields of the current step.
  const stepsShown = live ? [steps[step] ?? { title: "", fields: [] }] : steps;
  const last = !live || step >= steps.length - 1;

  const change = (name: string, next: string | string[]) => {
    setValues((current) => ({ ...current, [name]: next }));
    setErrors(({ [name]: _, ...rest }) => rest);
    setRefusal(null);
  };

  /** A file chosen (or removed): kept for every step, checked at once like the server will (type, size). */
  const chooseFile = (field: FormField, file: File | undefined) => {
    setFiles((current) => ({ ...current, [field.name]: file }));
    change(field.name, file?.name ?? "");
    const message = file ? chosenFileError(field, file) : undefined;
    if (message) setErrors((current) => ({ ...current, [field.name]: message }));
  };

  /** The form's check, and each chosen file's, for the fields `only` names (all when undefined). */
  const check = (only?: string[]) => {
    const checked = checkSubmission(definition, values, { only });
    const fileErrors: Record<string, string> = {};
    for (const field of fileFieldsOf(definition)) {
      const file = files[field.name];
      const message = file && Object.hasOwn(checked.values, field.name) && chosenFileError(field, file);
      if (message) fileErrors[field.name] = message;
    }
    const fieldErrors = { ...(checked.ok ? {} : checked.fieldErrors), ...fileErrors };
    return { values: checked.values, fieldErrors, ok: Object.keys(fieldErrors).length === 0 };
  };

  /** Shows the errors, on the step of the first one, and puts the keyboard on that field. */
  const showErrors = (fieldErrors: Record<string, string>) => {
    setErrors(fieldErrors);
    const first = definition.fields.find((f) => fieldErrors[f.name]);
    if (!first) return;
    const at = steps.findIndex((s) => s.fields.some((f) => f.name === first.name));
    if (at >= 0) setStep(at);
    focusField.current = first.name;
  };

  /** Goes to another step, the keyboard on its first field (the button that was pressed may be gone). */
  const goTo = (next: number) => {
    setStep(next);
    requestAnimationFrame(() =>
      formRef.current
        ?.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), select, textarea")
        ?.focus(),
    );
  };

  const next = () => {
    const names = (steps[step]?.fields ?? []).map((f) => f.name);
    const checked = check(names);
    if (!checked.ok) return showErrors(checked.fieldErrors);
    goTo(step + 1);
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!last) return next();
    const checked = check();
    if (!checked.ok) {
      tell("Please check the highlighted fields.");
      return showErrors(checked.fieldErrors);
    }
    // The honeypot, the time trap and the source fields, then every answer (those of other steps too), and the
    // file of each shown file field (multipart).
    const body = new FormData(event.currentTarget);
    for (const field of fileFieldsOf(definition)) body.delete(field.name);
    for (const [name, value] of Object.entries(checked.values)) {
      const file = files[name];
      if (definition.fields.some((f) => f.name === name && f.type === "file")) {
        if (file) body.set(name, file, file.name);
        continue;
      }
      body.delete(name);
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    }
    body.set("source_page", page ?? window.location.pathname + window.location.search);
    if (form.captcha && !body.get(CAPTCHA_PROVIDER_FACTS[form.captcha.provider].responseField)) {
      // The check is not done yet: said beside the button, nothing sent (the server would refuse it too).
      setErrors({ [CAPTCHA_ERROR_KEY]: CAPTCHA_MESSAGE });
      return;
    }
    setSending(true);
    setRefusal(null);
    let answer: FormAnswer | undefined;
    try {
      const response = await fetch(`/api/forms/${form.id}`, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      answer = (await response.json()) as FormAnswer;
    } catch {
      answer = undefined;
    }
    setSending(false);
    if (answer?.ok && answer.redirect) {
      onRedirect(answer.redirect);
      return;
    }
    if (answer?.ok) {
      setSent(answer.message ?? fillPlaceholders("Thank you!", checked.values));
      return;
    }
    // Refused or failed: everything typed stays.
    tell(answer?.message ?? "Something went wrong. Please try again.");
    if (answer?.errors) showErrors(answer.errors);
    // Refused answers were checked before the captcha, so its answer is still good; anything else may have used it.
    const fieldsRefused = Object.keys(answer?.errors ?? {}).some((key) => key !== CAPTCHA_ERROR_KEY);
    if (form.captcha && !fieldsRefused) setCaptchaRound((n) => n + 1);
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={`/api/forms/${form.id}`}
      // Files go as multipart, with or without the script.
      encType={fileFieldsOf(definition).length ? "multipart/form-data" : undefined}
      noValidate
      onSubmit={live ? onSubmit : undefined}
      onFocus={onStart}
      onInput={onStart}
      className="relative space-y-6"
      aria-label={label}
      data-built-form={form.id}
      // The running form says so (tests wait for it; the plain HTML form has no such mark).
      data-live={live ? "" : undefined}
    >
      <Honeypot idPrefix={idPrefix} />
      <input type="hidden" name="source_section" value={sourceSection} />
      {live && steps.length > 1 ? (
        <div>
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            Step {step + 1} of {steps.length}
            {steps[step]?.title ? `: ${steps[step]?.title}` : ""}
          </p>
          <div className="mt-2 h-1.5 rounded-full bg-slate-200" aria-hidden>
            <div
              className="h-1.5 rounded-full bg-brand-600"
              style={{ width: `${((step + 1) / steps.length) * 100}%` }}
            />
          </div>
        </div>
      ) : null}
      {stepsShown.map((part, index) => (
        <div key={part.title || index} className="space-y-4">
          {!live && part.title ? (
            <h3 className="text-lg font-semibold text-slate-900">{part.title}</h3>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            {part.fields
              .filter(visible)
              .map((field) =>
                live && !shown.has(field.name) ? null : (
                  <BuiltFormField
                    key={field.name}
                    field={field}
                    idPrefix={idPrefix}
                    value={values[field.name]}
                    onChange={live ? (next) => change(field.name, next) : undefined}
                    error={errors[field.name]}
                    required={live ? isRequired(field, values) : Boolean(field.required)}
                    file={files[field.name]}
                    onFile={live ? (file) => chooseFile(field, file) : undefined}
                  />
                ),
              )}
          </div>
        </div>
      ))}
      <p className="text-xs text-slate-600">Fields marked * are required.</p>
      {form.captcha && last ? (
        <CaptchaWidget
          captcha={form.captcha}
          live={live}
          round={captchaRound}
          error={errors[CAPTCHA_ERROR_KEY]}
          idPrefix={idPrefix}
          onSolved={() => setErrors(({ [CAPTCHA_ERROR_KEY]: _, ...rest }) => rest)}
        />
      ) : null}
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {live && step > 0 ? (
          <Button type="button" variant="outline" size="lg" onClick={() => goTo(step - 1)}>
            Back
          </Button>
        ) : null}
        <Button type="submit" size="lg" disabled={sending}>
          {!last ? "Next" : sending ? "Sending..." : definition.submitLabel}
        </Button>
      </div>
    </form>
  );
}
