// Live updates of the lead inbox: the "leads" topic of the back office's realtime channel. Each notice (a lead
// added, restored, deleted or its status changed, on any instance) re-runs the page's loader, so it shows up
// without a reload; so does joining again after a lost connection, since notices in between were missed.
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useTopic } from "./realtime";

/** Follows the "leads" topic while `on` (the member's role sees leads). */
export function useLiveLeads(on = true): { updates: number } {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const joinedBefore = useRef(false);
  const [updates, setUpdates] = useState(0);

  useTopic(on ? "leads" : undefined, {
    event: () => {
      setUpdates((n) => n + 1);
      void revalidate.current();
    },
    joined: () => {
      if (joinedBefore.current) void revalidate.current();
      joinedBefore.current = true;
    },
  });

  return { updates };
}
