// The filter bars whose filters live in the URL (the contacts inbox, the media library): search as you type, with
// one history entry per search (typing replaces the current entry, a new search pushes one), only the filters in
// use in the URL, and the controls following the URL when back/forward (or a link) changes it, set in place rather
// than remounted so keyboard focus stays where it is, and never under the admin's fingers in the search box.
import { useCallback, useEffect, useRef, useState } from "react";
import { useSubmit } from "react-router";

export const SEARCH_DELAY_MS = 300;

/** `q` is the search in the URL; `others` the other filters by control name (a checkbox is on when its value is given). */
export function useUrlFilters(q: string, others: Record<string, string | undefined>) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(q);

  useEffect(() => {
    if (document.activeElement !== inputRef.current) setText(q);
  }, [q]);

  const shown = JSON.stringify(others);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries(JSON.parse(shown) as Record<string, string | undefined>)) {
      const control = form.elements.namedItem(name);
      if (control instanceof HTMLInputElement && control.type === "checkbox")
        control.checked = value === control.value;
      else if (control instanceof HTMLSelectElement || control instanceof HTMLInputElement)
        control.value = value ?? "";
    }
  }, [shown]);

  const send = useCallback(
    (replace: boolean) => {
      if (!formRef.current) return;
      const params = new URLSearchParams();
      for (const [key, value] of new FormData(formRef.current)) {
        if (typeof value === "string" && value.trim()) params.set(key, value.trim());
      }
      submit(params, { method: "get", replace, preventScrollReset: true });
    },
    [submit],
  );

  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => send(q !== ""), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, send]);

  return { formRef, inputRef, text, setText, send };
}
