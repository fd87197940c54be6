// The contact page form (docs/product.md, Contact form). With JavaScript it checks the shared field rules,
// sends to /api/leads and shows toasts; without JavaScript it posts to the page's own action, which redirects a
// stored request to the page's confirmation (/contact?lead=ok) and renders a refused one with its message. Its
// labels, help texts, placeholders, button and success message are the team's (Forms → Contact form), passed in as
// data; its rules and error messages are the product's.
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, TextField } from "~/components/ui/field";
import { Select, Textarea } from "~/components/ui/input";
import { showToast } from "~/components/ui/toaster";
import type { ContactTexts } from "~/lib/builtin-forms";
import {
  CONTACT_FIELDS,
  CONTACT_MAX,
  checkForm,
  type FieldErrors,
  formValues,
  INTEREST_OPTIONS,
  type LeadResponse,
  MESSAGES,
} from "~/lib/lead-schema";
import { Honeypot } from "./honeypot";
import { postLead } from "./lead-client";
import { type Typed, useCaretBack } from "./typed-carry-over";

export function ContactForm({
  texts,
  result,
  sourceSection = "contact_page",
  typed,
}: {
  /** Its texts as the team wrote them (the defaults until then). */
  texts: ContactTexts;
  result?: LeadResponse & { status?: number };
  /** Names where the form sits, in the lead's attribution. */
  sourceSection?: string;
  /** On a page's contact block: what the visitor typed into the plain form this one replaces. */
  typed?: Typed;
}) {
  // Server-rendered outcome (no JavaScript): errors and kept values; a success (the confirmation page) renders
  // an empty form under the message. On a page's block, what was typed before this form's code had loaded.
  const kept: Record<string, string | undefined> =
    // The contact form has no checkbox group: every value it carries over is text.
    result && !result.ok ? (result.values ?? {}) : ((typed?.values ?? {}) as Record<string, string>);
  const [errors, setErrors] = useState<FieldErrors>(result?.errors ?? {});
  const [count, setCount] = useState((kept.message ?? "").length);
  const [submitting, setSubmitting] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [sentFromBrowser, setSentFromBrowser] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useCaretBack(formRef, typed);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = checkForm(CONTACT_FIELDS, formValues(new FormData(form)));
    if (!parsed.ok) {
      setErrors(parsed.fieldErrors);
      showToast({ type: "error", message: Object.values(parsed.fieldErrors)[0] ?? MESSAGES.required });
      focusFirstError(form, parsed.fieldErrors);
      return;
    }
    setErrors({});
    setSentFromBrowser(true);
    setSubmitting(true);
    const answer = await postLead(form, "contact");
    setSubmitting(false);
    if (answer?.body.ok) {
      showToast(answer.body.toast ?? { type: "success", message: texts.success });
      form.reset();
      setCount(0);
      setFormKey((k) => k + 1);
      return;
    }
    // Failure keeps everything the visitor typed.
    const fieldErrors = answer?.body.errors ?? {};
    setErrors(fieldErrors);
    showToast(answer?.body.toast ?? { type: "error", message: MESSAGES.contactFailure });
    focusFirstError(form, fieldErrors);
  }

  const serverNotice = result?.toast ? (
    <div
      role={result.ok ? "status" : "alert"}
      className={
        result.ok
          ? "rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900"
          : "rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
      }
    >
      {result.toast.message}
    </div>
  ) : null;

  const err = (name: string) => (name === "form" ? undefined : errors[name]);
  /** The props every text field of this form shares: id, name, texts, error and the kept value. */
  const field = (name: "name" | "email" | "organization", required: boolean) => ({
    id: `contact-${name}`,
    name,
    label: required ? `${texts[`${name}.label`]} *` : texts[`${name}.label`],
    hint: texts[`${name}.help`] || undefined,
    placeholder: texts[`${name}.placeholder`] || undefined,
    error: err(name),
    defaultValue: kept[name],
  });

  return (
    // A plain form (no router needed, so a page can carry it as static HTML): without JavaScript it posts to the
    // contact page's action; with it, onSubmit sends to /api/leads.
    <form
      ref={formRef}
      key={formKey}
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      aria-label="Contact form"
      className="relative space-y-5"
    >
      {sentFromBrowser ? null : serverNotice}
      <Honeypot idPrefix="contact" />
      <input type="hidden" name="source_section" value={sourceSection} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field("name", true)}
          autoComplete="name"
          maxLength={CONTACT_MAX.name}
          required
          aria-required="true"
        />
        <TextField
          {...field("email", true)}
          type="email"
          autoComplete="email"
          maxLength={CONTACT_MAX.email}
          required
          aria-required="true"
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field("organization", false)}
          autoComplete="organization"
          maxLength={CONTACT_MAX.organization}
        />
        <Field
          id="contact-interest"
          label={`${texts["interest.label"]} *`}
          hint={texts["interest.help"] || undefined}
          error={err("interest")}
        >
          {(aria) => (
            <Select
              {...aria}
              name="interest"
              required
              aria-required="true"
              defaultValue={kept.interest ?? ""}
            >
              <option value="">{texts["interest.placeholder"]}</option>
              {INTEREST_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field
        id="contact-message"
        label={`${texts["message.label"]} *`}
        hint={texts["message.help"] || undefined}
        error={err("message")}
        aside={
          <span id="contact-message-count" className="text-xs text-slate-600">
            {count}/{CONTACT_MAX.message}
          </span>
        }
      >
        {(aria) => (
          <Textarea
            {...aria}
            aria-describedby={[aria["aria-describedby"], "contact-message-count"].filter(Boolean).join(" ")}
            name="message"
            rows={6}
            maxLength={CONTACT_MAX.message}
            required
            aria-required="true"
            defaultValue={kept.message}
            placeholder={texts["message.placeholder"] || undefined}
            onInput={(e) => setCount(e.currentTarget.value.length)}
          />
        )}
      </Field>
      <p className="text-xs text-slate-600">Fields marked * are required.</p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
        {submitting ? "Sending..." : texts.submit}
      </Button>
    </form>
  );
}

function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  const first = Object.keys(errors).find((k) => k !== "form");
  if (!first) return;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
}
