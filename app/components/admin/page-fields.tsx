// The fields panel of the page editor: one block's fields, built from its type's field list (app/blocks/*/fields.ts).
// Values are edited in the stored shape (lists as arrays, switches as booleans), so the preview renders them as
// they are; errors come from the server by path ("plans.0.price") and show beside their field.
import { ChevronDown, ChevronUp, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { FieldSpec } from "~/blocks/fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FieldError, Input, Select, Textarea } from "~/components/ui/input";
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
        : field.kind === "lines" || field.kind === "items" || field.kind === "choices"
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
    case "choices": {
      const ticked = Array.isArray(current) ? (current as unknown[]).map(String) : [];
      const errorId = `${id}-error`;
      const chosen = error ?? firstNested(errors, `${errorPrefix}.${field.name}.`);
      return (
        <fieldset id={id} aria-describedby={chosen ? errorId : undefined}>
          <legend className="text-sm font-medium text-slate-900">{field.label}</legend>
          {field.hint ? <p className="mt-1 text-xs text-slate-600">{field.hint}</p> : null}
          {field.options.map((option) => (
            <label key={option.value} className="flex min-h-10 items-center gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={ticked.includes(option.value)}
                onChange={(event) =>
                  onChange(
                    field.name,
                    event.target.checked
                      ? field.options
                          .map((o) => o.value)
                          .filter((v) => v === option.value || ticked.includes(v))
                      : ticked.filter((v) => v !== option.value),
                  )
                }
              />
              {option.label}
            </label>
          ))}
          <FieldError id={errorId}>{chosen}</FieldError>
        </fieldset>
      );
    }
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
    case "items":
      return (
        <ItemsField
          field={field}
          items={Array.isArray(current) ? (current as Value[]) : []}
          onChange={onChange}
          errors={errors}
          error={error}
          id={id}
          errorPrefix={errorPrefix}
        />
      );
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

type ItemControl = "up" | "down" | "remove";

/** Where the keyboard's focus goes once a list has changed: a control of the item at `index`, or its first field. */
interface FocusAfter {
  index: number;
  control: ItemControl | "field";
}

/**
 * A list of items (menu links, plans, questions): each with its fields, moved up or down, removed, and added at the
 * end. The focus follows what was done — to the moved item's button, to the item that took a removed one's place
 * (or the add button after the last), to a new item's first field — and a status line says what happened,
 * so a keyboard or screen reader user never lands back at the top of the page.
 */
function ItemsField({
  field,
  items,
  onChange,
  errors,
  error,
  id,
  errorPrefix,
}: {
  field: Extract<FieldSpec, { kind: "items" }>;
  items: Value[];
  onChange: (path: string, next: unknown) => void;
  errors: Record<string, string | undefined>;
  error: string | undefined;
  id: string;
  errorPrefix: string;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<FocusAfter | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const noun = field.itemLabel.toLowerCase();

  // After every render: a change asked for the focus to go somewhere once the list has re-rendered.
  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (!target) return;
    const item = listRef.current?.children[target.index];
    const candidates =
      target.control === "field"
        ? [item?.querySelector<HTMLElement>("input, textarea, select")]
        : [
            item?.querySelector<HTMLButtonElement>(`[data-item-control="${target.control}"]`),
            // At the top or the bottom the button that moved it is disabled: its neighbour takes the focus.
            item?.querySelector<HTMLButtonElement>('[data-item-control="up"]'),
            item?.querySelector<HTMLButtonElement>('[data-item-control="down"]'),
          ];
    const next = candidates.find((el) => el && !(el as HTMLButtonElement).disabled) ?? addRef.current;
    next?.focus();
  });

  const change = (next: Value[], focus: FocusAfter, said: string) => {
    focusAfter.current = focus;
    setAnnouncement(said);
    onChange(field.name, next);
  };
  const move = (from: number, to: number, control: ItemControl) =>
    change(
      swap(items, from, to),
      { index: to, control },
      `${field.itemLabel} ${from + 1} moved to position ${to + 1} of ${items.length}.`,
    );
  const remove = (index: number) =>
    change(
      items.filter((_, i) => i !== index),
      // The item that takes its place; after the last one, the add button that follows it.
      { index, control: "remove" },
      `${field.itemLabel} ${index + 1} removed.`,
    );

  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{field.label}</legend>
      {error ? (
        <p className="mb-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <ol ref={listRef} className="space-y-3">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own; their position is it.
          <li key={index} className="rounded-md bg-slate-50 p-3">
            <div className="mb-2 flex items-center justify-between gap-2">
              <span className="text-xs font-semibold uppercase tracking-wide text-slate-700">
                {field.itemLabel} {index + 1}
              </span>
              <span className="flex gap-1">
                <ItemButton
                  control="up"
                  label={`Move ${noun} ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1, "up")}
                />
                <ItemButton
                  control="down"
                  label={`Move ${noun} ${index + 1} down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1, "down")}
                />
                <ItemButton
                  control="remove"
                  label={`Remove ${noun} ${index + 1}`}
                  onClick={() => remove(index)}
                />
              </span>
            </div>
            <BlockFields
              fields={field.fields}
              value={item}
              onChange={(path, next) =>
                onChange(
                  field.name,
                  items.map((it, i) => (i === index ? setAt(it, path, next) : it)),
                )
              }
              errors={errors}
              idPrefix={`${id}-${index}`}
              errorPrefix={`${errorPrefix}.${field.name}.${index}`}
            />
          </li>
        ))}
      </ol>
      <Button
        ref={addRef}
        type="button"
        variant="outline"
        size="sm"
        className="mt-3"
        onClick={() =>
          change(
            [...items, itemDefaults(field.fields)],
            { index: items.length, control: "field" },
            `${field.itemLabel} ${items.length + 1} added.`,
          )
        }
      >
        <Plus aria-hidden /> Add {noun}
      </Button>
    </fieldset>
  );
}

const ITEM_ICONS = { up: ChevronUp, down: ChevronDown, remove: Trash2 } as const;

/** One of an item's buttons, marked with what it does so that the focus can be put back on it after a change. */
function ItemButton({
  control,
  label,
  disabled,
  onClick,
}: {
  control: ItemControl;
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  const Icon = ITEM_ICONS[control];
  return (
    <Button
      type="button"
      size="icon"
      variant="ghost"
      data-item-control={control}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden />
    </Button>
  );
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
