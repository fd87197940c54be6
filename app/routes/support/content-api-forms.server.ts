// The content API's forms (/functions/v1/content-api/forms): GET /forms lists the forms that are not drafts, GET
// /forms/{id} answers one, both as the public definition (never routing, recipients, retention or refused domains);
// POST /forms/{id}/submissions sends answers as JSON through the same capture as a visitor's submission: refused
// answers are a 400 naming each field (`values.<name>`) with the form's own messages and store nothing, a closed or
// full form is a 409 with its closed message, and the limit counts per key. Reads are never cached: whether a form
// takes submissions changes with the clock and its count.
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from "~/db/sql-helpers.server";
import { formSubmissionSchema } from "~/lib/content-api-forms";
import type { ApiKeySummary } from "~/models/api-keys.server";
import { getApiForm, listApiForms, submitFormFromApi } from "~/models/content-api-forms.server";
import type { FormCaptureResult } from "~/models/form-responses.server";
import { apiError, fieldErrors, json, readJsonBody } from "./content-api-http.server";

export const FORMS_ALLOW = "GET, HEAD";
export const SUBMISSIONS_ALLOW = "POST";

const NO_FORM = "No form has this id (drafts are not in the API).";

/** GET /forms: every form that is not a draft, by name. */
export async function handleFormsGet(): Promise<Response> {
  return json({ data: await listApiForms() });
}

/** GET /forms/{id}: one form's public definition and whether it takes submissions now. */
export async function handleFormGet(id: string): Promise<Response> {
  const form = await getApiForm(id);
  return form ? json({ data: form }) : apiError(404, NO_FORM);
}

function refused(result: Exclude<FormCaptureResult, { ok: true }>): Response {
  switch (result.reason) {
    case "not-found":
      return apiError(404, NO_FORM);
    case "closed":
      // The form's own closed message: what a visitor would read in its place.
      return apiError(409, result.message);
    case "invalid": {
      const fields = Object.fromEntries(
        Object.entries(result.fieldErrors).map(([name, message]) => [`values.${name}`, [message]]),
      );
      return apiError(400, "Some answers were refused: see error.fields. Nothing was stored.", { fields });
    }
    case "rate-limited":
      return apiError(429, "Too many submissions with this API key. Try again later.", {
        headers: { "Retry-After": String(result.retryAfter) },
      });
    case "unavailable":
      return apiError(503, DATABASE_UNAVAILABLE_MESSAGE, {
        headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
      });
    default:
      return apiError(500, "Something went wrong. Please try again.");
  }
}

/** POST /forms/{id}/submissions: answers as JSON, stored as a lead like a visitor's (201), or refused. */
export async function handleSubmissionPost(
  request: Request,
  id: string,
  key: ApiKeySummary,
  ip: string,
): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = formSubmissionSchema.safeParse(body.value);
  if (!parsed.success) return apiError(400, "Invalid fields.", { fields: fieldErrors(parsed.error) });
  const result = await submitFormFromApi(id, parsed.data, key, ip);
  if (!result.ok) return refused(result);
  return json({ data: { message: result.message, redirect: result.redirect } }, 201);
}
