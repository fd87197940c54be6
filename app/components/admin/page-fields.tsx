// The fields panel of the page editor: one block's fields, built from its type's field list (app/blocks/*/fields.ts).
// Values are edited in the stored shape (lists as arrays, switches as booleans), so the preview renders them as
// they are; errors come from the server by path ("plans.0.price") and show beside their field.
import { ChevronDown, ChevronUp, Plus, Trash2 } from "lucide-react";
import type { FieldSpec } from "~/blocks/fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { blocksToText, textToBlocks } from "~/lib/blocks";
import type { RichBlock } from "~/lib/content";

export type Value = Record<string, unknown>;

export function getAt(value: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);
}

export function setAt<T>(value: T, path: string, next: unknown): T {
  const [head, ...rest] = path.split(".");
  if (head === undefined) return value;
  const container = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  container[head] = rest.length === 0 ? next : setAt(container[head] ?? {}, rest.join("."), next);
  return container as T;
}

const itemDefaults = (fields: readonly FieldSpec[]): Value => {
  let item: Value = {};
  for (const field of fields) {
    const empty =
      field.kind === "boolean"
        ? false
        : field.kind === "lines" || field.kind === "items"
          ? []
          : field.kind === "number"
            ? field.min
            : "";
    item = setAt(item, field.name, field.kind === "select" ? (field.options[0]?.value ?? "") : empty);
  }
  return item;
};

interface FieldsProps {
  fields: readonly FieldSpec[];
  value: Value;
  onChange: (path: string, next: unknown) => void;
  errors: Record<string, string | undefined>;
  /** Prefix of ids and error keys ("b3" and "blocks.3"). */
  idPrefix: string;
  errorPrefix: string;
}

export function BlockFields({ fields, value, onChange, errors, idPrefix, errorPrefix }: FieldsProps) {
  return (
    <div className="space-y-4">
      {fields.map((field) => (
        <OneField
          key={field.name}
          field={field}
          value={value}
          onChange={onChange}
          errors={errors}
          idPrefix={idPrefix}
          errorPrefix={errorPrefix}
        />
      ))}
    </div>
  );
}

function OneField({
  field,
  value,
  onChange,
  errors,
  idPrefix,
  errorPrefix,
}: Omit<FieldsProps, "fields"> & { field: FieldSpec }) {
  const id = `${idPrefix}-${field.name.replace(/\./g, "-")}`;
  const current = getAt(value, field.name);
  const error = errors[`${errorPrefix}.${field.name}`];
  const text =
    typeof current === "string" ? current : current === undefined || current === null ? "" : String(current);

  switch (field.kind) {
    case "boolean":
      return (
        <div>
          <label htmlFor={id} className="flex min-h-10 items-center gap-2 text-sm font-medium text-slate-900">
            <input
              id={id}
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={current === true}
              onChange={(event) => onChange(field.name, event.target.checked)}
            />
            {field.label}
          </label>
        </div>
      );
    case "select":
      return (
        <Field id={id} label={field.label} error={error}>
          {(aria) => (
            <Select {...aria} value={text} onChange={(event) => onChange(field.name, event.target.value)}>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      );
    case "number":
      return (
        <Field id={id} label={field.label} error={error}>
          {(aria) => (
            <Input
              {...aria}
              type="number"
              min={field.min}
              max={field.max}
              value={text}
              onChange={(event) =>
                onChange(field.name, event.target.value === "" ? "" : Number(event.target.value))
              }
            />
          )}
        </Field>
      );
    case "textarea":
      return (
        <Field id={id} label={field.label} error={error}>
          {(aria) => (
            <Textarea
              {...aria}
              rows={3}
              value={text}
              onChange={(event) => onChange(field.name, event.target.value)}
            />
          )}
        </Field>
      );
    case "lines": {
      const lines = Array.isArray(current) ? (current as unknown[]).map(String).join("\n") : text;
      return (
        <Field
          id={id}
          label={field.label}
          error={error ?? firstNested(errors, `${errorPrefix}.${field.name}.`)}
          hint={field.hint}
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={4}
              value={lines}
              onChange={(event) => onChange(field.name, event.target.value.split("\n"))}
            />
          )}
        </Field>
      );
    }
    case "richtext": {
      const blocks = Array.isArray(current) ? (current as RichBlock[]) : [];
      return (
        <Field
          id={id}
          label={field.label}
          error={error}
          hint="A blank line starts a new paragraph; ## starts a heading, - a list item, > a quote."
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={8}
              defaultValue={blocksToText(blocks)}
              onChange={(event) => onChange(field.name, textToBlocks(event.target.value))}
            />
          )}
        </Field>
      );
    }
    case "items": {
      const items = Array.isArray(current) ? (current as Value[]) : [];
      const setItems = (next: Value[]) => onChange(field.name, next);
      return (
        <fieldset className="min-w-0 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">{field.label}</legend>
          {error ? (
            <p className="mb-2 text-sm text-red-700" role="alert">
              {error}
            </p>
          ) : null}
          <ol className="space-y-3">
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own; their position is it.
              <li key={index} className="rounded-md bg-slate-50 p-3">
                <div className="mb-2 flex items-center justify-between gap-2">
                  <span className="text-xs font-semibold uppercase tracking-wide text-slate-700">
                    {field.itemLabel} {index + 1}
                  </span>
                  <span className="flex gap-1">
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Move ${field.itemLabel.toLowerCase()} ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => setItems(swap(items, index, index - 1))}
                    >
                      <ChevronUp aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Move ${field.itemLabel.toLowerCase()} ${index + 1} down`}
                      disabled={index === items.length - 1}
                      onClick={() => setItems(swap(items, index, index + 1))}
                    >
                      <ChevronDown aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove ${field.itemLabel.toLowerCase()} ${index + 1}`}
                      onClick={() => setItems(items.filter((_, i) => i !== index))}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </span>
                </div>
                <BlockFields
                  fields={field.fields}
                  value={item}
                  onChange={(path, next) =>
                    setItems(items.map((it, i) => (i === index ? setAt(it, path, next) : it)))
                  }
                  errors={errors}
                  idPrefix={`${id}-${index}`}
                  errorPrefix={`${errorPrefix}.${field.name}.${index}`}
                />
              </li>
            ))}
          </ol>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-3"
            onClick={() => setItems([...items, itemDefaults(field.fields)])}
          >
            <Plus aria-hidden /> Add {field.itemLabel.toLowerCase()}
          </Button>
        </fieldset>
      );
    }
    default:
      return (
        <Field id={id} label={field.label} error={error} hint={"hint" in field ? field.hint : undefined}>
          {(aria) => (
            <Input {...aria} value={text} onChange={(event) => onChange(field.name, event.target.value)} />
          )}
        </Field>
      );
  }
}

function firstNested(errors: Record<string, string | undefined>, prefix: string): string | undefined {
  const key = Object.keys(errors).find((k) => k.startsWith(prefix));
  return key ? errors[key] : undefined;
}

export function swap<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
