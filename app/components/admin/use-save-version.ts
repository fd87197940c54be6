// The version a form of one document holds (app/lib/edit-conflict.ts), for the editors whose save answers with the
// version it stored (a newsletter, a settings tab, the site navigation). It is the one loaded when the form mounts,
// and moves only when the form takes a version in: its own save (the answer's `version`) or a teammate's
// after a refused save ("Load their version"). New data from the server alone never moves it, or a stale form would
// silently become current. `content` is that version's snapshot, which a teammate's changes are compared with.
import { useCallback, useEffect, useRef, useState } from "react";
import { showToast } from "~/components/ui/toaster";
import { CONFLICT_MESSAGES, type EditConflict, type EditVersion } from "~/lib/edit-conflict";
import type { ActionResult } from "~/lib/forms";

export function useSaveVersion(
  loaded: EditVersion,
  /** The answer of this form's last submission (undefined: none, or another form's). */
  result: ActionResult<unknown> | undefined,
  /** The document as the form holds it now, in the snapshot's shape. */
  current: () => Record<string, unknown>,
) {
  const [base, setBase] = useState(() => ({ version: loaded, content: current() }));
  // A refusal already in the page's data (a form sent without JavaScript) shows at once.
  const [conflict, setConflict] = useState<EditConflict | null>(result?.conflict ?? null);
  const seen = useRef(result);
  const now = useRef(current);
  now.current = current;
  useEffect(() => {
    if (result === seen.current) return;
    seen.current = result;
    if (result?.conflict) setConflict(result.conflict);
    else if (result?.version) {
      // Saved (even when what came after the save was refused, a test to a bad address): the form holds it.
      setBase({ version: result.version, content: now.current() });
      setConflict(null);
    }
  }, [result]);
  /** "Load their version": `apply` puts their values in the form, and their version becomes the base. */
  const takeTheirs = useCallback(
    (apply: (theirs: Record<string, unknown>) => void) => {
      if (!conflict) return;
      apply(conflict.theirs);
      setBase({ version: conflict.version, content: conflict.theirs });
      setConflict(null);
      showToast({ type: "success", message: CONFLICT_MESSAGES.loaded });
    },
    [conflict],
  );
  /** Takes a version the page's data brought in (a teammate's save, loaded on purpose) as the base. */
  const take = useCallback((version: EditVersion, content: Record<string, unknown>) => {
    setBase({ version, content });
    setConflict(null);
  }, []);
  return { base, conflict, takeTheirs, take };
}
