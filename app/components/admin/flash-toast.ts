// The back office's flash messages: a toast carried over a redirect (read by the page's loader), shown once. Kept
// out of ui/toaster.tsx, which the public pages load, because only admin pages carry flash messages.
import { useEffect } from "react";
import { showToast, type ToastMessage } from "~/components/ui/toaster";

/** Deferred one tick: on a full page load the root's <Toaster/> subscribes after this effect runs. */
export function useFlashToast(flash: ToastMessage | null | undefined) {
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => showToast(flash), 0);
    return () => clearTimeout(timer);
  }, [flash]);
}
