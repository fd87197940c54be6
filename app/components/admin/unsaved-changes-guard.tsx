// Unsaved work is not lost by leaving: while an editor holds changes it has not saved, closing or reloading the tab
// asks the browser's own question, and following a link in the back office asks "Leave without saving?" first.
// A save's own redirect (a new page, once created) is not a navigation the member starts, and is never held.
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

export const UNSAVED_MESSAGES = {
  title: "Leave without saving?",
  description: "Your changes are not saved. If you leave now, they are lost.",
  leave: "Leave",
  stay: "Stay",
} as const;

export function UnsavedChangesGuard({ unsaved }: { unsaved: boolean }) {
  const holding = useRef(unsaved);
  holding.current = unsaved;
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);
  // Set by "Leave": the dialog's closing then must not undo the navigation it let go.
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      holding.current && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && !leaving.current && blocker.state === "blocked") blocker.reset();
        leaving.current = false;
      }}
      title={UNSAVED_MESSAGES.title}
      description={UNSAVED_MESSAGES.description}
      confirmLabel={UNSAVED_MESSAGES.leave}
      cancelLabel={UNSAVED_MESSAGES.stay}
      onConfirm={() => {
        leaving.current = true;
        blocker.proceed?.();
      }}
    />
  );
}
