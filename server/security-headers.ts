// Security headers for every response, from one list (securityHeaders): no MIME sniffing, no framing (but for an
// embedded form's answers, framed by the sites its form lists: server/react-router-handler.ts), a strict
// referrer, a restrictive Permissions-Policy, the legacy XSS auditor off and HSTS on https; and the
// Content-Security-Policy of documents. A public page's policy names its inline scripts by their SHA-256 hashes
// with 'strict-dynamic' (scripts those load are trusted in turn), so a cached page is the same bytes for every
// visitor (docs/decisions/041-one-hit-path.md); the back office's pages, never cached, carry a per-answer nonce
// and no third-party host. Third-party hosts are listed only for the analytics and chat settings that are on, and
// a captcha provider's only on the pages that show its check.
import { createHash, randomBytes } from "node:crypto";
import { onContentChanged } from "~/infra/content-version.server";
import { logger } from "~/infra/logger.server";
import {
  CAPTCHA_MARKER,
  CAPTCHA_PROVIDER_FACTS,
  CAPTCHA_PROVIDERS,
  type CaptchaProvider,
} from "~/lib/form-builder/captcha";
import type { Settings } from "~/lib/settings";
import { getSettings } from "~/models/settings.server";

export interface CspSources {
  script: string[];
  style: string[];
  connect: string[];
  img: string[];
  font: string[];
  frame: string[];
}

export const none = (): CspSources => ({ script: [], style: [], connect: [], img: [], font: [], frame: [] });

/** Video hosts the academy and showcase embed (see toEmbedUrl / isEmbedVideo in ~/lib/embed). */
const VIDEO_FRAMES = [
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
];

function add(target: CspSources, extra: Partial<CspSources>) {
  for (const key of Object.keys(extra) as (keyof CspSources)[]) target[key].push(...(extra[key] ?? []));
}

/** https origins mentioned in an embed snippet (script src, loader URLs inside inline code, iframes). */
export function originsInSnippet(code: string): string[] {
  const origins = new Set<string>();
  for (const match of code.matchAll(/https:\/\/[a-z0-9.-]+(?::\d+)?/gi)) {
    try {
      const url = new URL(match[0]);
      // A bare "https://" or a single-label host is not a real third party.
      if (url.hostname.includes(".")) origins.add(url.origin.toLowerCase());
    } catch {
      // not a URL: ignore
    }
  }
  return [...origins].sort();
}

/** A script's text as the browser hashes it: the HTML parser turns CR LF and lone CR into LF. */
function scriptHash(text: string): string {
  const digest = createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64");
  return `'sha256-${digest}'`;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP hash sources of every inline script in an HTML text (those with a `src` run a file, not their text).
 * Scripts that are not run as they stand (a held module script, a JSON-LD block) are hashed too: the held one is
 * run later as a copy of its text, and an extra hash allows nothing new.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (!/\ssrc\s*=/i.test(attributes) && text) hashes.add(scriptHash(text));
  }
  return [...hashes];
}

const CAPTCHA_WIDGET = new RegExp(`<div\\b[^>]*\\s${CAPTCHA_MARKER}="(${CAPTCHA_PROVIDERS.join("|")})"`, "g");

/**
 * The sources a finished page needs for the captcha checks it shows (a built form that asks for one marks the
 * element the check is drawn in with its provider): that provider's documented hosts, on that page only. The
 * provider's script itself is inserted by the page's own hashed loader, so 'strict-dynamic' trusts it; its frames
 * and requests need the hosts.
 */
export function captchaSourcesIn(html: string): CspSources {
  const sources = none();
  const providers = new Set([...html.matchAll(CAPTCHA_WIDGET)].map((m) => m[1] as CaptchaProvider));
  for (const provider of providers) add(sources, CAPTCHA_PROVIDER_FACTS[provider].csp);
  return sources;
}

/** Two lists of sources as one (neither is changed). */
export function joinSources(a: CspSources, b: CspSources): CspSources {
  const joined = none();
  add(joined, a);
  add(joined, b);
  return joined;
}

/** The third-party sources the configured analytics and chat settings need; nothing when none is set. */
export function thirdPartySources(settings: Settings): CspSources {
  const sources = none();
  if (settings.googleAnalyticsId.trim()) {
    add(sources, {
      script: ["https://www.googletagmanager.com"],
      connect: [
        "https://www.google-analytics.com",
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
        "https://www.googletagmanager.com",
      ],
      img: ["https://www.google-analytics.com", "https://www.googletagmanager.com"],
    });
  }
  if (settings.facebookPixelId.trim()) {
    add(sources, {
      script: ["https://connect.facebook.net"],
      connect: ["https://www.facebook.com", "https://connect.facebook.net"],
      img: ["https://www.facebook.com"],
    });
  }
  if (settings.hotjarId.trim()) {
    add(sources, {
      script: ["https://static.hotjar.com", "https://script.hotjar.com"],
      style: ["https://static.hotjar.com"],
      connect: ["https://*.hotjar.com", "https://*.hotjar.io", "wss://*.hotjar.com"],
      img: ["https://*.hotjar.com"],
      font: ["https://script.hotjar.com"],
      frame: ["https://vars.hotjar.com"],
    });
  }
  if (settings.chatEnabled && settings.chatWidget.trim()) {
    const origins = originsInSnippet(settings.chatWidget);
    const sockets = origins.map((o) => o.replace(/^https:/, "wss:"));
    add(sources, {
      // Its inline scripts are re-created by ours (third-party-scripts.ts) and allowed by their hashes.
      script: [...origins, ...inlineScriptHashes(settings.chatWidget)],
      style: origins,
      connect: [...origins, ...sockets],
      img: origins,
      font: origins,
      frame: origins,
    });
  }
  return sources;
}

const unique = (list: string[]) => [...new Set(list)];

/**
 * The policy of a document: its scripts allowed by `nonce` (a back-office answer) or by `hashes` of its inline
 * scripts with 'strict-dynamic' (a public page, the same for every visitor; 'self' and the hosts stay for browsers
 * without 'strict-dynamic', which ignore it). No frame may show it, unless `frameAncestors` is given (an embedded
 * form, ADR 058): then our own pages and those origins may.
 */
export function contentSecurityPolicy(
  options: { https: boolean; sources: CspSources; frameAncestors?: readonly string[] | null } & (
    | { nonce: string }
    | { hashes: string[] }
  ),
): string {
  const { https, sources, frameAncestors } = options;
  const trusted = "nonce" in options ? [`'nonce-${options.nonce}'`] : [...options.hashes, "'strict-dynamic'"];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...trusted, ...sources.script]],
    // Inline style attributes (React's style prop, the toaster's injected styles) are low risk; scripts are not.
    ["style-src", ["'self'", "'unsafe-inline'", ...sources.style]],
    // Editors may point images and media at any https host (thumbnails, showcase, Open Graph).
    ["img-src", ["'self'", "data:", "blob:", "https:", ...sources.img]],
    ["media-src", ["'self'", "blob:", "https:"]],
    ["font-src", ["'self'", "data:", ...sources.font]],
    ["connect-src", ["'self'", ...sources.connect]],
    ["frame-src", [...VIDEO_FRAMES, ...sources.frame]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", frameAncestors ? ["'self'", ...frameAncestors] : ["'none'"]],
  ];
  const policy = directives.map(([name, values]) => `${name} ${unique(values).join(" ")}`);
  if (https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** A fresh CSP nonce (16 random bytes, base64: 24 characters), unique to one back-office answer. */
export function freshNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The policy of JSON answers (the content API): they run no script and load nothing, so nothing is allowed and
 * no nonce is needed.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=()";

/**
 * The one list of headers every response carries, documents, files and cache hits alike (the CSP is added for
 * documents). A cached page replays the headers its render was sent with, so a header added here is on every
 * answer, hit or miss (server/security-headers.int.test.ts).
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": PERMISSIONS_POLICY,
  "Cross-Origin-Opener-Policy": "same-origin",
  // Old browsers' XSS auditor could be abused to blank or probe pages; the CSP is the protection now.
  "X-XSS-Protection": "0",
};

/** Express middleware setting SECURITY_HEADERS (and HSTS when `https()` says so) on every answer. */
export function securityHeaders(https: () => boolean) {
  return (_req: unknown, res: { set(headers: Record<string, string>): unknown }, next: () => void) => {
    res.set(baseSecurityHeaders(https()));
    next();
  };
}

/** SECURITY_HEADERS, with HSTS on https. */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  if (!https) return { ...SECURITY_HEADERS };
  return { ...SECURITY_HEADERS, "Strict-Transport-Security": "max-age=31536000; includeSubDomains" };
}

// The settings change rarely; a short cache keeps a database read off every request. A settings save on this
// instance clears it at once (contentChanged), other instances pick it up within the TTL.
const TTL_MS = 30_000;
let cached: { at: number; sources: CspSources } | undefined;
let subscribed = false;

export async function currentThirdPartySources(): Promise<CspSources> {
  if (!subscribed) {
    subscribed = true;
    onContentChanged(() => {
      cached = undefined;
    });
  }
  if (cached && Date.now() - cached.at < TTL_MS) return cached.sources;
  try {
    const sources = thirdPartySources(await getSettings());
    cached = { at: Date.now(), sources };
    return sources;
  } catch (error) {
    logger.error({ err: error }, "could not read settings for the CSP; allowing no third parties");
    return none();
  }
}
