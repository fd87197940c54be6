// Per-request facts the HTTP layer knows and routes need: the client's address and the CSP nonce.
import { isIPv4, isIPv6 } from "node:net";
import { createContext, type RouterContextProvider } from "react-router";

export interface RequestInfo {
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

/** "::ffff:203.0.113.7" (an IPv4 client on a dual-stack socket) as "203.0.113.7"; other addresses unchanged. */
export function clientAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address.trim());
  return mapped?.[1] && isIPv4(mapped[1]) ? mapped[1] : address.trim();
}

/** The eight 16-bit groups of an IPv6 address (zone dropped, embedded IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0] ?? "";
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * The key per-address rate limits count under. One IPv6 subscriber usually gets a whole /64 and can pick any
 * address in it, so IPv6 clients are counted per /64 ("2001:db8:1:2::/64"); IPv4 (also IPv4-mapped IPv6) per
 * address. Anything else (e.g. "unknown") is used as it is.
 */
export function clientKey(address: string): string {
  const ip = clientAddress(address);
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip.split("%")[0] ?? "")) return ip;
  const prefix = ipv6Groups(ip)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":");
  return `${prefix}::/64`;
}
