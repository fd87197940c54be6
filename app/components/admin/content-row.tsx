// The list row parts the blog and academy admin pages share: the optimistic publish toggle, "view on site", "share
// preview", the edit dialog (closed when a save succeeds, with the item's history beside the form) and delete with
// confirmation. Each page keeps its own row content, form fields and texts.
import { ExternalLink, Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { DraftOffer, formValuesOf, useBrowserDraft } from "~/components/admin/browser-draft";
import { DocumentLiveNotice, useDocumentLive } from "~/components/admin/document-live";
import { EditConflictNotice } from "~/components/admin/edit-conflict";
import { SharePreview } from "~/components/admin/preview-links";
import { contentHistory, RevisionHistory } from "~/components/admin/revision-history";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes-guard";
import { useVersionedEdit } from "~/components/admin/versioned-edit";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useActionToast } from "~/components/ui/toaster";
import type { ContentKind } from "~/lib/content-enums";
import type { ActionResult, FieldErrors } from "~/lib/forms";
import { snapshotOf } from "~/lib/revision-fields";

interface ContentItem {
  id: string;
  title: string;
  slug: string;
  status: string;
  /** Published with a publication time still ahead (docs/product.md, Content statuses). */
  scheduled?: boolean;
}

/**
 * A row's fetchers and state. The delete fetcher is keyed (`deleteKey`), so the page, not this row (which
 * disappears on success), shows the delete's toast; the status shown is the one a pending toggle is about to set.
 */
export function useContentRow(item: ContentItem, deleteKey: string) {
  const toggler = useFetcher<ActionResult>();
  const deleter = useFetcher<ActionResult>({ key: deleteKey });
  useActionToast(toggler.data);
  const status =
    toggler.state !== "idle" ? (item.status === "published" ? "draft" : "published") : item.status;
  const deleting = deleter.state !== "idle" && deleter.formData?.get("id") === item.id;
  const published = status === "published";
  return { toggler, deleter, status, published, scheduled: published && Boolean(item.scheduled), deleting };
}

export function ContentRowActions({
  kind,
  item,
  row,
  viewHref,
  deleteConfirm,
  editDialog,
  timeZone,
}: {
  kind: ContentKind;
  item: ContentItem;
  row: ReturnType<typeof useContentRow>;
  /** The public page, linked while the item is published and its time has come. */
  viewHref: string;
  deleteConfirm: string;
  editDialog: ReactNode;
  /** The site's time zone, for the preview links' dates. */
  timeZone: string;
}) {
  const { toggler, deleter, published, scheduled, deleting } = row;
  const unpublish = scheduled ? "Unschedule" : "Unpublish";
  return (
    <div className="flex shrink-0 items-center gap-1">
      <toggler.Form method="post">
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="id" value={item.id} />
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          title={published ? `${unpublish} (move to draft)` : "Publish"}
          aria-label={published ? `${unpublish} ${item.title}` : `Publish ${item.title}`}
        >
          {published ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
        </Button>
      </toggler.Form>
      {item.status === "published" && !item.scheduled ? (
        <Button asChild variant="ghost" size="icon" title="View on site">
          <a href={viewHref} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden />
            <span className="sr-only">View {item.title} on the site (opens in a new tab)</span>
          </a>
        </Button>
      ) : null}
      <SharePreview kind={kind} item={item} timeZone={timeZone} />
      {editDialog}
      <ConfirmDialog
        description={deleteConfirm}
        onConfirm={() => deleter.submit({ intent: "delete", id: item.id }, { method: "post" })}
        trigger={
          <Button variant="ghost" size="icon" title="Delete" disabled={deleting}>
            <Trash2 className="text-red-700" aria-hidden />
            <span className="sr-only">Delete {item.title}</span>
          </Button>
        }
      />
    </div>
  );
}

/**
 * The edit dialog of one item: posts intent "update" with the item's id, and closes when the save succeeds. Its
 * History tab lists the item's revisions (docs/product.md, Revisions); a restore closes the dialog too.
 */
export function ContentEditDialog({
  kind,
  timeZone,
  item,
  title,
  description,
  formLabel,
  className,
  keepOpenOnEscapeIn,
  fields,
  mineOf,
}: {
  kind: ContentKind;
  /** The site's time zone, for the history's dates. */
  timeZone: string;
  item: { id: string; title: string; updatedAt: Date };
  title: string;
  description: string;
  formLabel: string;
  className?: string;
  /** A CSS selector: Escape pressed inside it (the body editor) must not close the dialog and lose edits. */
  keepOpenOnEscapeIn?: string;
  /** The form's fields, filled from the item, or from a teammate's version (`theirs`) once loaded. */
  fields: (errors: FieldErrors | undefined, theirs?: Record<string, unknown>) => ReactNode;
  /** A submission shaped like the item's snapshot, to set beside a teammate's version after a refused save. */
  mineOf: (values: Record<string, string>, loaded: Record<string, unknown>) => Record<string, unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState("edit");
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const close = useCallback(() => setOpen(false), []);
  const saving = fetcher.state !== "idle";
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  // The version the dialog's form holds (a save carries it), taken when the dialog opens: the list below may be
  // loaded again meanwhile, and must not move it. It moves when the member takes another version in.
  const edit = useVersionedEdit({
    fetcher,
    mineOf: (form, loaded) => mineOf(formValuesOf(form), loaded),
  });
  const { base, theirs, conflict, formRef, take } = edit;
  // Who else has it open, and a teammate's save as it happens; loading theirs takes the list's fresh copy in.
  const stored = item.updatedAt.toISOString();
  const live = useDocumentLive(kind, open ? item.id : undefined, base.version, stored);
  const [edited, setEdited] = useState(false);
  // What the member typed is kept in this browser until saved or discarded (app/components/admin/browser-draft.tsx):
  // read from the form shortly after each change (the body editor fills its hidden field a moment later).
  const [values, setValues] = useState<Record<string, string>>({});
  const [generation, setGeneration] = useState(0);
  const capture = useRef<ReturnType<typeof setTimeout>>(undefined);
  const changed = () => {
    setEdited(true);
    clearTimeout(capture.current);
    capture.current = setTimeout(() => {
      if (formRef.current) setValues(formValuesOf(formRef.current));
    }, 250);
  };
  const draft = useBrowserDraft(open ? `${kind}:${item.id}` : undefined, {
    value: values,
    base,
    unsaved: edited && !fetcher.data?.ok,
  });
  const restoreDraft = () => {
    const found = draft.restore();
    if (!found) return;
    take(found.base, mineOf(found.value, found.base.content));
    setValues(found.value);
    setGeneration((n) => n + 1);
    setEdited(true);
  };
  // Saved: the kept draft goes, and so does the dialog.
  const discardDraft = useRef(draft.discard);
  discardDraft.current = draft.discard;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    discardDraft.current();
    setOpen(false);
  }, [fetcher.state, fetcher.data]);
  const { arrived, taken } = live;
  useEffect(() => {
    if (!arrived) return;
    taken();
    take({ version: stored, content: snapshotOf(item) }, snapshotOf(item));
    setEdited(false);
  }, [arrived, taken, take, item, stored]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) return;
        setTab("edit");
        edit.start({ ...item, version: item.updatedAt.toISOString() });
        setEdited(false);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" title="Edit">
          <Pencil aria-hidden />
          <span className="sr-only">Edit {item.title}</span>
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent
          className={className}
          onEscapeKeyDown={(e) => {
            if (keepOpenOnEscapeIn && (e.target as Element | null)?.closest?.(keepOpenOnEscapeIn)) {
              e.preventDefault();
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label={`${title}: form or history`}>
              <TabsTrigger value="edit">Edit</TabsTrigger>
              <TabsTrigger value="history">History</TabsTrigger>
            </TabsList>
            {/* Kept mounted while the history shows, so nothing typed is lost. */}
            <TabsContent value="edit" forceMount>
              {/* One dialog is open at a time, so one guard: leaving the page with its changes asks first. */}
              <UnsavedChangesGuard unsaved={edited && !saving} />
              <DraftOffer
                draft={draft.offer}
                timeZone={timeZone}
                onRestore={restoreDraft}
                onDiscard={draft.discard}
              />
              <DocumentLiveNotice
                kind={kind}
                live={live}
                refused={Boolean(conflict)}
                unsaved={edited}
                timeZone={timeZone}
              />
              {conflict ? (
                <EditConflictNotice
                  kind={kind}
                  conflict={conflict}
                  loaded={base.content}
                  mine={edit.mine}
                  timeZone={timeZone}
                  busy={saving}
                  onLoadTheirs={edit.loadTheirs}
                  onSaveMine={edit.saveMine}
                />
              ) : null}
              <fetcher.Form
                ref={formRef}
                method="post"
                noValidate
                aria-label={formLabel}
                onChange={changed}
                onInput={changed}
                onSubmit={(event) => edit.sending(event.currentTarget)}
              >
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="id" value={item.id} />
                <input type="hidden" name="base" value={base.version} />
                {/* Their version, once loaded, fills a new form (the fields keep their own state). */}
                <div key={`${base.version}:${generation}`}>{fields(failed?.fieldErrors, theirs)}</div>
                <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={saving}>
                    {saving ? <Spinner label="Saving" /> : null}
                    Save Changes
                  </Button>
                </div>
              </fetcher.Form>
            </TabsContent>
            <TabsContent value="history">
              {tab === "history" ? (
                <RevisionHistory
                  source={contentHistory(kind, item.id)}
                  timeZone={timeZone}
                  onRestored={close}
                />
              ) : null}
            </TabsContent>
          </Tabs>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
