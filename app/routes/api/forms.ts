// POST /api/forms/:id: a visitor's submission of a form built in the back office (the form block of a page).
// Answers JSON to the running form; a plain form post (no JavaScript) gets a small page with the outcome and a way
// back, or the form's own redirect. The model checks and stores it (app/models/form-responses.server.ts).
import { data, redirect } from "react-router";
import { DATABASE_UNAVAILABLE_MESSAGE } from "~/db/sql-helpers.server";
import { escapeHtml } from "~/infra/mail.server";
import { requestInfo } from "~/infra/request-context.server";
import { CAPTCHA_ERROR_KEY } from "~/lib/form-builder/captcha";
import { captureFormResponse, type FormCaptureResult } from "~/models/form-responses.server";
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
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${answer.body.ok ? "Sent" : "Not sent"}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><main><p role="${answer.body.ok ? "status" : "alert"}">${escapeHtml(answer.body.message ?? "Thank you!")}</p>${errors.length > 0 ? `<ul>${errors.map((e) => `<li>${escapeHtml(e)}</li>`).join("")}</ul>` : ""}<p><a href="${escapeHtml(back)}">${answer.body.ok ? "Back to the page" : "Back to the form"}</a></p></main></body></html>`;
  return new Response(html, {
    status: answer.status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...answer.headers },
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ error: "Method Not Allowed" }, { status: 405 });
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ ok: false, message: "Expected a form submission." }, { status: 400 });
  }
  const raw: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name).filter((v): v is string => typeof v === "string");
    raw[name] = all.length === 1 ? (all[0] as string) : all;
  }
  const text = (name: string) => (typeof raw[name] === "string" ? (raw[name] as string) : undefined);
  const result = await captureFormResponse({
    formId: params.id,
    raw,
    attribution: readAttribution(request, {
      source_page: text("source_page"),
      source_section: text("source_section"),
    }),
    client: requestInfo(context).ip,
    trap: trapped(form) ?? null,
  });
  const answer = answerOf(result);
  if (!wantsJson && answer.body.ok && answer.body.redirect) throw redirect(answer.body.redirect, 303);
  if (!wantsJson) return plainPage(request, answer);
  return data(answer.body, {
    status: answer.status,
    headers: { "Cache-Control": "no-store", ...answer.headers },
  });
}
