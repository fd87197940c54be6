// POST /api/consent: remembers the cookie-consent choice. Scripts set the cookie themselves; this is the path a
// visitor without JavaScript takes (the banner is a plain form), redirected back to the page they were on.
import { data, redirect } from "react-router";
import { consentCookie } from "~/lib/consent";
import type { Route } from "./+types/consent";

/**
 * The return path when it stays on this site, else "/". Parsed the way a browser would read the Location header,
 * so spellings such as "/\evil.example" (browsers take the backslash for a slash) cannot leave the site.
 */
function sameOriginPath(back: string, origin: string): string {
  if (!back.startsWith("/")) return "/";
  try {
    const target = new URL(back, origin);
    return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : "/";
  } catch {
    return "/";
  }
}

export function loader() {
  throw data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const choice = form.get("consent");
  if (choice !== "accepted" && choice !== "rejected") {
    return data({ ok: false, error: "consent must be accepted or rejected" }, { status: 400 });
  }
  const url = new URL(request.url);
  const back = String(form.get("redirect_to") ?? "/");
  const target = sameOriginPath(back, url.origin);
  const cookie = consentCookie(choice, url.protocol === "https:");
  if ((request.headers.get("accept") ?? "").includes("application/json")) {
    return data(
      { ok: true, consent: choice },
      { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } },
    );
  }
  return redirect(target, { status: 303, headers: { "Set-Cookie": cookie } });
}
