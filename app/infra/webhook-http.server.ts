// Outgoing webhook HTTP: the SSRF guard and one signed POST. A URL is checked when it is saved and again at
// every delivery, and the socket connects to the very address that passed the check (a custom `lookup`), so a
// DNS answer that changes between check and connect (rebinding) cannot reach an internal address.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { Webhook } from "standardwebhooks";
import { env } from "~/env.server";
import { safeTextOrNull } from "~/lib/safe-text";

const WEBHOOK_TIMEOUT_MS = 10_000;
const EXCERPT_LENGTH = 500;

export class UnsafeUrlError extends Error {
  override name = "UnsafeUrlError";
}

/**
 * Only ordinary public unicast addresses: ipaddr.js names every special range (private, loopback, link-local with
 * the cloud metadata address, unique-local, carrier-grade NAT, multicast, reserved, …); anything but "unicast" is
 * refused. An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

/** Refuses what is not an http(s) URL; the message is shown to the admin as is. */
function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UnsafeUrlError("Enter a full URL starting with https:// or http://");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UnsafeUrlError("Enter a full URL starting with https:// or http://");
  }
  if (url.username || url.password)
    throw new UnsafeUrlError("The URL must not contain a user name or password");
  return url;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

function refuse(host: string, address: string): UnsafeUrlError {
  return new UnsafeUrlError(
    `${host} resolves to ${address}, a private or internal address. Webhooks go to public addresses only ` +
      "(set WEBHOOK_ALLOW_PRIVATE=true to allow internal receivers).",
  );
}

/** Resolves the URL's host and throws UnsafeUrlError when any of its addresses is not public. */
export async function assertPublicUrl(raw: string): Promise<URL> {
  const url = parseWebhookUrl(raw);
  if (env().webhookAllowPrivate) return url;
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve, reject) =>
        dnsLookup(host, { all: true }, (error, found) =>
          error
            ? reject(new UnsafeUrlError(`${host} could not be resolved`))
            : resolve(found.map((a) => a.address)),
        ),
      );
  const bad = addresses.find((address) => !isPublicAddress(address));
  if (bad) throw refuse(host, bad);
  return url;
}

/** A `lookup` for http.request that only ever hands the socket addresses that passed the check. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const addresses = env().webhookAllowPrivate ? found : found.filter((a) => isPublicAddress(a.address));
    const bad = found.find((a) => !isPublicAddress(a.address));
    if (!addresses.length || (bad && !env().webhookAllowPrivate)) {
      return callback(refuse(hostname, bad?.address ?? "nothing"), "", 0);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
};

export interface WebhookAttempt {
  ok: boolean;
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

/** Signs `body` the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature). */
function signedHeaders(secret: string, msgId: string, body: string, at = new Date()) {
  return {
    "webhook-id": msgId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(msgId, at, body),
  };
}

/**
 * POSTs one signed JSON body. Success is a 2xx answer; a redirect is a failure (never followed), and so is no
 * answer within WEBHOOK_TIMEOUT_MS. Never throws.
 */
export async function postWebhook(
  rawUrl: string,
  secret: string,
  msgId: string,
  body: string,
): Promise<WebhookAttempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const url = await assertPublicUrl(rawUrl);
    const headers = {
      "content-type": "application/json",
      "user-agent": "Asimov-Webhooks/1",
      ...signedHeaders(secret, msgId, body),
    };
    return await new Promise<WebhookAttempt>((resolve) => {
      const client = url.protocol === "https:" ? https : http;
      const request = client.request(url, {
        method: "POST",
        headers,
        lookup: guardedLookup,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      request.on("response", (response) => {
        let excerpt = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          excerpt += chunk;
          // Enough to show in the log; the rest of a large answer is not read.
          if (excerpt.length >= EXCERPT_LENGTH) response.destroy();
        });
        const finish = () => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          resolve({
            ok,
            status,
            durationMs: elapsed(),
            // Cut by code point, NUL removed: the receiver's words are stored (jsonb, text) as they came.
            excerpt: safeTextOrNull(excerpt, EXCERPT_LENGTH),
            error: ok
              ? null
              : status >= 300 && status < 400
                ? `Redirect (${status}) not followed`
                : `HTTP ${status}`,
          });
        };
        response.on("end", finish);
        response.on("close", finish);
      });
      request.on("error", (error) => {
        const message =
          error.name === "TimeoutError" || error.name === "AbortError"
            ? "Timed out after 10 s"
            : error.message;
        resolve({ ok: false, status: null, durationMs: elapsed(), excerpt: null, error: message });
      });
      request.end(body);
    });
  } catch (error) {
    return { ok: false, status: null, durationMs: elapsed(), excerpt: null, error: (error as Error).message };
  }
}
