// Footer newsletter signup, shown while newsletters are enabled in the settings. Stores one subscriber per
// address. Without JavaScript the form posts to /api/leads, which redirects back here with ?newsletter=<outcome>.
// It sits in the footer of every public page, so it keeps its own markup (same ids and aria wiring as the one
// Field) instead of ui/field.tsx: that would pull the class merger into the landing page's JavaScript, over its
// budget (ADR 011, tests/e2e/budget.spec.ts). Its errors still use the one FieldErrors type and checkForm.
import { clsx } from "clsx";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { showToast } from "~/components/ui/toaster";
import { checkForm, type FieldErrors, formValues, MESSAGES, NEWSLETTER_FIELDS } from "~/lib/lead-schema";
import { Honeypot } from "./honeypot";
import { postLead } from "./lead-client";

const NO_JS_OUTCOME: Record<string, { ok: boolean; text: string }> = {
  ok: { ok: true, text: MESSAGES.newsletterSuccess },
  "rate-limited": { ok: false, text: "Too many submissions from your address. Please try again later." },
  error: { ok: false, text: "Please enter a valid email address and try again." },
};

/** `idPrefix` keeps ids unique when a page embeds a second form beside the footer's; `sourceSection` names it. */
export function NewsletterForm({
  idPrefix = "newsletter",
  sourceSection = "footer_newsletter",
}: {
  idPrefix?: string;
  sourceSection?: string;
} = {}) {
  const [params] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);
  const outcome = sent ? undefined : NO_JS_OUTCOME[params.get("newsletter") ?? ""];

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = checkForm(NEWSLETTER_FIELDS, formValues(new FormData(form)));
    setSent(true);
    if (!parsed.ok) {
      setErrors(parsed.fieldErrors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const answer = await postLead(form, "newsletter");
    setSubmitting(false);
    if (answer?.body.ok) {
      showToast({ type: "success", message: MESSAGES.newsletterSuccess });
      form.reset();
      return;
    }
    setErrors(answer?.body.errors ?? {});
    showToast(answer?.body.toast ?? { type: "error", message: "Subscription failed. Please try again." });
  }

  return (
    <form
      id={idPrefix}
      method="post"
      action="/api/leads"
      onSubmit={onSubmit}
      noValidate
      className="relative mt-6 max-w-xs"
      aria-label="Newsletter signup"
    >
      <input type="hidden" name="kind" value="newsletter" />
      <input type="hidden" name="source_section" value={sourceSection} />
      <Honeypot idPrefix={idPrefix} />
      <label htmlFor={`${idPrefix}-email`} className="text-sm font-semibold text-white">
        Get product news and revenue playbooks
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={255}
          placeholder="you@company.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${idPrefix}-email-error` : undefined}
          className="min-h-10 w-full min-w-0 rounded-lg border border-slate-600 bg-slate-900 px-3 text-sm text-white placeholder:text-slate-400"
        />
        <button
          type="submit"
          disabled={submitting}
          className="min-h-10 shrink-0 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {submitting ? "Sending..." : "Subscribe"}
        </button>
      </div>
      {errors.email ? (
        <p id={`${idPrefix}-email-error`} className="mt-2 text-sm text-red-300">
          {errors.email}
        </p>
      ) : null}
      {outcome ? (
        <p role="status" className={clsx("mt-2 text-sm", outcome.ok ? "text-green-300" : "text-red-300")}>
          {outcome.text}
        </p>
      ) : null}
    </form>
  );
}
