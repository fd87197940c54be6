// A form block is plain HTML until its code has loaded, then the running form takes its place. What the visitor
// typed in between, and where the caret was, is read from the plain form just before the swap and given back to the
// running one, so typing carries on as if nothing had been swapped. One mechanism for the contact block and built
// forms.
import { type RefObject, useEffect } from "react";
import type { SubmittedValues } from "~/lib/form-builder/submission";

/** What a visitor typed into the plain form before the running one took its place, and where the caret was. */
export interface Typed {
  /** Every named field's value; a group of checkboxes as the list of its ticked values. */
  values: SubmittedValues;
  /** A built form's chosen files, by field name. */
  files?: Record<string, File>;
  focus?: { name: string; start: number | null; end: number | null };
}

/** Reads what was typed into the plain form of block `id`. */
export function typedIn(id: string): Typed | undefined {
  const form = document.querySelector<HTMLFormElement>(`[data-block="${id}"] form`);
  if (!form) return undefined;
  const data = new FormData(form);
  const values: SubmittedValues = {};
  for (const name of new Set(data.keys())) {
    const all = data.getAll(name).filter((v): v is string => typeof v === "string");
    const input = form.elements.namedItem(name);
    const isList =
      input instanceof RadioNodeList && (input[0] as HTMLInputElement | undefined)?.type === "checkbox";
    values[name] = isList ? all : (all[0] ?? "");
  }
  const files: Record<string, File> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>("input[type=file]")) {
    const file = input.files?.[0];
    if (file && input.name) files[input.name] = file;
  }
  // An input, a text area or a select of this form (a select has no caret: undefined there, read as null).
  const active = document.activeElement as HTMLInputElement | null;
  const focus =
    active?.form === form && active.name
      ? { name: active.name, start: active.selectionStart ?? null, end: active.selectionEnd ?? null }
      : undefined;
  return { values, files, focus };
}

/** What a form block's chunk gives the page's island (app/blocks/public-blocks.tsx): the running form. */
export interface RunningIslandProps<B> {
  block: B;
  /** A built form's block: its form. */
  form?: import("~/lib/form-builder/availability").PublicForm;
  typed?: Typed;
}

/** Once, when the running form has taken the plain one's place: the focus and caret go back where they were. */
export function useCaretBack(formRef: RefObject<HTMLFormElement | null>, typed: Typed | undefined) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when this form takes the plain one's place.
  useEffect(() => {
    const focus = typed?.focus;
    const field = focus && formRef.current?.elements.namedItem(focus.name);
    if (!focus || !(field instanceof HTMLElement)) return;
    field.focus();
    if ((field instanceof HTMLInputElement && field.type === "text") || field instanceof HTMLTextAreaElement)
      field.setSelectionRange(focus.start, focus.end);
  }, []);
}
