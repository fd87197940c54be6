// A public lead submission read from its request and answered (the contact page and POST /api/leads): the form
// validated by its kind's schema, the bot traps, the first-visit attribution cookie and the newsletter conversion
// cookie read here; the model (captureLead, app/models/leads.server.ts) stores it; its result becomes the status,
// toast and headers the form shows.
import { DATABASE_UNAVAILABLE_MESSAGE } from "~/db/sql-helpers.server";
import { env } from "~/env.server";
import {
  type ContactInput,
  LEAD_SCHEMAS,
  type LeadInput,
  type NewsletterInput,
} from "~/infra/lead-schema.server";
import { retryAfterText } from "~/infra/rate-limit.server";
import { parseForm } from "~/lib/forms";
import {
  ATTRIBUTION_COOKIE,
  type Attribution,
  ELAPSED_FIELD,
  formValues,
  HONEYPOT_FIELD,
  type LeadResponse,
  MESSAGES,
  UTM_KEYS,
} from "~/lib/lead-schema";
import type { LeadForm } from "~/lib/lead-status";
import { safeTextOrNull } from "~/lib/safe-text";
import { siteFormTexts } from "~/models/builtin-forms.server";
import { type CaptureResult, captureLead, type LeadSubmission } from "~/models/leads.server";
import { CONVERSION_COOKIE } from "~/models/newsletter-tracking.server";

/** A visitor's attribution value (from their cookie), safe to store and cut by code point; blank is null. */
const clip = (v: unknown, max = 500): string | null =>
  typeof v === "string" ? safeTextOrNull(v, max) : null;

/** A same-site path for "where the form was": absolute URLs of our own origin become paths, others are dropped. */
function sitePath(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return clip(url.pathname + url.search);
  } catch {
    return null;
  }
}

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return undefined;
}

/**
 * Attribution of one submission: the first-visit cookie (landing page, referrer, utm_*) plus where the form is
 * (source page and section from the form, else the Referer header).
 */
export function readAttribution(
  request: Request,
  form: { source_page?: string; source_section?: string },
): Attribution {
  const origin = new URL(request.url).origin;
  let first: Record<string, unknown> = {};
  const raw = readCookie(request, ATTRIBUTION_COOKIE);
  if (raw) {
    try {
      const parsed = JSON.parse(decodeURIComponent(raw));
      if (parsed && typeof parsed === "object") first = parsed as Record<string, unknown>;
    } catch {
      // A damaged or forged cookie only loses attribution, never the lead.
    }
  }
  const [utmSource, utmMedium, utmCampaign, utmTerm, utmContent] = UTM_KEYS.map((k) => clip(first[k], 200));
  return {
    sourcePage: sitePath(form.source_page, origin) ?? sitePath(request.headers.get("referer"), origin),
    sourceSection: clip(form.source_section, 100),
    referrer: clip(first.referrer),
    landingPage: clip(first.landing_page),
    utmSource: utmSource ?? null,
    utmMedium: utmMedium ?? null,
    utmCampaign: utmCampaign ?? null,
    utmTerm: utmTerm ?? null,
    utmContent: utmContent ?? null,
  };
}

export interface LeadOutcome {
  status: 200 | 400 | 404 | 429 | 500 | 503;
  body: LeadResponse;
  headers?: Record<string, string>;
}

function failureToast(kind: LeadForm, message?: string): NonNullable<LeadResponse["toast"]> {
  if (kind === "contact") return { type: "error", message: message ?? MESSAGES.contactFailure };
  if (kind === "lead")
    return { type: "error", title: MESSAGES.dialogFailureTitle, message: message ?? MESSAGES.dialogFailure };
  return { type: "error", message: message ?? "Subscription failed. Please try again." };
}

/** The success the form shows: its success message as the team wrote it (the product's by default). */
async function successToast(kind: LeadForm): Promise<NonNullable<LeadResponse["toast"]>> {
  const texts = await siteFormTexts();
  if (kind === "contact") return { type: "success", message: texts.contact.success };
  if (kind === "lead")
    return { type: "success", title: texts.dialog.successTitle, message: texts.dialog.success };
  return { type: "success", message: texts.newsletter.success };
}

/** True when the browser measured less than LEAD_MIN_FILL_MS (2 s) between the form becoming usable and submit. */
function tooFast(elapsed: FormDataEntryValue | null): boolean {
  if (typeof elapsed !== "string" || elapsed === "") return false;
  const ms = Number(elapsed);
  return Number.isFinite(ms) && ms < env().leadMinFillMs;
}

/**
 * Which bot trap a submission fell into, if any: bots fill the hidden field, or submit faster than a person can.
 * No elapsed time (no JavaScript) is not held against anyone.
 */
export function trapped(form: FormData): LeadSubmission["trap"] {
  if ((form.get(HONEYPOT_FIELD) ?? "") !== "") return { reason: "honeypot", elapsedMs: null };
  const elapsed = form.get(ELAPSED_FIELD);
  if (tooFast(elapsed)) return { reason: "too-fast", elapsedMs: Math.max(0, Math.round(Number(elapsed))) };
  return null;
}

/** The 429 wording, shared by every form. */
export function rateLimitMessage(retryAfter: number) {
  return `Too many submissions from your address. Please wait ${retryAfterText(retryAfter)} and try again.`;
}

/** The answer to a captured submission; `values` (what the visitor typed) come back with every refusal. */
async function answer(
  kind: LeadForm,
  result: CaptureResult,
  values: Record<string, string>,
): Promise<LeadOutcome> {
  if (result.ok) return { status: 200, body: { ok: true, toast: await successToast(kind) } };
  switch (result.reason) {
    // The administrator turned this form off (Settings): the routes answer 404, as for a page that is gone.
    case "form-off":
      return { status: 404, body: { ok: false, values, toast: failureToast(kind) } };
    case "rate-limited": {
      const message = rateLimitMessage(result.retryAfter);
      return {
        status: 429,
        body: { ok: false, values, errors: { form: message }, toast: failureToast(kind, message) },
        headers: { "Retry-After": String(result.retryAfter) },
      };
    }
    // Nothing was stored: say so, keep what the visitor typed, and invite a retry.
    case "unavailable":
      return {
        status: 503,
        body: {
          ok: false,
          values,
          errors: { form: DATABASE_UNAVAILABLE_MESSAGE },
          toast: failureToast(kind, DATABASE_UNAVAILABLE_MESSAGE),
        },
        headers: { "Retry-After": String(result.retryAfter) },
      };
    case "failed":
      return { status: 500, body: { ok: false, values, toast: failureToast(kind) } };
  }
}

/**
 * Validates one public submission, reads its request's attribution and conversion cookie and has the model store
 * it. Never throws: every failure becomes an answer the form can show, with the visitor's input kept.
 */
export async function submitLead(
  kind: LeadForm,
  request: Request,
  form: FormData,
  ip: string,
): Promise<LeadOutcome> {
  const values = formValues(form);
  delete values[HONEYPOT_FIELD];
  delete values[ELAPSED_FIELD];
  const parsed = parseForm<ContactInput | LeadInput | NewsletterInput>(LEAD_SCHEMAS[kind], formValues(form));
  if (!parsed.ok) {
    const first = Object.values(parsed.fieldErrors)[0];
    return {
      status: 400,
      body: { ok: false, errors: parsed.fieldErrors, values, toast: failureToast(kind, first) },
    };
  }
  const result = await captureLead({
    kind,
    input: parsed.data,
    attribution: readAttribution(request, parsed.data),
    client: ip,
    conversion: readCookie(request, CONVERSION_COOKIE),
    trap: trapped(form),
  } as LeadSubmission);
  return answer(kind, result, values);
}
