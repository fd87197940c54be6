// POST /api/forms/:id: a visitor's submission of a form built in the back office (the form block of a page, or the
// form embedded on another site), with the files of its file fields (multipart, within the form's own body limit:
// 413 beyond it). Answers JSON to the running form; a plain form post (no JavaScript) gets a small page with the
// outcome and a way back, or the form's own redirect. The model checks and stores it
// (app/models/form-responses.server.ts). From another site only if the form lists it (ADR 058): 403 otherwise.
import { data, redirect } from "react-router";
import { DATABASE_UNAVAILABLE_MESSAGE } from "~/db/sql-helpers.server";
import { escapeHtml } from "~/infra/mail.server";
import { allowFraming, requestInfo } from "~/infra/request-context.server";
import { CAPTCHA_ERROR_KEY } from "~/lib/form-builder/captcha";
import { EMBED_SECTION, embeddingPage } from "~/lib/form-builder/embedding";
import {
  FORM_BODY_OVERHEAD,
  fileFieldsOf,
  formBodyLimit,
  MAX_FORM_BODY,
  maxFileMb,
} from "~/lib/form-builder/files";
import { formatBytes } from "~/lib/uploads";
import { captureFormResponse, type FormCaptureResult } from "~/models/form-responses.server";
import { type FormRow, formForSubmission } from "~/models/forms.server";
import { readFormBody } from "~/routes/support/form-body.server";
import { foreignOrigin } from "~/routes/support/form-origin.server";
import { rateLimitMessage, readAttribution, trapped } from "~/routes/support/lead-submission.server";
import type { Route } from "./+types/forms";

export function loader() {
  throw data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

const FAILED = "Your answers could not be sent. Please try again.";

interface Answer {
  status: number;
  body: { ok: boolean; message?: string; redirect?: string; errors?: Record<string, string> };
  headers?: Record<string, string>;
}

function answerOf(result: FormCaptureResult): Answer {
  if (result.ok)
    return { status: 200, body: { ok: true, message: result.message, redirect: result.redirect } };
  switch (result.reason) {
    case "not-found":
      return { status: 404, body: { ok: false, message: "This form does not exist (any more)." } };
    case "closed":
      return { status: 409, body: { ok: false, message: result.message } };
    case "invalid":
      return {
        status: 400,
        body: { ok: false, message: "Please check the highlighted fields.", errors: result.fieldErrors },
      };
    case "captcha":
      // Beside the button, where the check is (never a field's name); the form keeps what was typed.
      return {
        status: 400,
        body: { ok: false, message: result.message, errors: { [CAPTCHA_ERROR_KEY]: result.message } },
      };
    case "rate-limited":
      return {
        status: 429,
        body: { ok: false, message: rateLimitMessage(result.retryAfter) },
        headers: { "Retry-After": String(result.retryAfter) },
      };
    case "unavailable":
      return {
        status: 503,
        body: { ok: false, message: DATABASE_UNAVAILABLE_MESSAGE },
        headers: { "Retry-After": "30" },
      };
    default:
      return { status: 500, body: { ok: false, message: FAILED } };
  }
}

/** The outcome as a page of its own, for a browser without JavaScript: the message, the errors, a way back. */
function plainPage(request: Request, answer: Answer): Response {
  const back = (() => {
    const referer = request.headers.get("referer");
    try {
      const url = referer ? new URL(referer) : undefined;
      return url && url.origin === new URL(request.url).origin ? url.pathname + url.search : "/";
    } catch {
      return "/";
    }
  })();
  const errors = Object.values(answer.body.errors ?? {}).filter((e) => e !== answer.body.message);
  // Sent from a frame on another site: its page goes on in the whole window.
  const link = answer.body.redirect
    ? `<a href="${escapeHtml(answer.body.redirect)}" target="_top">Continue</a>`
    : `<a href="${escapeHtml(back)}">${answer.body.ok ? "Back to the page" : "Back to the form"}</a>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${answer.body.ok ? "Sent" : "Not sent"}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><main><p role="${answer.body.ok ? "status" : "alert"}">${escapeHtml(answer.body.message ?? "Thank you!")}</p>${errors.length > 0 ? `<ul>${errors.map((e) => `<li>${escapeHtml(e)}</li>`).join("")}</ul>` : ""}<p>${link}</p></main></body></html>`;
  return new Response(html, {
    status: answer.status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...answer.headers },
  });
}

/** A body over the form's limit: its files are larger than its fields take (only a browser without our script). */
function tooLarge(form: FormRow | undefined): Answer {
  const files = form ? fileFieldsOf(form.definition) : [];
  const message = files.length
    ? `The chosen file is too large for this form: it takes files of at most ${Math.max(...files.map(maxFileMb))} MB. Please go back and choose a smaller one.`
    : `The request is too large: send at most ${formatBytes(FORM_BODY_OVERHEAD)}.`;
  return { status: 413, body: { ok: false, message } };
}

/**
 * The form and its body limit. Should the form not be readable (the database away: `unreadable`), the largest any
 * form takes: the capture then reads the form again and answers why it cannot.
 */
async function formToRead(id: string): Promise<{ form?: FormRow; limit: number; unreadable?: true }> {
  try {
    const form = await formForSubmission(id);
    return { form, limit: form ? formBodyLimit(form.definition) : FORM_BODY_OVERHEAD };
  } catch {
    return { limit: MAX_FORM_BODY, unreadable: true };
  }
}

/** An embedded form's page on a listed site is where it was sent from (the site's own pages are paths). */
function withEmbeddingPage(sourcePage: string | undefined, allowed: readonly string[] | undefined) {
  const page = embeddingPage(sourcePage, allowed ?? []);
  return page ? { sourcePage: page } : {};
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ error: "Method Not Allowed" }, { status: 405 });
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const { form: formRow, limit, unreadable } = await formToRead(params.id);
  // Another site's post goes on only if the form lists it (an unreadable form lists nothing yet: 503), before
  // anything is read; a plain post from the embedded form then shows its answer in that frame, on those sites.
  const refused = foreignOrigin(request, formRow?.allowedOrigins);
  if (refused && unreadable) return reply(request, answerOf({ ok: false, reason: "unavailable" }), wantsJson);
  if (refused)
    return data({ ok: false, message: refused }, { status: 403, headers: { "Cache-Control": "no-store" } });
  allowFraming(context, formRow?.allowedOrigins ?? []);
  const read = await readFormBody(request, limit);
  if (!read.ok && read.reason === "too-large") return reply(request, tooLarge(formRow), wantsJson);
  if (!read.ok) return data({ ok: false, message: "Expected a form submission." }, { status: 400 });
  const { raw, files, form } = read;
  const text = (name: string) => (typeof raw[name] === "string" ? (raw[name] as string) : undefined);
  const result = await captureFormResponse({
    formId: params.id,
    form: formRow,
    raw,
    files,
    attribution: {
      ...readAttribution(request, {
        source_page: text("source_page"),
        source_section: text("source_section"),
      }),
      ...withEmbeddingPage(text("source_page"), formRow?.allowedOrigins),
    },
    client: requestInfo(context).ip,
    trap: trapped(form) ?? null,
  });
  const answer = answerOf(result);
  const embedded = text("source_section") === EMBED_SECTION;
  if (!wantsJson && answer.body.ok && answer.body.redirect && !embedded)
    throw redirect(answer.body.redirect, 303);
  return reply(request, answer, wantsJson);
}

/** The answer as JSON for the running form, or as a page of its own for a plain post. */
function reply(request: Request, answer: Answer, wantsJson: boolean) {
  if (!wantsJson) return plainPage(request, answer);
  return data(answer.body, {
    status: answer.status,
    headers: { "Cache-Control": "no-store", ...answer.headers },
  });
}
