// Reports client-side navigations to our own server (server/analytics.ts), which counts the first page load
// itself. No cookie, no storage, no third party: one sendBeacon with the new path per route change.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export function PageViewBeacon() {
  const { pathname, search } = useLocation();
  const url = pathname + search;
  const counted = useRef<string | null>(null);
  useEffect(() => {
    // The first render is the page the server has already counted.
    if (counted.current === null) {
      counted.current = url;
      return;
    }
    if (counted.current === url) return;
    counted.current = url;
    navigator.sendBeacon?.(`/api/event?u=${encodeURIComponent(url)}`);
  }, [url]);
  return null;
}
