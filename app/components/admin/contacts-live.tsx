// Live updates of the lead inbox: an EventSource on /admin/contacts/events; every "leads" event re-runs the
// page's loader, so a lead submitted elsewhere shows up without a reload.
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export function useLiveLeads(marker: string): { connected: boolean; updates: number } {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const initialMarker = useRef(marker);
  const [connected, setConnected] = useState(false);
  const [updates, setUpdates] = useState(0);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(
      `/admin/contacts/events?since=${encodeURIComponent(initialMarker.current)}`,
    );
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    source.addEventListener("leads", () => {
      setUpdates((n) => n + 1);
      void revalidate.current();
    });
    // The session ended (signed out elsewhere, or revoked on the security page): stop reconnecting and reload
    // the page's data, which sends this tab to the sign-in page.
    source.addEventListener("signed-out", () => {
      source.close();
      setConnected(false);
      void revalidate.current();
    });
    return () => source.close();
  }, []);

  return { connected, updates };
}
