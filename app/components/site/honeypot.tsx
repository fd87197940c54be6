import { useEffect, useRef } from "react";
import { ELAPSED_FIELD, HONEYPOT_FIELD } from "~/lib/lead-schema";

/**
 * A field people never see (off-screen, out of the tab order, hidden from assistive tech); bots fill it in.
 * It also runs the time trap: the public forms are cached HTML, so the time since the form became interactive is
 * measured here and added to every FormData built from the form (the `formdata` event fires for a native submit
 * and for `new FormData(form)` alike). Without JavaScript nothing is added, and the server does not refuse that.
 */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const ready = performance.now();
    const stamp = (event: FormDataEvent) =>
      event.formData.set(ELAPSED_FIELD, String(Math.round(performance.now() - ready)));
    form.addEventListener("formdata", stamp);
    return () => form.removeEventListener("formdata", stamp);
  }, []);
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input
        ref={ref}
        id={`${idPrefix}-${HONEYPOT_FIELD}`}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
