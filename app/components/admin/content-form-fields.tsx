// The fields the blog and academy forms share: title and slug (the slug follows the title until edited by hand,
// docs/product.md, Blog CMS) and the status select.
import { useState } from "react";
import { Field, TextField } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { slugify } from "~/lib/content";
import { CONTENT_STATUSES } from "~/lib/content-enums";
import type { FieldErrors } from "~/lib/forms";

/** "draft" → "Draft". */
export const optionLabel = (s: string) => `${s[0]?.toUpperCase() ?? ""}${s.slice(1)}`;

/** Title and slug state: a new item's slug is derived from its title until the admin types one. */
export function useTitleSlug(initial: { title: string; slug: string }, mode: "create" | "edit") {
  const [title, setTitle] = useState(initial.title);
  const [slug, setSlug] = useState(initial.slug);
  const [slugEdited, setSlugEdited] = useState(mode === "edit" || initial.slug !== slugify(initial.title));
  return {
    title,
    slug,
    slugEdited,
    onTitle(value: string) {
      setTitle(value);
      if (!slugEdited) setSlug(slugify(value));
    },
    onSlug(value: string) {
      setSlug(value);
      setSlugEdited(true);
    },
  };
}

export function TitleSlugFields({
  fid,
  errors,
  state,
  slugHint,
}: {
  fid: (name: string) => string;
  errors: FieldErrors;
  state: ReturnType<typeof useTitleSlug>;
  slugHint?: string;
}) {
  return (
    <>
      <TextField
        id={fid("title")}
        name="title"
        label="Title *"
        error={errors.title}
        value={state.title}
        onChange={(e) => state.onTitle(e.target.value)}
        aria-required
        autoComplete="off"
      />
      <TextField
        id={fid("slug")}
        name="slug"
        label="Slug *"
        error={errors.slug}
        hint={slugHint}
        value={state.slug}
        onChange={(e) => state.onSlug(e.target.value)}
        aria-required
        autoComplete="off"
        spellCheck={false}
      />
    </>
  );
}

export function StatusField({
  id,
  error,
  defaultValue,
}: {
  id: string;
  error?: string;
  defaultValue: string;
}) {
  return (
    <Field id={id} label="Status" error={error}>
      {(aria) => (
        <Select {...aria} name="status" defaultValue={defaultValue}>
          {CONTENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {optionLabel(s)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
