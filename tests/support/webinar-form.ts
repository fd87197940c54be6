// The form the integration tests build: a webinar registration with a business e-mail, a select, a checkbox group
// with a conditional follow-up, a required consent and a hidden field filled from the visit's campaign.
import { parseFormInput } from "~/infra/form-input.server";
import type { Attribution } from "~/lib/lead-schema";
import type { FormInput } from "~/models/forms.server";

export const WEBINAR_DEFINITION = {
  fields: [
    { type: "text", name: "name", label: "Name", required: true },
    { type: "email", name: "work_email", label: "Work e-mail", required: true, businessOnly: true },
    {
      type: "select",
      name: "size",
      label: "Company size",
      options: [
        { value: "small", label: "1-50" },
        { value: "large", label: "51+" },
      ],
    },
    {
      type: "checkboxes",
      name: "topics",
      label: "Which topics?",
      options: [
        { value: "forecasting", label: "Forecasting" },
        { value: "other", label: "Other" },
      ],
    },
    {
      type: "textarea",
      name: "more",
      label: "Tell us more",
      showWhen: { field: "topics", operator: "equals", value: "other" },
      requireWhen: { field: "topics", operator: "equals", value: "other" },
    },
    {
      type: "consent",
      name: "consent",
      label: "I agree to be contacted.",
      required: true,
      linkUrl: "/privacy",
    },
    { type: "hidden", name: "campaign", label: "Campaign", source: "utm_campaign" },
  ],
  submitLabel: "Register",
  success: { kind: "message", message: "See you there, {name}!" },
};

/** The names of the webinar form's fields, in its order. */
export const WEBINAR_FIELD_NAMES = WEBINAR_DEFINITION.fields.map((field) => field.name);

/** What the form editor sends for the webinar form, as a draft with every optional setting left blank. */
export const WEBINAR_EDITOR_INPUT = {
  name: "Webinar registration",
  status: "draft",
  opensAt: "",
  closesAt: "",
  maxSubmissions: "",
  closedMessage: "",
  definition: WEBINAR_DEFINITION,
};

/** The editor's input for the webinar form with `overrides`, read as the server reads it (throws if refused). */
export function webinarInput(overrides: Record<string, unknown> = {}): FormInput {
  const parsed = parseFormInput({ ...WEBINAR_EDITOR_INPUT, ...overrides });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.form;
}

/** A visit from the campaign page, as a submission's attribution. */
export const WEBINAR_VISIT: Attribution = {
  sourcePage: "/lp/webinar",
  sourceSection: "page_b1",
  referrer: null,
  landingPage: "/lp/webinar?utm_campaign=spring",
  utmSource: null,
  utmMedium: null,
  utmCampaign: "spring",
  utmTerm: null,
  utmContent: null,
};
