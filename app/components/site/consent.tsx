// Cookie-consent banner and the third-party scripts it gates. Nothing from Google, Meta, Hotjar or the chat
// vendor is requested until the visitor accepts; the choice (accept or reject) is remembered in a cookie that
// only the browser reads: the server renders the banner for everyone (see ~/lib/consent for why). Works without
// JavaScript: the banner is a form posting to /api/consent.
import { createContext, useContext, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { type Consent, consentCookie, markConsent, parseConsent } from "~/lib/consent";
import type { TrackingSettings } from "./third-party-scripts";

interface ConsentState {
  consent: Consent | null;
  setConsent: (value: Consent | null) => void;
}

const ConsentContext = createContext<ConsentState>({ consent: null, setConsent: () => {} });

function useConsent() {
  return useContext(ConsentContext);
}

export function ConsentProvider({ children }: { children: React.ReactNode }) {
  // Unknown while hydrating (the server rendered the page for nobody in particular), then read from the cookie.
  const [consent, setConsentState] = useState<Consent | null>(null);
  useEffect(() => {
    setConsentState(parseConsent(document.cookie));
  }, []);
  const setConsent = (value: Consent | null) => {
    const secure = window.location.protocol === "https:";
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie the server reads too; no Cookie Store API in all browsers
    document.cookie = value
      ? consentCookie(value, secure)
      : "cookie_consent=; Path=/; Max-Age=0; SameSite=Lax";
    setConsentState(value);
    markConsent(value);
    // Scripts already loaded cannot be unloaded: withdrawing consent takes full effect on the next page load.
    if (consent === "accepted" && value !== "accepted") window.location.reload();
  };
  return <ConsentContext.Provider value={{ consent, setConsent }}>{children}</ConsentContext.Provider>;
}

export function ConsentBanner() {
  const { consent, setConsent } = useConsent();
  const location = useLocation();
  if (consent) return null;
  return (
    <section
      aria-label="Cookie consent"
      data-consent-banner=""
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-4px_24px_rgba(15,23,42,0.08)]"
    >
      <form
        method="post"
        action="/api/consent"
        className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8"
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          setConsent(submitter?.value === "accepted" ? "accepted" : "rejected");
        }}
      >
        <input type="hidden" name="redirect_to" value={location.pathname + location.search} />
        <p className="text-sm text-slate-700">
          We use cookies for analytics and our chat widget to improve the site. They load only if you accept;
          you can change your mind any time from the footer.
        </p>
        <div className="flex shrink-0 gap-2">
          <button
            type="submit"
            name="consent"
            value="rejected"
            className={buttonVariants({ variant: "outline" })}
          >
            Reject
          </button>
          <button type="submit" name="consent" value="accepted" className={buttonVariants()}>
            Accept
          </button>
        </div>
      </form>
    </section>
  );
}

/** A footer control to reopen the banner (withdraw or give consent). */
export function CookieSettingsButton({ className }: { className?: string }) {
  const { consent, setConsent } = useConsent();
  if (!consent) return null;
  return (
    <button type="button" className={className} onClick={() => setConsent(null)}>
      Cookie settings
    </button>
  );
}

/**
 * Loads analytics and the chat widget once consent is "accepted" (on load, or the moment it is given). `nonce`
 * must be the document's own (useDocumentNonce), or the browser refuses the chat widget's inline scripts.
 */
export function ThirdPartyScripts({ settings, nonce }: { settings: TrackingSettings; nonce: string }) {
  const { consent } = useConsent();
  useEffect(() => {
    // The loader is fetched only for visitors who accepted (ADR 021: nothing the first view does not need).
    if (consent !== "accepted") return;
    import("./third-party-scripts").then(
      (m) => m.loadTracking(settings, nonce),
      () => {},
    );
  }, [consent, settings, nonce]);
  return null;
}
