// The page editor: page settings, the block list (add from the palette, reorder by drag or with Alt+Arrow keys and
// the move buttons, duplicate, remove with undo), the selected block's fields, and the live preview of the unsaved
// page at phone or desktop width. The whole page is saved as one JSON field; the server validates it and answers
// with messages by field, and the editor keeps everything that was typed. A saved page also has preview links to
// share and its history of revisions; restoring one puts the restored page in the editor. The settings card (title,
// path, status, search fields, save and delete) is page-settings.tsx.
import { GripVertical } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import type { LatestCard, PageData, ShowcaseSlide } from "~/blocks/page-data";
import { type BlockSite, BlockSiteContext } from "~/blocks/render-parts";
import { BlockView } from "~/blocks/renderers";
import type { PageBlock } from "~/blocks/types";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { useBrowserDraft } from "~/components/admin/browser-draft";
import { useDocumentLive } from "~/components/admin/document-live";
import { EditorNotices } from "~/components/admin/editor-notices";
import { HistoryDialog } from "~/components/admin/history-dialog";
import { ListItemControls, RemovedNotice } from "~/components/admin/list-item-controls";
import { BlockFields, type Value } from "~/components/admin/page-fields";
import { BlockBoundary, PagePreview, type PreviewWidth } from "~/components/admin/page-preview";
import {
  type EditedPage,
  editedPageOf,
  headOf,
  type PageHead,
  PageSettings,
  pageSnapshot,
} from "~/components/admin/page-settings";
import { SharePreview } from "~/components/admin/preview-links";
import { contentHistory } from "~/components/admin/revision-history";
import { StatusBadge } from "~/components/admin/status-badge";
import { type PaletteEntry, useBlockList } from "~/components/admin/use-block-list";
import { useEditVersion } from "~/components/admin/use-edit-version";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { useActionToast } from "~/components/ui/toaster";
import { CONFLICT_MESSAGES } from "~/lib/edit-conflict";
import type { PublicForm } from "~/lib/form-builder/availability";
import type { ActionResult } from "~/lib/forms";
import type { SiteNavigation } from "~/lib/site-navigation";

interface Props {
  page: EditedPage | null;
  /** The page as loaded, shaped like a revision's snapshot: what a teammate's save is compared with. */
  loaded: Record<string, unknown> | null;
  builtIn: boolean;
  palette: PaletteEntry[];
  preview: {
    showcase: ShowcaseSlide[];
    latest: { blog: LatestCard[]; academy: LatestCard[] };
    /** The site's forms by id, for the form block's preview. */
    forms: Record<string, PublicForm>;
  };
  site: BlockSite;
  nav: SiteNavigation;
  /** The site's time zone, for the dates of preview links and revisions. */
  timeZone: string;
  result?: ActionResult;
}

/** The whole page as the form sends it (one JSON field). */
const payloadOf = (head: PageHead, blocks: Value[]) =>
  JSON.stringify({
    ...head,
    publishAt: head.publishAt ? new Date(head.publishAt).toISOString() : "",
    blocks,
  });

export function PageEditor({ page, loaded, builtIn, palette, preview, site, nav, timeZone, result }: Props) {
  const [head, setHead] = useState(() => headOf(page));
  const list = useBlockList(page?.blocks ?? [], palette);
  const { blocks, selected, setSelected, removed, announce, setAnnounce, labelOf, summaryOf } = list;
  const { move, duplicate, remove, undo, change } = list;
  const payload = payloadOf(head, blocks);
  const stored = useMemo(
    () => (page ? { version: page.updatedAt, content: loaded ?? {} } : null),
    [page, loaded],
  );
  const { base, conflict, unsaved, take } = useEditVersion({
    stored,
    result,
    payload,
    initialPayload: () => payloadOf(headOf(page), page?.blocks ?? []),
  });
  // After a restore the page is loaded again; the editor then takes it in place of what it held. So it is when the
  // member loads the version a teammate just saved (their save's notice).
  const [restored, setRestored] = useState(false);
  const onRestored = useCallback(() => setRestored(true), []);
  const live = useDocumentLive("page", page?.id, base.version, page?.updatedAt);
  useEffect(() => {
    if (!(restored || live.arrived) || !page) return;
    setRestored(false);
    live.taken();
    setHead(headOf(page));
    list.replace(page.blocks);
    take({ version: page.updatedAt, content: loaded ?? {} }, payloadOf(headOf(page), page.blocks));
  }, [restored, live.arrived, live.taken, page, loaded, take, list.replace]);
  const [adding, setAdding] = useState(palette[0]?.type ?? "hero");
  const [width, setWidth] = useState<PreviewWidth>("desktop");
  const [dragging, setDragging] = useState<number | null>(null);
  const navigation = useNavigation();
  const submit = useSubmit();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  useActionToast(result);
  const errors = (result && !result.ok ? (result.fieldErrors ?? {}) : {}) as Record<
    string,
    string | undefined
  >;

  const add = () => list.add(adding);
  const specOf = (type: unknown) => palette.find((p) => p.type === type);

  const data: PageData = useMemo(() => {
    const latest: PageData["latest"] = {};
    for (const block of blocks) {
      if (block.type !== "latest") continue;
      const source = block.source === "academy" ? preview.latest.academy : preview.latest.blog;
      latest[String(block.id)] = source.slice(0, Number(block.count) || 3);
    }
    const forms: NonNullable<PageData["forms"]> = {};
    for (const block of blocks) {
      const form = block.type === "form" ? preview.forms[String(block.formId)] : undefined;
      if (form) forms[String(block.id)] = form;
    }
    return { showcase: preview.showcase, latest, images: {}, forms };
  }, [blocks, preview]);

  // What was not saved is kept in this browser; opening the page again offers it back (saved pages only).
  const kept = useMemo(() => ({ head, blocks }), [head, blocks]);
  const draft = useBrowserDraft(page ? `page:${page.id}` : undefined, { value: kept, base, unsaved });
  const restoreDraft = () => {
    const found = draft.restore();
    if (!found) return;
    setHead(found.value.head);
    list.replace(found.value.blocks);
    // The version it was made on, with nothing of it saved: a save over a newer version is refused as usual.
    take(found.base, "");
  };
  const loadTheirs = () => {
    if (!conflict || !page) return;
    const theirs = editedPageOf(page.id, conflict.version, conflict.theirs);
    setHead(headOf(theirs));
    list.replace(theirs.blocks);
    take({ version: conflict.version, content: conflict.theirs }, payloadOf(headOf(theirs), theirs.blocks));
    setAnnounce(CONFLICT_MESSAGES.loaded);
  };
  // A normal save that carries their version: it goes through, with its revision and audit entry.
  const saveMine = () => {
    if (conflict) submit({ intent: "save", page: payload, base: conflict.version }, { method: "post" });
  };
  const selectedIndex = blocks.findIndex((b) => b.id === selected);
  const selectedBlock = blocks[selectedIndex];

  return (
    <>
      <AdminPageHeader
        title={page ? `Edit page: ${page.title}` : "New page"}
        description="Changes show in the preview as you type; visitors see them once the page is saved and published."
        actions={
          <>
            {page ? <StatusBadge status={page.status} /> : null}
            {page ? (
              <a
                href={page.path}
                target="_blank"
                rel="noreferrer"
                className="text-sm font-semibold text-brand-700 underline"
              >
                View page<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
            {page ? <SharePreview kind="page" item={page} timeZone={timeZone} labelled /> : null}
            {page ? (
              <HistoryDialog
                title="Page history"
                description="Every save keeps a revision. Restoring one brings back its title, search fields and blocks; the path, status and publish date stay as they are."
                source={contentHistory("page", page.id)}
                timeZone={timeZone}
                onRestored={onRestored}
              />
            ) : null}
          </>
        }
      />
      <EditorNotices
        kind="page"
        unsaved={unsaved}
        timeZone={timeZone}
        draft={{ offer: draft.offer, onRestore: restoreDraft, onDiscard: draft.discard }}
        live={live}
        conflict={conflict}
        subject="page"
        loaded={base.content}
        mine={() => pageSnapshot(head, blocks, base.content)}
        busy={saving}
        onLoadTheirs={loadTheirs}
        onSaveMine={saveMine}
        announce={announce}
        error={errors.form ?? errors.blocks}
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <PageSettings
            head={head}
            onChange={setHead}
            payload={payload}
            base={base.version}
            errors={errors}
            saving={saving}
            builtIn={builtIn}
            deletable={Boolean(page)}
          />

          <Card className="p-4">
            <h2 id="blocks-heading" className="text-lg font-semibold text-slate-900">
              Blocks
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Select a block to edit it. Reorder by dragging, with the arrow buttons, or with Alt+Arrow
              Up/Down.
            </p>
            {removed ? <RemovedNotice name={summaryOf(removed.block)} onUndo={undo} /> : null}
            {blocks.length === 0 ? (
              <p className="mt-4 text-sm text-slate-700">No blocks yet: add the first one below.</p>
            ) : (
              <ol aria-labelledby="blocks-heading" className="mt-4 space-y-2">
                {blocks.map((block, index) => {
                  const hasError = Object.keys(errors).some(
                    (k) => k.startsWith(`blocks.${index}.`) || k === `blocks.${index}`,
                  );
                  return (
                    <li
                      key={String(block.id)}
                      draggable
                      onDragStart={() => setDragging(index)}
                      onDragOver={(event) => event.preventDefault()}
                      onDrop={() => {
                        if (dragging !== null && dragging !== index) move(dragging, index);
                        setDragging(null);
                      }}
                      className={`flex items-center gap-1 rounded-lg border p-1 ${
                        block.id === selected ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-white"
                      } ${hasError ? "ring-2 ring-red-500" : ""}`}
                      data-testid="block-item"
                    >
                      <GripVertical className="size-4 shrink-0 cursor-grab text-slate-500" aria-hidden />
                      <ListItemControls
                        name={summaryOf(block)}
                        detail={`${labelOf(block)}${hasError ? " · needs attention" : ""}`}
                        index={index}
                        count={blocks.length}
                        selected={block.id === selected}
                        onSelect={() => setSelected(String(block.id))}
                        onMove={move}
                        onDuplicate={() => duplicate(index)}
                        onRemove={() => remove(index)}
                      />
                    </li>
                  );
                })}
              </ol>
            )}
            <div className="mt-4 flex flex-wrap items-end gap-2">
              <Field id="block-palette" label="Add a block" className="min-w-0 flex-1">
                {(aria) => (
                  <Select {...aria} value={adding} onChange={(e) => setAdding(e.target.value)}>
                    {palette.map((entry) => (
                      <option key={entry.type} value={entry.type}>
                        {entry.label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Button type="button" variant="outline" onClick={add}>
                Add block
              </Button>
            </div>
            <p className="mt-2 text-xs text-slate-700">{specOf(adding)?.description}</p>
          </Card>

          {selectedBlock ? (
            <Card className="p-4">
              <h2 className="text-lg font-semibold text-slate-900">{labelOf(selectedBlock)}: fields</h2>
              <div className="mt-4">
                <BlockFields
                  fields={specOf(selectedBlock.type)?.fields ?? []}
                  value={selectedBlock}
                  onChange={(path, next) => change(selectedIndex, path, next)}
                  errors={errors}
                  idPrefix={`block-${String(selectedBlock.id)}`}
                  errorPrefix={`blocks.${selectedIndex}`}
                />
              </div>
            </Card>
          ) : null}
        </div>

        <section aria-labelledby="preview-heading" className="min-w-0 overflow-hidden">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
              Live preview
            </h2>
            <fieldset className="flex gap-1">
              <legend className="sr-only">Preview width</legend>
              <Button
                type="button"
                size="sm"
                variant={width === "phone" ? "default" : "outline"}
                aria-pressed={width === "phone"}
                onClick={() => setWidth("phone")}
              >
                Phone
              </Button>
              <Button
                type="button"
                size="sm"
                variant={width === "desktop" ? "default" : "outline"}
                aria-pressed={width === "desktop"}
                onClick={() => setWidth("desktop")}
              >
                Desktop
              </Button>
            </fieldset>
          </div>
          <PagePreview width={width} nav={nav}>
            <BlockSiteContext.Provider value={site}>
              {blocks.map((block) => (
                <BlockBoundary key={String(block.id)} resetKey={JSON.stringify(block)}>
                  <BlockView block={block as unknown as PageBlock} data={data} />
                </BlockBoundary>
              ))}
            </BlockSiteContext.Provider>
          </PagePreview>
        </section>
      </div>
    </>
  );
}
