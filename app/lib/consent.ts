// Cookie consent: the visitor's choice lives in a first-party cookie the server reads too, so pages render with
// or without the banner and third-party scripts load only after "accepted". The page cache keys on this cookie.
export const CONSENT_COOKIE = "cookie_consent";
export type Consent = "accepted" | "rejected";
export const CONSENT_MAX_AGE = 60 * 60 * 24 * 365;

export function parseConsent(cookieHeader: string | null | undefined): Consent | null {
  const match = /(?:^|;\s*)cookie_consent=(accepted|rejected)(?:;|$)/.exec(cookieHeader ?? "");
  return (match?.[1] as Consent | undefined) ?? null;
}

export function consentCookie(value: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
