// A built form's file field, as a visitor fills it in: a file input that says which files it takes and how large,
// with its help and error. Once the form runs, the chosen file lives in the form's state: the input shows it again
// when its step comes back (a browser cannot be told a file, but it can be handed one), and Remove lets it go.
import { useEffect, useRef } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FormField } from "~/lib/form-builder/definition";
import {
  acceptAttribute,
  FILE_KIND_LABELS,
  FILE_KINDS,
  fileAnswerText,
  maxFileMb,
} from "~/lib/form-builder/files";

/** What the field takes, in words: "PDF, up to 5 MB". */
function takes(field: FormField): string {
  const kinds = FILE_KINDS.filter((kind) => field.fileKinds?.includes(kind));
  const names = (kinds.length ? kinds : (["pdf"] as const)).map((kind) => FILE_KIND_LABELS[kind]);
  return `${names.join("; ")}. Up to ${maxFileMb(field)} MB.`;
}

const sameFile = (a: File, b: File) =>
  a === b || (a.name === b.name && a.size === b.size && a.lastModified === b.lastModified);

export function BuiltFormFile({
  field,
  id,
  label,
  className,
  required,
  error,
  file,
  onFile,
}: {
  field: FormField;
  id: string;
  label: string;
  className: string;
  required: boolean;
  error?: string;
  /** The running form's file for this field; absent in the plain HTML form. */
  file?: File;
  onFile?: (file: File | undefined) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const live = onFile !== undefined;
  // The input shows the file the form holds: given back when the field comes back (another step, a swap).
  useEffect(() => {
    const control = input.current;
    if (!control || !live) return;
    const shown = control.files?.[0];
    if (file && !(shown && sameFile(shown, file))) {
      const transfer = new DataTransfer();
      transfer.items.add(file);
      control.files = transfer.files;
    } else if (!file && shown) {
      control.value = "";
    }
  }, [file, live]);

  const hint = (
    <>
      {field.help ? <span className="block">{field.help}</span> : null}
      <span className="block">{takes(field)}</span>
    </>
  );
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {(aria) => (
        <div className="flex flex-wrap items-center gap-2">
          <Input
            {...aria}
            ref={input}
            type="file"
            name={field.name}
            accept={acceptAttribute(field)}
            aria-required={required ? "true" : undefined}
            className="min-w-0 flex-1 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800"
            onChange={onFile ? (event) => onFile(event.target.files?.[0]) : undefined}
          />
          {onFile && file ? (
            <button
              type="button"
              className="min-h-10 rounded-md px-2 text-sm font-medium text-brand-700 underline"
              aria-label={`Remove ${fileAnswerText(file)}`}
              onClick={() => {
                onFile(undefined);
                input.current?.focus();
              }}
            >
              Remove
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
