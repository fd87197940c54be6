// Keyboard focus that an action took away, given back. A button disabled while its action runs loses the focus to
// the page (the browser moves it to <body>), and a button the action removes ("Cancel schedule" once cancelled,
// "Send now" once sending) takes it along: a keyboard or screen reader user would start again from the top.
import { useEffect, useRef } from "react";

/** Nothing has the focus: it went to the page when what had it was disabled or removed. */
export function focusLost(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}

/**
 * For an action that is `busy` while it runs: `onSubmit` (a form's) or `note` (a script's submit) notes what had the
 * focus. When the action is over and the focus is still lost, it goes back there, or to `fallback()` when that is
 * gone.
 */
export function useFocusBack(busy: boolean, fallback?: () => HTMLElement | null) {
  const submitter = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const button = submitter.current;
    if (busy || !button) return;
    submitter.current = null;
    if (focusLost()) (button.isConnected ? button : fallback?.())?.focus();
  }, [busy, fallback]);
  return {
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      submitter.current = (event.nativeEvent as SubmitEvent).submitter;
    },
    note: (element: Element | null) => {
      submitter.current = element instanceof HTMLElement ? element : null;
    },
  };
}
