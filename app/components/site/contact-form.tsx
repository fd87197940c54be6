// The contact page form (docs/product.md, Contact form). With JavaScript it checks the shared field rules,
// sends to /api/leads and shows toasts; without JavaScript it posts to the page's own action, which renders
// the outcome.
import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label, Select, Textarea } from "~/components/ui/input";
import { showToast } from "~/components/ui/toaster";
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

export function ContactForm({ result }: { result?: LeadResponse & { status?: number } }) {
  // Server-rendered outcome (no JavaScript): errors and kept values; a success renders an empty form.
  const kept = result && !result.ok ? (result.values ?? {}) : {};
  const [errors, setErrors] = useState<FieldErrors>(result?.errors ?? {});
  const [count, setCount] = useState((kept.message ?? "").length);
  const [submitting, setSubmitting] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [sentFromBrowser, setSentFromBrowser] = useState(false);

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
      showToast(answer.body.toast ?? { type: "success", message: MESSAGES.contactSuccess });
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
  const describedBy = (name: string) => (errors[name] ? `contact-${name}-error` : undefined);

  return (
    <Form
      key={formKey}
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      aria-label="Contact form"
      className="relative space-y-5"
      reloadDocument
    >
      {sentFromBrowser ? null : serverNotice}
      <Honeypot idPrefix="contact" />
      <input type="hidden" name="source_section" value="contact_page" />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor="contact-name">Name *</Label>
          <Input
            id="contact-name"
            name="name"
            autoComplete="name"
            maxLength={CONTACT_MAX.name}
            required
            aria-required="true"
            defaultValue={kept.name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name")}
          />
          <FieldError id="contact-name-error">{err("name")}</FieldError>
        </div>
        <div>
          <Label htmlFor="contact-email">Email *</Label>
          <Input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={CONTACT_MAX.email}
            required
            aria-required="true"
            defaultValue={kept.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email")}
          />
          <FieldError id="contact-email-error">{err("email")}</FieldError>
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor="contact-organization">Organization</Label>
          <Input
            id="contact-organization"
            name="organization"
            autoComplete="organization"
            maxLength={CONTACT_MAX.organization}
            defaultValue={kept.organization}
            aria-invalid={errors.organization ? true : undefined}
            aria-describedby={describedBy("organization")}
          />
          <FieldError id="contact-organization-error">{err("organization")}</FieldError>
        </div>
        <div>
          <Label htmlFor="contact-interest">Interest *</Label>
          <Select
            id="contact-interest"
            name="interest"
            required
            aria-required="true"
            defaultValue={kept.interest ?? ""}
            aria-invalid={errors.interest ? true : undefined}
            aria-describedby={describedBy("interest")}
          >
            <option value="">Select your interest</option>
            {INTEREST_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
          <FieldError id="contact-interest-error">{err("interest")}</FieldError>
        </div>
      </div>
      <div>
        <div className="flex items-baseline justify-between">
          <Label htmlFor="contact-message">Message *</Label>
          <span id="contact-message-count" className="text-xs text-slate-600">
            {count}/{CONTACT_MAX.message}
          </span>
        </div>
        <Textarea
          id="contact-message"
          name="message"
          rows={6}
          maxLength={CONTACT_MAX.message}
          required
          aria-required="true"
          defaultValue={kept.message}
          onInput={(e) => setCount(e.currentTarget.value.length)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={
            [describedBy("message"), "contact-message-count"].filter(Boolean).join(" ") || undefined
          }
        />
        <FieldError id="contact-message-error">{err("message")}</FieldError>
      </div>
      <p className="text-xs text-slate-600">Fields marked * are required.</p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
        {submitting ? "Sending..." : "Send Message"}
      </Button>
    </Form>
  );
}

function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  const first = Object.keys(errors).find((k) => k !== "form");
  if (!first) return;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
}
