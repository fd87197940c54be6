// Per-request facts the HTTP layer knows and routes need: the client's address and the CSP nonce.
import { createContext, type RouterContextProvider } from "react-router";

export interface RequestInfo {
  /** The client's IP address (from the socket, or X-Forwarded-For when TRUST_PROXY is on). */
  ip: string;
  /** Nonce for our inline scripts under the Content-Security-Policy. */
  nonce: string;
}

export const requestInfoContext = createContext<RequestInfo>({ ip: "unknown", nonce: "" });

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
