// One field of a form built in the back office, as a visitor fills it in: its control by type, its label, help and
// error, linked for assistive technology. Controlled when the form runs (`value` and `onChange` given); without
// them it is the plain HTML control a page carries before its script has loaded, or without JavaScript.
import { Field } from "~/components/ui/field";
import { FieldError, Input, Select, Textarea } from "~/components/ui/input";
import type { FormField } from "~/lib/form-builder/definition";
import { cn } from "~/lib/utils";
import { BuiltFormFile } from "./built-form-file";

type Answer = string | string[];

const INPUT_TYPE: Partial<Record<FormField["type"], string>> = {
  text: "text",
  email: "email",
  phone: "tel",
  number: "text",
  date: "date",
};

const AUTOCOMPLETE: Record<string, string> = { email: "email", phone: "tel" };

export function BuiltFormField({
  field,
  idPrefix,
  value,
  onChange,
  error,
  required,
  file,
  onFile,
}: {
  field: FormField;
  idPrefix: string;
  value?: Answer;
  onChange?: (next: Answer) => void;
  error?: string;
  /** Required now (always, or because of another answer). */
  required: boolean;
  /** A file field's chosen file, and its change, once the form runs. */
  file?: File;
  onFile?: (file: File | undefined) => void;
}) {
  const id = `${idPrefix}-${field.name}`;
  const label = `${field.label}${required ? " *" : ""}`;
  const live = onChange !== undefined;
  const text = typeof value === "string" ? value : "";
  const ticked = Array.isArray(value) ? value : [];
  const span = field.width === "half" ? "sm:col-span-1" : "sm:col-span-2";
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = `${id}-error`;

  if (field.type === "file")
    return (
      <BuiltFormFile
        field={field}
        id={id}
        label={label}
        className={span}
        required={required}
        error={error}
        file={file}
        onFile={onFile}
      />
    );

  if (field.type === "radio" || field.type === "checkboxes") {
    const multiple = field.type === "checkboxes";
    return (
      <fieldset
        className={span}
        aria-describedby={[error ? errorId : "", helpId ?? ""].join(" ").trim() || undefined}
      >
        <legend className="mb-1.5 block text-sm font-medium text-slate-800">{label}</legend>
        <div className="space-y-1">
          {(field.options ?? []).map((option, index) => {
            const optionId = `${id}-${index}`;
            const checked = multiple ? ticked.includes(option.value) : text === option.value;
            return (
              <label
                key={option.value}
                htmlFor={optionId}
                className="flex min-h-10 items-center gap-2 text-sm"
              >
                <input
                  id={optionId}
                  type={multiple ? "checkbox" : "radio"}
                  name={field.name}
                  value={option.value}
                  className="size-4 accent-brand-600"
                  aria-invalid={error ? true : undefined}
                  {...(live
                    ? {
                        checked,
                        onChange: (event) =>
                          onChange(
                            multiple
                              ? event.target.checked
                                ? [...ticked, option.value]
                                : ticked.filter((v) => v !== option.value)
                              : option.value,
                          ),
                      }
                    : { defaultChecked: checked })}
                />
                {option.label}
              </label>
            );
          })}
        </div>
        {field.help ? (
          <p id={helpId} className="mt-1.5 text-xs text-slate-600">
            {field.help}
          </p>
        ) : null}
        <FieldError id={errorId}>{error}</FieldError>
      </fieldset>
    );
  }

  if (field.type === "consent") {
    return (
      <div className={span}>
        <label htmlFor={id} className="flex items-start gap-2 text-sm text-slate-800">
          <input
            id={id}
            type="checkbox"
            name={field.name}
            value="yes"
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...(live
              ? { checked: text === "yes", onChange: (event) => onChange(event.target.checked ? "yes" : "") }
              : { defaultChecked: text === "yes" })}
          />
          <span>
            {label}
            {field.linkUrl ? (
              <>
                {" "}
                <a href={field.linkUrl} className="font-semibold text-brand-700 underline">
                  {field.linkLabel || "Read more"}
                </a>
              </>
            ) : null}
          </span>
        </label>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    );
  }

  return (
    <Field id={id} label={label} error={error} hint={field.help} className={cn(span)}>
      {(aria) => {
        const common = {
          ...aria,
          name: field.name,
          placeholder: field.placeholder,
          "aria-required": required ? ("true" as const) : undefined,
          ...(live
            ? {
                value: text,
                onChange: (event: { target: { value: string } }) => onChange(event.target.value),
              }
            : { defaultValue: text }),
        };
        if (field.type === "textarea") return <Textarea {...common} rows={5} maxLength={field.maxLength} />;
        if (field.type === "select")
          return (
            <Select {...common}>
              <option value="">Choose…</option>
              {(field.options ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          );
        return (
          <Input
            {...common}
            type={INPUT_TYPE[field.type] ?? "text"}
            inputMode={field.type === "number" ? "decimal" : undefined}
            autoComplete={AUTOCOMPLETE[field.type] ?? (field.name === "name" ? "name" : undefined)}
            maxLength={field.maxLength}
          />
        );
      }}
    </Field>
  );
}
