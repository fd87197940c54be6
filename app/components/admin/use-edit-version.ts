// The version an editor holds (app/lib/edit-conflict.ts) and what it last saved or loaded. The version moves only
// when the editor takes one in: its own save (the next version the page's data brings, which may come with the
// save's answer or in a later render), a restore, or a teammate's version loaded after a refused save; a reload of
// the page's data alone never moves it, or a stale editor would silently become current.
import { useCallback, useEffect, useRef, useState } from "react";
import type { EditConflict } from "~/lib/edit-conflict";
import type { ActionResult } from "~/lib/forms";

interface Taken {
  /** The version a save carries. */
  version: string;
  /** That version's content, shaped like a revision's snapshot (what a teammate's save is compared with). */
  content: Record<string, unknown>;
}

export function useEditVersion({
  stored,
  result,
  payload,
  initialPayload,
}: {
  /** The document as the page's data has it now (its version and snapshot), null for a new one. */
  stored: Taken | null;
  result: ActionResult | undefined;
  /** The document as the form would send it now. */
  payload: string;
  initialPayload: () => string;
}) {
  const [base, setBase] = useState<Taken>(stored ?? { version: "", content: {} });
  // What the editor last saved or loaded, as the form sends it: anything else is unsaved work.
  const [saved, setSaved] = useState(initialPayload);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const seenResult = useRef(result);
  const adoptNext = useRef(false);
  useEffect(() => {
    if (result === seenResult.current) return;
    seenResult.current = result;
    if (result?.conflict) setConflict(result.conflict);
    else if (result?.ok && result.intent === "save") {
      adoptNext.current = true;
      setSaved(payload);
      setConflict(null);
    }
  }, [result, payload]);
  useEffect(() => {
    if (!adoptNext.current || !stored || stored.version === base.version) return;
    adoptNext.current = false;
    setBase(stored);
  }, [stored, base.version]);
  /** The editor takes a version in (a restore, their version): it becomes the base and counts as saved. */
  const take = useCallback((taken: Taken, takenPayload: string) => {
    setBase(taken);
    setSaved(takenPayload);
    setConflict(null);
  }, []);
  return { base, conflict, unsaved: payload !== saved, take };
}
