// The fields the blog and academy forms share: title and slug (the slug follows the title until edited by hand,
// docs/product.md, Blog CMS), the status select and "Publish at" (docs/product.md, Content statuses).
import { useState } from "react";
import { Field, TextField } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { useHydrated } from "~/components/ui/use-hydrated";
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

/**
 * Status and "Publish at" (a date and time in the site's time zone, shown beside the field). The time only counts
 * for a published item: empty publishes now (or keeps a live item's date), a future time schedules it, a past one
 * backdates it. Once the page runs in the browser the field is turned off for other statuses; without JavaScript
 * the server ignores it for them.
 */
export function PublicationFields({
  fid,
  errors,
  initial,
  timeZone,
}: {
  fid: (name: string) => string;
  errors: FieldErrors;
  initial: { status: string; publishAt: string };
  timeZone: string;
}) {
  const [status, setStatus] = useState(initial.status);
  const hydrated = useHydrated();
  const dated = status === "published";
  return (
    <>
      <Field id={fid("status")} label="Status" error={errors.status}>
        {(aria) => (
          <Select {...aria} name="status" value={status} onChange={(e) => setStatus(e.target.value)}>
            {CONTENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {optionLabel(s)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        id={fid("publishAt")}
        label="Publish at"
        error={errors.publishAt}
        hint={
          dated || !hydrated
            ? `In ${timeZone}. Empty publishes now; a later time schedules it. Used with the status Published.`
            : "Choose the status Published to set a publication time."
        }
      >
        {(aria) => (
          <div className="flex items-center gap-2">
            <Input
              {...aria}
              type="datetime-local"
              name="publishAt"
              defaultValue={initial.publishAt}
              disabled={hydrated && !dated}
              className="min-w-0 flex-1"
            />
            <span className="shrink-0 text-sm font-medium text-slate-700" data-testid="time-zone">
              {timeZone}
            </span>
          </div>
        )}
      </Field>
    </>
  );
}
