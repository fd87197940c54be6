// The forms of the content API (docs/product.md, Content API): the forms visitors can meet (every form but the
// drafts) as their public definition, and a key holder's submission, which goes through the very capture a
// visitor's does (captureFormResponse: the same checks and messages, stored with what it sets off) but counts
// against a limit per key rather than per address, and says in its attribution that it came through the API.
import type { ApiFormJson, FormSubmissionJson } from "~/lib/content-api-forms";
import { type PublicForm, publicFormTakes } from "~/lib/form-builder/availability";
import type { Attribution } from "~/lib/lead-schema";
import { safeTextOrNull } from "~/lib/safe-text";
import type { ApiKeySummary } from "~/models/api-keys.server";
import { captureFormResponse, type FormCaptureResult } from "~/models/form-responses.server";
import { publicForms } from "~/models/forms.server";

/** Submissions one key may send per window, across the forms (docs/product.md, Rate limits). */
export const FORM_API_RATE_LIMIT = { limit: 100, windowSeconds: 600 };

/** The counter of a key's submissions. */
export const formApiLimitKey = (keyId: string) => `form-api:${keyId}`;

/** The section a submission through the API is stored under: the API, and which key (its visible start). */
export const apiSection = (key: Pick<ApiKeySummary, "keyStart">) => `content_api:${key.keyStart}`;

function toJson(form: PublicForm & { name: string }, now: Date): ApiFormJson {
  const { definition } = form;
  return {
    id: form.id,
    name: form.name,
    status: form.status as ApiFormJson["status"],
    accepting_submissions: publicFormTakes(form, now),
    opens_at: form.opensAt,
    closes_at: form.closesAt,
    full: form.full,
    closed_message: form.closedMessage,
    fields: definition.fields as ApiFormJson["fields"],
    submit_label: definition.submitLabel,
    success: definition.success,
  };
}

/** Every form that is not a draft, by name. */
export async function listApiForms(now = new Date()): Promise<ApiFormJson[]> {
  const forms = [...(await publicForms()).values()].filter((form) => form.status !== "draft");
  return forms.map((form) => toJson(form, now));
}

/** One form that is not a draft; undefined for a draft or an unknown id. */
export async function getApiForm(id: string, now = new Date()): Promise<ApiFormJson | undefined> {
  const form = (await publicForms([id])).get(id);
  return form ? toJson(form, now) : undefined;
}

/** JSON answers as a browser would have sent them: numbers as text, a ticked box "yes", nothing for none. */
function rawValues(values: FormSubmissionJson["values"]): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === false) continue;
    raw[name] = value === true ? "yes" : typeof value === "number" ? String(value) : value;
  }
  return raw;
}

/** The submission's attribution: what the sender says about where it was made, under the API's own section. */
function attributionOf(
  sent: FormSubmissionJson["attribution"],
  key: Pick<ApiKeySummary, "keyStart">,
): Attribution {
  const clip = (value: string | undefined) => safeTextOrNull(value, 500);
  return {
    sourcePage: clip(sent?.source_page),
    sourceSection: apiSection(key),
    referrer: clip(sent?.referrer),
    landingPage: clip(sent?.landing_page),
    utmSource: clip(sent?.utm_source),
    utmMedium: clip(sent?.utm_medium),
    utmCampaign: clip(sent?.utm_campaign),
    utmTerm: clip(sent?.utm_term),
    utmContent: clip(sent?.utm_content),
  };
}

/** Checks and stores a submission sent with `key` by the server at `client` (limited per key, not per address). */
export async function submitFormFromApi(
  formId: string,
  submission: FormSubmissionJson,
  key: Pick<ApiKeySummary, "id" | "keyStart">,
  client: string,
): Promise<FormCaptureResult> {
  return captureFormResponse({
    formId,
    raw: rawValues(submission.values),
    attribution: attributionOf(submission.attribution, key),
    client,
    // A key holder's server sends it: no honeypot or time trap to fall into, no captcha to complete.
    trap: null,
    captcha: "skip",
    limit: { key: formApiLimitKey(key.id), ...FORM_API_RATE_LIMIT },
  });
}
