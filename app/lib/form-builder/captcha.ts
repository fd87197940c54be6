// The captcha a built form can ask for (Cloudflare Turnstile or hCaptcha): what each provider needs on a page and
// from our server, in one place. A form asks for it only when an administrator has saved the provider's keys
// (Integrations → Captcha); the site key is public, the secret never leaves the server (captcha-settings.server.ts).
// Browser-safe.

export const CAPTCHA_PROVIDERS = ["turnstile", "hcaptcha"] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

export const isCaptchaProvider = (value: unknown): value is CaptchaProvider =>
  (CAPTCHA_PROVIDERS as readonly unknown[]).includes(value);

interface ProviderFacts {
  label: string;
  /** The provider's script, which draws the check into every element of `widgetClass` once loaded. */
  script: string;
  widgetClass: string;
  /** The form field the provider's widget adds with its answer (the token). */
  responseField: string;
  /** The provider's documented verification endpoint (CAPTCHA_VERIFY_URL replaces it in tests). */
  verifyUrl: string;
  /** The hosts a page showing the check must allow, by CSP directive (the provider's documented list). */
  csp: { script: string[]; frame: string[]; connect: string[]; style: string[] };
}

const HCAPTCHA_HOSTS = ["https://hcaptcha.com", "https://*.hcaptcha.com"];

export const CAPTCHA_PROVIDER_FACTS: Record<CaptchaProvider, ProviderFacts> = {
  turnstile: {
    label: "Cloudflare Turnstile",
    script: "https://challenges.cloudflare.com/turnstile/v0/api.js",
    widgetClass: "cf-turnstile",
    responseField: "cf-turnstile-response",
    verifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    csp: {
      script: ["https://challenges.cloudflare.com"],
      frame: ["https://challenges.cloudflare.com"],
      connect: ["https://challenges.cloudflare.com"],
      style: [],
    },
  },
  hcaptcha: {
    label: "hCaptcha",
    script: "https://js.hcaptcha.com/1/api.js",
    widgetClass: "h-captcha",
    responseField: "h-captcha-response",
    verifyUrl: "https://api.hcaptcha.com/siteverify",
    csp: { script: HCAPTCHA_HOSTS, frame: HCAPTCHA_HOSTS, connect: HCAPTCHA_HOSTS, style: HCAPTCHA_HOSTS },
  },
};

/** What a visitor's page needs to show the check: which provider, and its public site key. */
export interface PublicCaptcha {
  provider: CaptchaProvider;
  siteKey: string;
}

/** Said next to the button when the check was not done, or the provider refused it. */
export const CAPTCHA_MESSAGE = "Please complete the check before sending.";

/** The key of the check's error among a form's field errors: never a field's name (those are [a-z][a-z0-9_]*). */
export const CAPTCHA_ERROR_KEY = "captcha-check";

/**
 * The attribute naming the provider on the element the check is drawn in. The server reads it from a finished page
 * to allow that provider's hosts in the page's CSP, on that page only (server/security-headers.ts).
 */
export const CAPTCHA_MARKER = "data-captcha-provider";

/** Marks the provider's script once inserted, so it is inserted once per page; and when it failed to load. */
export const CAPTCHA_SCRIPT_MARKER = "data-captcha-script";
export const CAPTCHA_FAILED_MARKER = "data-captcha-failed";

/**
 * The text of the small inline script a page with the check carries right after it: it inserts the provider's
 * script, which draws the check in the plain form even before (or without) the form's own code. Allowed by its
 * hash, it makes the provider's script trusted in turn ('strict-dynamic'). The same text on every such page.
 */
export function captchaLoader(provider: CaptchaProvider): string {
  const src = JSON.stringify(CAPTCHA_PROVIDER_FACTS[provider].script);
  return `(function(){if(document.querySelector("script[${CAPTCHA_SCRIPT_MARKER}]"))return;var s=document.createElement("script");s.src=${src};s.async=true;s.setAttribute("${CAPTCHA_SCRIPT_MARKER}","");s.onerror=function(){s.setAttribute("${CAPTCHA_FAILED_MARKER}","")};document.head.appendChild(s)})()`;
}
