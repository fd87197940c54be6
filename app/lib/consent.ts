// Cookie consent: the visitor's choice lives in a first-party cookie (not httpOnly) that only the browser reads.
// Pages render the same HTML for everyone, banner included, so shared caches and CDNs can never hand one visitor's
// choice to another; the browser hides the banner before the first paint when a choice exists (CONSENT_SCRIPT)
// and loads third-party scripts only after reading "accepted". POST /api/consent sets the same cookie for
// visitors without JavaScript; for them the banner keeps showing, as nothing can hide it without a script, and
// nothing third-party ever loads without JavaScript anyway.
const CONSENT_COOKIE = "cookie_consent";
export type Consent = "accepted" | "rejected";
const CONSENT_MAX_AGE = 60 * 60 * 24 * 365;

export function parseConsent(cookieHeader: string | null | undefined): Consent | null {
  const match = /(?:^|;\s*)cookie_consent=(accepted|rejected)(?:;|$)/.exec(cookieHeader ?? "");
  return (match?.[1] as Consent | undefined) ?? null;
}

/**
 * Runs in <head> before the body is painted: marks <html data-consent="…"> when a choice exists, and the
 * stylesheet hides the server-rendered banner under that mark (base.css), so returning visitors never see it flash.
 */
export const CONSENT_SCRIPT = `(function(){var m=/(?:^|;\\s*)${CONSENT_COOKIE}=(accepted|rejected)(?:;|$)/.exec(document.cookie);if(m)document.documentElement.setAttribute("data-consent",m[1])})();`;

/** Keeps the <html data-consent> mark in step with the choice (removed when the banner is reopened). */
export function markConsent(value: Consent | null) {
  if (value) document.documentElement.setAttribute("data-consent", value);
  else document.documentElement.removeAttribute("data-consent");
}

export function consentCookie(value: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
