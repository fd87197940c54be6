// A showcase item's fields (title, media type, media URL or a library file or an upload, description), shared by
// "Add showcase media" and the edit dialog, which saves them against the version it loaded (versioned-edit.tsx).
import { Pencil } from "lucide-react";
import { useState } from "react";
import { MediaUrlField } from "~/components/admin/media-url-field";
import { Button } from "~/components/ui/button";
import { Field, TextareaField, TextField } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { EDIT_SUBJECTS } from "~/lib/edit-subjects";
import type { FieldErrors } from "~/lib/forms";
import { VersionedEditDialog } from "./versioned-edit";

type MediaType = "image" | "video";

export interface ShowcaseValues {
  title: string;
  mediaType: MediaType;
  mediaUrl: string;
  description: string | null;
}

export function ShowcaseFields({
  idPrefix,
  initial,
  errors,
}: {
  idPrefix: string;
  /** The item's values (or a teammate's version of them, once loaded); empty fields without. */
  initial?: Record<string, unknown>;
  errors: FieldErrors;
}) {
  const text = (key: keyof ShowcaseValues) => String(initial?.[key] ?? "");
  const [mediaType, setMediaType] = useState<MediaType>(text("mediaType") === "video" ? "video" : "image");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-title`}
          name="title"
          label="Title"
          maxLength={200}
          defaultValue={text("title")}
          error={errors.title}
        />
        <Field id={`${idPrefix}-type`} label="Media type">
          {(aria) => (
            <Select
              {...aria}
              name="mediaType"
              value={mediaType}
              onChange={(e) => setMediaType(e.target.value === "video" ? "video" : "image")}
            >
              <option value="image">Image</option>
              <option value="video">Video</option>
            </Select>
          )}
        </Field>
      </div>
      <MediaUrlField
        id={`${idPrefix}-url`}
        name="mediaUrl"
        label="Media URL"
        bucket={mediaType === "video" ? "videos" : "images"}
        defaultValue={text("mediaUrl")}
        hint="A video (YouTube watch links are embedded) or an image."
        error={errors.mediaUrl}
      />
      <TextareaField
        id={`${idPrefix}-description`}
        name="description"
        label="Description (optional)"
        maxLength={1000}
        className="min-h-20"
        defaultValue={text("description")}
        error={errors.description}
      />
    </>
  );
}

const mineOf = (form: FormData) => ({
  title: String(form.get("title") ?? "").trim(),
  mediaType: String(form.get("mediaType") ?? ""),
  mediaUrl: String(form.get("mediaUrl") ?? "").trim(),
  description: String(form.get("description") ?? "").trim() || null,
});

export function EditShowcaseDialog({
  item,
  timeZone,
}: {
  item: ShowcaseValues & { id: string; version: string };
  timeZone: string;
}) {
  return (
    <VersionedEditDialog
      item={item}
      trigger={
        <Button variant="ghost" size="icon">
          <Pencil aria-hidden />
          <span className="sr-only">Edit {item.title}</span>
        </Button>
      }
      title="Edit showcase media"
      description="Its place in the list and whether it is shown stay as they are."
      subject={EDIT_SUBJECTS.showcase}
      intent="showcase-edit"
      timeZone={timeZone}
      mineOf={mineOf}
      saveLabel="Save media"
      fields={(shown, errors) => (
        <ShowcaseFields idPrefix={`showcase-edit-${item.id}`} initial={shown} errors={errors} />
      )}
    />
  );
}
