// Asks the captcha provider whether a visitor's answer (the token its widget put in the form) is good: a POST to the
// provider's documented siteverify endpoint with our secret, the token and the visitor's address, answered with
// JSON whose `success` says yes or no. CAPTCHA_VERIFY_URL replaces the endpoint (tests run a server of their own).
//
// Three outcomes, because they lead to different things (app/models/captcha-settings.server.ts): "passed";
// "refused" (the provider says this visitor's answer is missing, wrong, expired or used); and "unchecked" (no answer
// within the timeout, an error status, something that is not its JSON, or a refusal that names our own keys rather
// than the visitor's answer). An unchecked submission is held for review, never lost.
import { env } from "~/env.server";
import { CAPTCHA_PROVIDER_FACTS, type CaptchaProvider } from "~/lib/form-builder/captcha";
import { logger } from "./logger.server";

/** How long a visitor's submission waits for the provider at most. */
export const CAPTCHA_TIMEOUT_MS = 5000;

export type CaptchaVerdict = "passed" | "refused" | "unchecked";

/**
 * Error codes that are about our configuration or the provider itself, not the visitor's answer (both providers'
 * documented codes): the visitor did nothing wrong, so the submission is held rather than refused.
 */
const NOT_THE_VISITORS = new Set([
  "missing-input-secret",
  "invalid-input-secret",
  "sitekey-secret-mismatch",
  "internal-error",
]);

export interface CaptchaCheck {
  provider: CaptchaProvider;
  secret: string;
  token: string;
  /** The visitor's address (sent as `remoteip`); empty: not sent. */
  remoteIp: string;
  timeoutMs?: number;
}

/** The endpoint the check is sent to: CAPTCHA_VERIFY_URL, else the provider's own. */
export const verifyUrlOf = (provider: CaptchaProvider) =>
  env().captchaVerifyUrl ?? CAPTCHA_PROVIDER_FACTS[provider].verifyUrl;

export async function verifyCaptchaToken(check: CaptchaCheck): Promise<CaptchaVerdict> {
  const body = new URLSearchParams({ secret: check.secret, response: check.token });
  if (check.remoteIp) body.set("remoteip", check.remoteIp);
  const url = verifyUrlOf(check.provider);
  let answer: unknown;
  try {
    const response = await fetch(url, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(check.timeoutMs ?? CAPTCHA_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      logger.warn({ provider: check.provider, status: response.status }, "captcha check answered an error");
      return "unchecked";
    }
    answer = await response.json();
  } catch (error) {
    // The error's name and message only: the request's body holds the secret.
    const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
    logger.warn({ provider: check.provider, error: { name, message } }, "captcha check could not be made");
    return "unchecked";
  }
  const result = (typeof answer === "object" && answer !== null ? answer : {}) as Record<string, unknown>;
  if (result.success === true) return "passed";
  if (result.success !== false) {
    logger.warn(
      { provider: check.provider },
      "captcha check answered something other than the provider's JSON",
    );
    return "unchecked";
  }
  const codes = Array.isArray(result["error-codes"]) ? result["error-codes"].map(String) : [];
  if (codes.some((code) => NOT_THE_VISITORS.has(code))) {
    logger.error(
      { provider: check.provider, codes },
      "captcha check failed on our side (are the keys under Integrations → Captcha right?)",
    );
    return "unchecked";
  }
  return "refused";
}
