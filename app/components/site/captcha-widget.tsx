// The captcha check of a built form that asks for one (Cloudflare Turnstile or hCaptcha), drawn inside the form so
// the answer the provider's widget adds (a hidden field) goes with the submission, by fetch or as a plain post.
// The plain HTML form carries the element the provider's script draws into by itself, and a small loader that
// inserts that script (its hash allows it, and it trusts the script in turn); the running form draws the check
// into its own element once the script is there, and asks for a fresh one after a refused or failed send. Only
// pages whose form asks for the check carry any of this. The server verifies the answer (captcha-settings.server.ts).
import { useEffect, useRef, useState } from "react";
import {
  CAPTCHA_FAILED_MARKER,
  CAPTCHA_MARKER,
  CAPTCHA_PROVIDER_FACTS,
  CAPTCHA_SCRIPT_MARKER,
  type CaptchaProvider,
  captchaLoader,
  type PublicCaptcha,
} from "~/lib/form-builder/captcha";

/** The part of both providers' browser API the running form uses (the same shape for both). */
interface CaptchaApi {
  render(container: HTMLElement, options: { sitekey: string; callback?: () => void }): string;
  reset(widgetId?: string): void;
  remove(widgetId: string): void;
}

const GLOBAL_NAME: Record<CaptchaProvider, string> = { turnstile: "turnstile", hcaptcha: "hcaptcha" };

const apiOf = (provider: CaptchaProvider) =>
  (window as unknown as Record<string, CaptchaApi | undefined>)[GLOBAL_NAME[provider]];

/** The provider's script, inserted once per page; the loader of the plain form may have inserted it already. */
function providerScript(provider: CaptchaProvider): HTMLScriptElement {
  const found = document.querySelector<HTMLScriptElement>(`script[${CAPTCHA_SCRIPT_MARKER}]`);
  if (found) return found;
  const script = document.createElement("script");
  script.src = CAPTCHA_PROVIDER_FACTS[provider].script;
  script.async = true;
  script.setAttribute(CAPTCHA_SCRIPT_MARKER, "");
  document.head.appendChild(script);
  return script;
}

/**
 * Draws the check into `ref` once the provider's script is there; `round` changing asks for a fresh one, and
 * `onSolved` hears of each answer.
 */
function useDrawnCheck(captcha: PublicCaptcha, round: number, live: boolean, onSolved?: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const widget = useRef<string | undefined>(undefined);
  const solved = useRef(onSolved);
  solved.current = onSolved;
  const [failed, setFailed] = useState(false);
  const { provider, siteKey } = captcha;
  useEffect(() => {
    const container = ref.current;
    if (!live || !container) return;
    let gone = false;
    const draw = () => {
      const api = apiOf(provider);
      if (gone || !api || widget.current !== undefined) return;
      widget.current = api.render(container, { sitekey: siteKey, callback: () => solved.current?.() });
    };
    if (apiOf(provider)) {
      draw();
    } else {
      const script = providerScript(provider);
      const fail = () => {
        script.setAttribute(CAPTCHA_FAILED_MARKER, "");
        if (!gone) setFailed(true);
      };
      if (script.hasAttribute(CAPTCHA_FAILED_MARKER)) fail();
      script.addEventListener("load", draw, { once: true });
      script.addEventListener("error", fail, { once: true });
    }
    return () => {
      gone = true;
      const id = widget.current;
      widget.current = undefined;
      if (id !== undefined) apiOf(provider)?.remove(id);
    };
  }, [live, provider, siteKey]);
  useEffect(() => {
    if (round > 0 && widget.current !== undefined) apiOf(provider)?.reset(widget.current);
  }, [round, provider]);
  return { ref, failed };
}

export function CaptchaWidget({
  captcha,
  live,
  round,
  error,
  idPrefix,
  onSolved,
}: {
  captcha: PublicCaptcha;
  /** The running form (its code has loaded); the plain HTML form without. */
  live: boolean;
  /** Grows after each send the server refused or that failed: the check is asked for again. */
  round: number;
  error?: string;
  idPrefix: string;
  /** The visitor completed the check (the running form clears its message). */
  onSolved?: () => void;
}) {
  const { ref, failed } = useDrawnCheck(captcha, round, live, onSolved);
  const facts = CAPTCHA_PROVIDER_FACTS[captcha.provider];
  const marker = { [CAPTCHA_MARKER]: captcha.provider };
  // The room the check takes once drawn, kept from the start so nothing moves; none once it cannot load.
  const height = failed ? "" : captcha.provider === "hcaptcha" ? "min-h-[78px]" : "min-h-[65px]";
  const errorId = `${idPrefix}-captcha-error`;
  return (
    <div className="space-y-2">
      {live ? (
        <div ref={ref} className={height} {...marker} />
      ) : (
        <>
          <div className={`${facts.widgetClass} ${height}`} data-sitekey={captcha.siteKey} {...marker} />
          <script
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours (the provider's loader), allowed by hash
            dangerouslySetInnerHTML={{ __html: captchaLoader(captcha.provider) }}
          />
        </>
      )}
      {failed ? (
        <p className="text-sm text-slate-700">
          The check could not be loaded. Please check your connection, or reload the page.
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
