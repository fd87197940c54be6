// Toasts (sonner). Actions return `{ toast: { type, message } }`; useActionToast shows it once per response.
import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";

export { toast };

export interface ToastMessage {
  type: "success" | "error";
  /** The spec's message, verbatim. */
  message: string;
  /** Optional title (e.g. 'Thank you!' with description 'We'll be in touch soon.'). */
  title?: string;
}

export function Toaster() {
  return (
    <Sonner
      position="top-right"
      closeButton
      // sonner's richColors fail WCAG contrast (4.25:1); these pairs pass AA.
      toastOptions={{
        classNames: {
          success: "!border-green-300 !bg-green-50 !text-green-900",
          error: "!border-red-300 !bg-red-50 !text-red-900",
        },
      }}
    />
  );
}

export function showToast(t: ToastMessage) {
  const show = t.type === "success" ? toast.success : toast.error;
  if (t.title) show(t.title, { description: t.message });
  else show(t.message);
}

/** Shows the toast carried by an action's (or fetcher's) data, once per distinct response object. */
export function useActionToast(data: unknown) {
  useEffect(() => {
    const t = (data as { toast?: ToastMessage } | undefined)?.toast;
    if (t) showToast(t);
  }, [data]);
}
