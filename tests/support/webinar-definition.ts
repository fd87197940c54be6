// The form the tests and the form-submissions benchmark build: a webinar registration with a business e-mail, a
// select, a checkbox group with a conditional follow-up, a required consent and a hidden field filled from the
// visit's campaign. Plain data with no imports, so a benchmark script run by Node alone can load it.
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
