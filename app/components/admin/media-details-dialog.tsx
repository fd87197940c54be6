// A library file's details dialog (docs/product.md, Media library): its preview and facts, the file's URL with Copy,
// where it is used, and its alt text and title, saved against the version the dialog loaded (versioned-edit.tsx).
import { Copy, Pencil } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { DialogFormFooter } from "~/components/ui/dialog-form-footer";
import { Field, TextareaField, TextField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { showToast } from "~/components/ui/toaster";
import { EDIT_SUBJECTS } from "~/lib/edit-subjects";
import { ALT_TEXT_MAX, MEDIA_MESSAGES, MEDIA_TITLE_MAX, type MediaView } from "~/lib/media";
import { MediaPreview, mediaFacts, UsageList, uploadedLine } from "./media-parts";
import { BaseVersion, useVersionedEditDialog, VersionedEditNotice } from "./versioned-edit";

const mineOf = (form: FormData) => ({
  altText: String(form.get("altText") ?? "").trim(),
  title: String(form.get("title") ?? "").trim(),
});

export function MediaDetailsDialog({ item, timeZone }: { item: MediaView; timeZone: string }) {
  const { open, onOpenChange, fetcher, edit, busy, errors } = useVersionedEditDialog(item, {
    mineOf,
    action: "/admin/media",
  });
  // Their version, once loaded, fills the fields; until then the file as the list shows it.
  const shown = {
    altText: String(edit.theirs?.altText ?? item.altText),
    title: String(edit.theirs?.title ?? item.title),
  };
  const uid = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="flex-1">
          <Pencil aria-hidden />
          Edit<span className="sr-only"> details of {item.title}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Media details</DialogTitle>
          <DialogDescription className="break-all">{item.title}</DialogDescription>
        </DialogHeader>
        <VersionedEditNotice edit={edit} subject={EDIT_SUBJECTS.media} timeZone={timeZone} busy={busy} />
        <div className="grid gap-5 sm:grid-cols-[14rem_1fr]">
          <div className="space-y-2">
            <MediaPreview item={item} />
            <p className="text-xs text-slate-600">{mediaFacts(item)}</p>
            <p className="text-xs text-slate-600">{item.mimeType}</p>
            <p className="text-xs text-slate-600">{uploadedLine(item)}</p>
          </div>
          <fetcher.Form
            ref={edit.formRef}
            method="post"
            action="/admin/media"
            className="space-y-4"
            noValidate
            onSubmit={(e) => edit.sending(e.currentTarget)}
          >
            <input type="hidden" name="intent" value="details" />
            <input type="hidden" name="id" value={item.id} />
            <BaseVersion edit={edit} />
            <div key={edit.base.version} className="space-y-4">
              {item.kind === "image" ? (
                <TextareaField
                  id={`${uid}-alt`}
                  name="altText"
                  label="Alt text"
                  rows={3}
                  maxLength={ALT_TEXT_MAX}
                  defaultValue={shown.altText}
                  hint={MEDIA_MESSAGES.altHint}
                  error={errors.altText}
                />
              ) : (
                <input type="hidden" name="altText" value={shown.altText} />
              )}
              <TextField
                id={`${uid}-title`}
                name="title"
                label="Title"
                maxLength={MEDIA_TITLE_MAX}
                defaultValue={shown.title}
                error={errors.title}
              />
            </div>
            <CopyUrl url={item.url} id={`${uid}-url`} />
            <DialogFormFooter busy={busy} label="Save" busyLabel="Saving..." />
          </fetcher.Form>
        </div>
        <section className="mt-6 space-y-2" aria-labelledby={`${uid}-usage`}>
          <h3 id={`${uid}-usage`} className="text-sm font-semibold text-slate-900">
            Where it is used
          </h3>
          <UsageList item={item} />
        </section>
      </DialogContent>
    </Dialog>
  );
}

function CopyUrl({ url, id }: { url: string; id: string }) {
  return (
    <Field id={id} label="File URL">
      {(aria) => (
        <div className="flex gap-2">
          <Input {...aria} readOnly value={url} className="min-w-0 flex-1 font-mono text-xs" />
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              navigator.clipboard
                .writeText(new URL(url, window.location.origin).toString())
                .then(() => showToast({ type: "success", message: "Link copied" }))
                .catch(() => showToast({ type: "error", message: "Could not copy the link" }))
            }
          >
            <Copy aria-hidden />
            <span className="sr-only sm:not-sr-only">Copy</span>
          </Button>
        </div>
      )}
    </Field>
  );
}
