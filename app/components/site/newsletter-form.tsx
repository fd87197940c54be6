// Footer newsletter signup, shown while newsletters are enabled in the settings. Stores one subscriber per
// address. Without JavaScript the form posts to /api/leads, which redirects back here with ?newsletter=<outcome>.
// It sits in the footer of every public page, so it keeps its own markup (same ids and aria wiring as the one
// Field) instead of ui/field.tsx: that would pull the class merger into the landing page's JavaScript, over its
// budget (ADR 011, tests/e2e/budget.spec.ts). Its errors still use the one FieldErrors type and checkForm. Its label,
// help text, placeholder, button and success message are the team's (Forms → Newsletter sign-up), passed in as data.
import { clsx } from "clsx";
import { useState } from "react";
import { useRouteLoaderData, useSearchParams } from "react-router";
import { showToast } from "~/components/ui/toaster";
import type { NewsletterTexts } from "~/lib/builtin-forms";
import { checkForm, type FieldErrors, formValues, NEWSLETTER_FIELDS } from "~/lib/lead-schema";
import type { loader as rootLoader } from "~/root";
import { Honeypot } from "./honeypot";
import { postLead } from "./lead-client";

/** What a page reloaded after a sign-up without JavaScript says under the form (a success: the form's own text). */
const NO_JS_OUTCOME: Record<string, { ok: boolean; text: string }> = {
  ok: { ok: true, text: "" },
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
  // The root's data is there whenever a page renders (every page has the root route).
  const texts = (useRouteLoaderData<typeof rootLoader>("root") as { newsletter: NewsletterTexts }).newsletter;
  const help = texts["email.help"];
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
      showToast({ type: "success", message: texts.success });
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
        {texts["email.label"]}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={255}
          placeholder={texts["email.placeholder"]}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={
            clsx(errors.email && `${idPrefix}-email-error`, help && `${idPrefix}-email-help`) || undefined
          }
          className="min-h-10 w-full min-w-0 rounded-lg border border-slate-600 bg-slate-900 px-3 text-sm text-white placeholder:text-slate-400"
        />
        <button
          type="submit"
          disabled={submitting}
          className="min-h-10 shrink-0 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {submitting ? "Sending..." : texts.submit}
        </button>
      </div>
      {help ? (
        <p id={`${idPrefix}-email-help`} className="mt-2 text-xs text-slate-300">
          {help}
        </p>
      ) : null}
      {errors.email ? (
        <p id={`${idPrefix}-email-error`} className="mt-2 text-sm text-red-300">
          {errors.email}
        </p>
      ) : null}
      {outcome ? (
        <p role="status" className={clsx("mt-2 text-sm", outcome.ok ? "text-green-300" : "text-red-300")}>
          {outcome.ok ? texts.success : outcome.text}
        </p>
      ) : null}
    </form>
  );
}
