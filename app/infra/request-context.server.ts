// Per-request facts the HTTP layer knows and routes need: the client's address and the CSP nonce; what a route says
// back to it (the sites that may frame the answer); and the audit facts (who, address, browser) a route hands to
// the models.
import ipaddr from "ipaddr.js";
import { createContext, type RouterContextProvider } from "react-router";
import type { AuditContext } from "~/models/audit.server";

interface RequestInfo {
  /**
   * The client's IP address (from the socket, or the X-Forwarded-For hops TRUST_PROXY allows), IPv4-mapped IPv6
   * written as plain IPv4. Per-address limits key it with `clientKey`.
   */
  ip: string;
  /** Nonce for our inline scripts under the Content-Security-Policy. */
  nonce: string;
}

export const requestInfoContext = createContext<RequestInfo>({ ip: "unknown", nonce: "" });

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}

/**
 * Which other sites may show this answer in a frame: none (every answer is refused to frames, X-Frame-Options and
 * frame-ancestors 'none') unless its route allows the origins it lists (an embedded form, ADR 058). The HTTP host
 * puts one per request in the context and writes the answer's headers from it (server/react-router-handler.ts).
 */
export interface Framing {
  ancestors: readonly string[] | null;
}

export const framingContext = createContext<Framing | null>(null);

/** This answer may be framed by our own pages and by `origins` (scheme, host and port each). */
export function allowFraming(context: Readonly<RouterContextProvider>, origins: readonly string[]) {
  const framing = context.get(framingContext);
  if (framing) framing.ancestors = [...origins];
}

/** "::ffff:203.0.113.7" (an IPv4 client on a dual-stack socket) as "203.0.113.7"; other addresses unchanged. */
export function clientAddress(address: string): string {
  const text = address.trim();
  if (!text.includes(":")) return text; // IPv4 (or not an address): nothing to unwrap, no parsing
  const ip = parseAddress(text);
  return ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() ? ip.toIPv4Address().toString() : text;
}

/**
 * The key per-address rate limits count under. One IPv6 subscriber usually gets a whole /64 and can pick any
 * address in it, so IPv6 clients are counted per /64 ("2001:db8:1:2::/64"); IPv4 (also IPv4-mapped IPv6) per
 * address. Anything else (e.g. "unknown") is used as it is.
 */
export function clientKey(address: string): string {
  const text = clientAddress(address);
  const ip = parseAddress(text);
  if (!(ip instanceof ipaddr.IPv6)) return text;
  const prefix = ip.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":");
  return `${prefix}::/64`;
}

/** The parsed address (ipaddr.js, the parser Express's proxy trust uses), or null; an IPv6 zone is ignored. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.split("%")[0] ?? "";
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
}

/** The AuditContext of a request made by `actor` (an admin's email, or "api-key:<start>"): its address and browser. */
export function auditContext(actor: string | null, request: Request, ip: string): AuditContext {
  return { actor, ip, userAgent: request.headers.get("user-agent") };
}
