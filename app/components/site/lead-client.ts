// Browser side of lead capture: sends a form to /api/leads and reads the JSON answer. A network failure or an
// answer that is not ours (proxy error page) comes back as null, so the form can keep its data and say so.
import type { LeadResponse } from "~/lib/lead-schema";

// The bot traps every lead form carries, from here for a form that sends elsewhere (a built form): the bundler then
// keeps the two in the one chunk the site's pages load, rather than giving the honeypot a chunk of its own once the
// embedded form's page (ADR 058) reaches it (the landing page's JavaScript budget, ADR 011).
export { Honeypot } from "./honeypot";

export async function postLead(
  form: HTMLFormElement,
  kind: "contact" | "lead" | "newsletter",
): Promise<{ status: number; body: LeadResponse } | null> {
  const body = new FormData(form);
  body.set("kind", kind);
  if (!body.get("source_page")) body.set("source_page", window.location.pathname + window.location.search);
  try {
    const response = await fetch("/api/leads", {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    const json = (await response.json()) as LeadResponse;
    if (typeof json !== "object" || json === null || typeof json.ok !== "boolean") return null;
    return { status: response.status, body: json };
  } catch {
    return null;
  }
}
