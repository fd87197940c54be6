// The webinar registration form (webinar-definition.ts) as the integration tests use it: read as the server reads
// the editor's input, and the visit its submissions come from.
import { parseFormInput } from "~/infra/form-input.server";
import type { Attribution } from "~/lib/lead-schema";
import type { FormInput } from "~/models/forms.server";
import { WEBINAR_EDITOR_INPUT } from "./webinar-definition";

export { WEBINAR_DEFINITION, WEBINAR_EDITOR_INPUT, WEBINAR_FIELD_NAMES } from "./webinar-definition";

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
