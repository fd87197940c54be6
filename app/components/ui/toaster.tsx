// Toasts (sonner). Actions return `{ toast: { type, message } }`; useActionToast shows it once per response.
// sonner is loaded on demand, so it is not part of any page's first JavaScript: the Toaster mounts when the browser
// is first idle after loading the page, or at the first toast if that comes sooner. A toast asked for before then
// waits for sonner, whose Toaster shows the toasts that are still active when it mounts: none is lost.
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import type { ToastMessage } from "~/lib/forms";

export type { ToastMessage } from "~/lib/forms";

let sonner: Promise<typeof import("sonner")> | undefined;
let requestMount: (() => void) | undefined;
let mountRequested = false;

function loadSonner() {
  sonner ??= import("sonner");
  return sonner;
}

// Should sonner fail to load (offline, a new release), toasts are not shown; the page itself keeps working.
const SonnerToaster = lazy<ComponentType<ToasterProps>>(() =>
  loadSonner().then(
    (m) => ({ default: m.Toaster }),
    () => ({ default: () => null }),
  ),
);

function show(type: ToastMessage["type"], title: string, options?: { description?: string }) {
  mountRequested = true;
  requestMount?.();
  loadSonner().then(
    (m) => m.toast[type](title, options),
    () => {},
  );
}

/** sonner's toast.success and toast.error (the only kinds we use), loading it on first use. */
export const toast = {
  success: (message: string, options?: { description?: string }) => show("success", message, options),
  error: (message: string, options?: { description?: string }) => show("error", message, options),
};

export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    if (mountRequested) {
      mount();
      return;
    }
    requestMount = mount;
    // Safari has no requestIdleCallback.
    const hasIdle = "requestIdleCallback" in window;
    const idle = hasIdle
      ? window.requestIdleCallback(mount, { timeout: 3000 })
      : window.setTimeout(mount, 1000);
    return () => {
      requestMount = undefined;
      if (hasIdle) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-right"
        // Below the sticky headers (the site's 4 rem, the back office's 3.5 rem on small screens), so a toast never
        // covers the menu button: a tap there would land on the toast and pause it instead of opening the menu.
        offset={{ top: 80 }}
        mobileOffset={{ top: 72 }}
        closeButton
        // sonner's richColors fail WCAG contrast (4.25:1); these pairs pass AA.
        toastOptions={{
          classNames: {
            success: "!border-green-300 !bg-green-50 !text-green-900",
            error: "!border-red-300 !bg-red-50 !text-red-900",
          },
        }}
      />
    </Suspense>
  );
}

export function showToast(t: ToastMessage) {
  if (t.title) toast[t.type](t.title, { description: t.message });
  else toast[t.type](t.message);
}

/** Shows the toast carried by an action's (or fetcher's) data, once per distinct response object. */
export function useActionToast(data: unknown) {
  useEffect(() => {
    const t = (data as { toast?: ToastMessage } | undefined)?.toast;
    if (t) showToast(t);
  }, [data]);
}
