// POST /api/leads: the contact dialog, the demo request and the footer newsletter (and the contact form when the
// page submits with JavaScript). Answers JSON to scripts; a plain form post (no JavaScript) is redirected back to
// the page it came from with the outcome in the query, so it still works and the page can say what happened.
import { data, redirect } from "react-router";
import { requestInfo } from "~/infra/request-context.server";
import { LEAD_FORMS } from "~/lib/lead-status";
import { submitLead } from "~/routes/support/lead-submission.server";
import type { Route } from "./+types/leads";

export function loader() {
  throw data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

function backTo(request: Request, sourcePage: FormDataEntryValue | null, param: string, value: string) {
  const origin = new URL(request.url).origin;
  let target = new URL("/", origin);
  for (const candidate of [sourcePage, request.headers.get("referer")]) {
    if (typeof candidate !== "string" || !candidate) continue;
    try {
      const url = new URL(candidate, origin);
      if (url.origin === origin) {
        target = url;
        break;
      }
    } catch {
      // not a URL: try the next candidate
    }
  }
  target.searchParams.set(param, value);
  target.hash = param === "newsletter" ? "newsletter" : "";
  return redirect(target.pathname + target.search + target.hash, 303);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ error: "Method Not Allowed" }, { status: 405 });
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ ok: false, error: "Expected a form submission" }, { status: 400 });
  }
  const kindValue = String(form.get("kind") ?? "lead");
  const kind = LEAD_FORMS.find((k) => k === kindValue);
  if (!kind) return data({ ok: false, error: "Unknown form" }, { status: 400 });

  // A form the administrator turned off (Settings) is checked in the lead's own transaction.
  const outcome = await submitLead(kind, request, form, requestInfo(context).ip);
  if (outcome.status === 404) throw data({ ok: false, error: "Not Found" }, { status: 404 });
  const headers = { "Cache-Control": "no-store", ...outcome.headers };
  if (wantsJson) return data(outcome.body, { status: outcome.status, headers });

  const param = kind === "newsletter" ? "newsletter" : "lead";
  const value = outcome.status === 200 ? "ok" : outcome.status === 429 ? "rate-limited" : "error";
  return backTo(request, form.get("source_page"), param, value);
}
