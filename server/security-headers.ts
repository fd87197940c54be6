// Security headers for every response: a Content-Security-Policy with a per-request nonce (third-party hosts only
// for the analytics and chat settings that are configured), no MIME sniffing, no framing, a strict referrer,
// a restrictive Permissions-Policy, the legacy XSS auditor off and HSTS on https.
import { randomFillSync } from "node:crypto";
import { onContentChanged } from "~/infra/content-version.server";
import { logger } from "~/infra/logger.server";
import type { Settings } from "~/lib/settings";
import { getSettings } from "~/models/settings.server";

interface CspSources {
  script: string[];
  style: string[];
  connect: string[];
  img: string[];
  font: string[];
  frame: string[];
}

const none = (): CspSources => ({ script: [], style: [], connect: [], img: [], font: [], frame: [] });

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
      script: origins,
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

export function contentSecurityPolicy(options: {
  nonce: string;
  https: boolean;
  sources: CspSources;
}): string {
  const { nonce, https, sources } = options;
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", `'nonce-${nonce}'`, ...sources.script]],
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
    ["frame-ancestors", ["'none'"]],
  ];
  const policy = directives.map(([name, values]) => `${name} ${unique(values).join(" ")}`);
  if (https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

const NONCE_BYTES = 16;
/** Random bytes drawn from the CSPRNG a few hundred nonces at a time; each byte serves one nonce only. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolAt = noncePool.length;

/** A fresh CSP nonce (16 random bytes, base64: 24 characters), unique to one answer. */
export function freshNonce(): string {
  if (noncePoolAt === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

/**
 * The policy of JSON answers (the content API): they run no script and load nothing, so nothing is allowed and
 * no nonce is needed.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=()";

/** Headers every response carries, documents and files alike (the CSP is added for documents). */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    // Old browsers' XSS auditor could be abused to blank or probe pages; the CSP is the protection now.
    "X-XSS-Protection": "0",
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
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
