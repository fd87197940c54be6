// The one labelled form field of the product (admin and public forms): label, control, hint and error, linked
// for assistive technology; and a live length counter that guides without blocking (docs/product.md, Meta guidance).
import type * as React from "react";
import { FieldError, Input, Label, Textarea } from "~/components/ui/input";
import { cn } from "~/lib/utils";

interface FieldProps {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  /** Extra content on the label's line (a counter, an AI Optimize button). */
  aside?: React.ReactNode;
  className?: string;
  labelId?: string;
  children: (aria: {
    id: string;
    "aria-invalid": boolean | undefined;
    "aria-describedby": string | undefined;
  }) => React.ReactNode;
}

export function Field({ id, label, error, hint, aside, className, labelId, children }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Label htmlFor={id} id={labelId}>
          {label}
        </Label>
        {aside ? <div className="mb-1.5 flex items-center gap-2">{aside}</div> : null}
      </div>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** Field's own props; a className given to TextField or TextareaField styles the control, not the wrapper. */
type FieldFrame = Omit<FieldProps, "children" | "className">;

/** A Field around one control; every prop that is not Field's goes to the control. */
function controlField<P extends { id?: string }>(Control: (props: P) => React.ReactNode) {
  return function ControlField({
    id,
    label,
    error,
    hint,
    aside,
    labelId,
    ...control
  }: FieldFrame & Omit<P, "id" | "children">) {
    return (
      <Field {...{ id, label, error, hint, aside, labelId }}>
        {(aria) => <Control {...(control as unknown as P)} {...aria} />}
      </Field>
    );
  };
}

/** The common case: a labelled text input. */
export const TextField = controlField(Input);
/** A labelled textarea. */
export const TextareaField = controlField(Textarea);

/** "n/limit", amber past the limit; it never blocks saving. */
export function LengthCounter({ length, limit, id }: { length: number; limit: number; id?: string }) {
  const over = length > limit;
  return (
    <span
      id={id}
      className={cn("text-xs tabular-nums", over ? "font-semibold text-amber-800" : "text-slate-600")}
      data-testid="length-counter"
    >
      {length}/{limit}
      {over ? <span className="sr-only"> (over the recommended length)</span> : null}
    </span>
  );
}
