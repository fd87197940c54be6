import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { useEffect } from "react";
import { preload } from "react-dom";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { ConsentBanner, ConsentProvider, ThirdPartyScripts } from "~/components/site/consent";
import { PageViewBeacon } from "~/components/site/page-view-beacon";
import { Stylesheet } from "~/components/ui/stylesheet";
import { Toaster } from "~/components/ui/toaster";
import { env } from "~/env.server";
import { requestInfo } from "~/infra/request-context.server";
import { CONSENT_SCRIPT } from "~/lib/consent";
import { isEmbedPath } from "~/lib/form-builder/embedding";
import { ATTRIBUTION_COOKIE } from "~/lib/lead-schema";
import { routedPath } from "~/lib/routed-path";
import { SITE_HEAD_DEFAULTS } from "~/lib/site-defaults";
import { keepDataOnTabChange } from "~/lib/url-tab";
import { siteFormTexts } from "~/models/builtin-forms.server";
import { getSettings } from "~/models/settings.server";
import type { Route } from "./+types/root";
import backOfficeStylesheet from "./app.css?url";
import siteStylesheet from "./site.css?url";

// Nothing here depends on the visitor (no cookie is read): public pages are cached and shared as they are. The
// newsletter sign-up's texts (Forms) are here beside the setting that shows it, for the footer's form and the block's.
// `embedded`: a form in another website's frame (ADR 058), which carries neither the consent banner nor our
// tracking (App); judged on the path the router matches, as the server does.
export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, forms] = await Promise.all([getSettings(), siteFormTexts()]);
  const { baseUrl, productSignupUrl } = env();
  const embedded = isEmbedPath(routedPath(new URL(request.url).pathname));
  return data({
    settings,
    newsletter: forms.newsletter,
    baseUrl,
    productSignupUrl,
    nonce: requestInfo(context).nonce,
    embedded,
  });
}

/** Switching a back-office tab changes only `?tab=`: nothing to load again (app/lib/url-tab.ts). */
export const shouldRevalidate = keepDataOnTabChange;

let documentNonce: string | undefined;

/**
 * The CSP nonce of the document the browser loaded, or undefined: public pages have none (their policy names
 * their inline scripts by hash, so a cached page is the same for everyone). A back-office answer gets a fresh
 * nonce, and the root loader runs again on revalidations (after a form post, a fetcher), but the document's CSP
 * keeps the first one: scripts created later must carry that one, so the browser remembers the value it
 * hydrated with.
 */
function useDocumentNonce(): string | undefined {
  const nonce = useRouteLoaderData<typeof loader>("root")?.nonce ?? "";
  if (typeof document === "undefined") return nonce || undefined;
  if (documentNonce === undefined && nonce) documentNonce = nonce;
  return documentNonce || nonce || undefined;
}

// Lead attribution: on the visitor's first page view, remember the landing page, an external referrer and the
// utm_* parameters in a first-party cookie that only our server reads when a lead is sent. A script rather than a
// Set-Cookie header, so every public page stays cacheable. Never overwritten: first touch. UTM values are cut by
// code point: half an emoji would make encodeURIComponent throw and lose the whole cookie.
const ATTRIBUTION_SCRIPT = `(function(){try{var n=${JSON.stringify(ATTRIBUTION_COOKIE)};if(new RegExp("(^|;\\s*)"+n+"=").test(document.cookie))return;var q=new URLSearchParams(location.search),a={landing_page:(location.pathname+location.search).slice(0,500)},r=document.referrer;if(r&&new URL(r).origin!==location.origin)a.referrer=r.slice(0,500);["utm_source","utm_medium","utm_campaign","utm_term","utm_content"].forEach(function(k){var v=q.get(k);if(v)a[k]=Array.from(v).slice(0,200).join("")});document.cookie=n+"="+encodeURIComponent(JSON.stringify(a))+"; Path=/; Max-Age=7776000; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")}catch(e){}})();`;

/**
 * The public site: every page but the back office and its sign-in pages, which carry no visitor tracking and no
 * consent banner and have a stylesheet of their own. Judged on the decoded path, as the router matches it and the
 * server's `isBackOfficePath` judges it ("/%61dmin/contacts" is the back office); the browser has already resolved
 * dot segments, so decoding the escapes is all this check needs to ship.
 */
function isPublicPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // a malformed escape: judged as sent, as the router would fail to match it anyway
  }
  return !path.toLowerCase().startsWith("/admin");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useDocumentNonce();
  // Public pages carry only the public site's utilities (site.css); a navigation across the line loads the other
  // stylesheet (the key makes the element new, so it links the file rather than keeping the inlined text).
  const { pathname } = useLocation();
  const stylesheet = isPublicPath(pathname) ? siteStylesheet : backOfficeStylesheet;
  // Only the server's HTML differs for an embedded form (see below), so the browser's bundle carries no check.
  const embedded = import.meta.env.SSR && isEmbedPath(routedPath(pathname));
  // Marks a page React has hydrated (its scripts start after the first paint, ADR 021): what the end-to-end tests
  // wait for before using what needs JavaScript.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  // Inter's Latin subset (the one our pages use) is requested with the document rather than after the
  // stylesheet is read; until it arrives, text shows in the metric-matched fallback (base.css), then swaps.
  preload(interLatin, { as: "font", type: "font/woff2" });
  return (
    // The head script may mark <html data-consent> before React hydrates: an expected difference.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Stylesheet key={stylesheet} href={stylesheet} />
        <Links />
        {/* Both run once, from the server's HTML, before the first paint; the browser's bundle leaves them out
            (hydration keeps the server's script as it is). An embedded form has neither: no banner to mark, and no
            visit of ours to attribute. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: constant scripts of ours, allowed by hash or nonce
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR && !embedded ? CONSENT_SCRIPT + ATTRIBUTION_SCRIPT : "",
          }}
        />
      </head>
      <body className="min-h-dvh">
        {children}
        <Toaster />
        {/* A frame on another site may not reach this site's storage (scroll restoration's script would throw
            there), and has nowhere to scroll back to: an empty script in its place, which hydration leaves as it is
            (the client's scroll restoration catches what its storage refuses). */}
        {embedded ? <script nonce={nonce} suppressHydrationWarning /> : <ScrollRestoration nonce={nonce} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const nonce = useDocumentNonce();
  const isPublic = isPublicPath(pathname) && !loaderData.embedded;
  const s = loaderData.settings;
  return (
    <ConsentProvider>
      <Outlet />
      {isPublic ? (
        <>
          <ConsentBanner />
          <PageViewBeacon />
          <ThirdPartyScripts
            nonce={nonce ?? ""}
            settings={{
              googleAnalyticsId: s.googleAnalyticsId,
              facebookPixelId: s.facebookPixelId,
              hotjarId: s.hotjarId,
              chatEnabled: s.chatEnabled,
              chatWidget: s.chatWidget,
            }}
          />
        </>
      ) : null}
    </ConsentProvider>
  );
}

/** Site-wide head tags from the settings; pages add their own title and description on top (siteMeta). */
export function meta({ loaderData }: Route.MetaArgs) {
  const s = loaderData?.settings;
  const title = s?.siteTitle ?? SITE_HEAD_DEFAULTS.siteTitle;
  const description = s?.siteDescription ?? "";
  const tags: Route.MetaDescriptors = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: s?.metaKeywords ?? "" },
    { property: "og:site_name", content: title },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: s?.ogImage ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (s?.ogImage) {
    const image = absoluteUrl(s.ogImage, loaderData?.baseUrl ?? "");
    tags.push(
      { property: "og:image", content: image },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { name: "twitter:image", content: image },
    );
  }
  return tags;
}

function absoluteUrl(url: string, base: string): string {
  try {
    return new URL(url, `${base}/`).toString();
  } catch {
    return url;
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let status = 500;
  let detail = "Something went wrong on our side. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail = error.status === 404 ? "The page you asked for does not exist." : error.statusText || detail;
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
  }
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="text-lg font-semibold text-slate-700">{status}</p>
      <p className="text-slate-700">{detail}</p>
      {import.meta.env.DEV && error instanceof Error && error.stack ? (
        <pre className="max-w-full overflow-auto rounded bg-slate-100 p-4 text-left text-xs">
          {error.stack}
        </pre>
      ) : null}
      <a href="/" className="font-semibold text-brand-700 underline">
        Return to Home
      </a>
    </main>
  );
}
