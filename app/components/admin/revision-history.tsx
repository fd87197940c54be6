// A document's history (docs/product.md, Revisions): the History tab of the post and academy edit dialog, and the
// History dialog of the page editor, the form screen, the newsletter compose screen and each settings tab
// (history-dialog.tsx). Its
// revisions, newest first (when, who, which fields changed); choosing one compares it with the current version
// field by field (text word by word: field-diff.tsx); "Restore this revision" asks first, then saves it back.
import { History, RotateCcw } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FieldDiff } from "~/components/admin/field-diff";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Spinner } from "~/components/ui/spinner";
import { useActionToast } from "~/components/ui/toaster";
import { actorLabel } from "~/lib/audit-sentences";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import type { ItemKind } from "~/lib/content-enums";
import type { ActionResult } from "~/lib/forms";
import { changedSummary, fieldText, REVISION_FIELDS, type RevisionField } from "~/lib/revision-fields";
import { formatInZone } from "~/lib/site-time";
import { cn } from "~/lib/utils";

interface RevisionSummary {
  id: number;
  action: string;
  changed: string[];
  actor: string | null;
  actorName: string | null;
  restoredFrom: number | null;
  createdAt: string;
}

type ListAnswer = { revisions: RevisionSummary[] } | { error: { message: string } };
type CompareAnswer =
  | { revision: RevisionSummary & { snapshot: Record<string, unknown> }; current: Record<string, unknown> }
  | { error: { message: string } };

const ACTION_LABELS: Record<string, string> = {
  baseline: "As it was before its first recorded save",
  create: "Created",
  update: "Edited",
  publish: "Published",
  draft: "Moved to draft",
  restore: "Restored an earlier revision",
};

/** Whose history, and how to read it: its route, its fields, and what a restore leaves as it is. */
export interface HistorySource {
  /** The history route (GET lists and compares, POST restores), e.g. /admin/settings/seo/revisions. */
  endpoint: string;
  fields: readonly RevisionField[];
  /** Fields a restore leaves as they are: the comparison says so beside them. */
  kept?: ReadonlySet<string>;
  /** What "Restore this revision?" explains. */
  confirm: string;
  /**
   * The version of the document the editor holds, sent with a restore: a teammate's newer save refuses it (a form's
   * history). Without it a restore goes through whatever was saved since.
   */
  version?: string;
}

/** A post's, academy item's or page's history: its status and publish date (a page's path too) stay on restore. */
export function contentHistory(kind: ItemKind, itemId: string): HistorySource {
  return {
    endpoint: `/admin/content/${kind}/${itemId}/revisions`,
    fields: REVISION_FIELDS[kind],
    kept: new Set(["status", "publishedAt", "path"]),
    confirm: REVISION_MESSAGES.restoreConfirm,
  };
}

export function RevisionHistory({
  source,
  timeZone,
  onRestored,
}: {
  source: HistorySource;
  timeZone: string;
  /**
   * After a successful restore, with its answer (its `version`, for the editors that take the next one from it):
   * the dialog closes, as its form still holds the old values.
   */
  onRestored: (result: ActionResult) => void;
}) {
  const { endpoint: base, fields } = source;
  const id = useId();
  const list = useFetcher<ListAnswer>();
  const compare = useFetcher<CompareAnswer>();
  const restorer = useFetcher<ActionResult>();
  const [selected, setSelected] = useState<number | undefined>();
  useActionToast(restorer.data);
  const loadList = list.load;
  useEffect(() => {
    loadList(base);
  }, [loadList, base]);
  // Once per restore, whatever the caller's callback is by then.
  const restored = useRef({ onRestored, handled: undefined as ActionResult | undefined });
  restored.current.onRestored = onRestored;
  useEffect(() => {
    const data = restorer.data;
    if (restorer.state !== "idle" || !data?.ok || restored.current.handled === data) return;
    restored.current.handled = data;
    restored.current.onRestored(data);
  }, [restorer.state, restorer.data]);

  const when = (iso: string) => `${formatInZone(new Date(iso), timeZone)} (${timeZone})`;

  if (!list.data) {
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <Spinner label="Loading the history" />
        <span aria-hidden>Loading the history…</span>
      </p>
    );
  }
  if ("error" in list.data) {
    return (
      <p className="py-6 text-sm text-red-700" role="alert">
        {REVISION_MESSAGES.loadFailed}
      </p>
    );
  }
  const { revisions } = list.data;
  if (revisions.length === 0) {
    return <p className="py-6 text-sm text-slate-600">No revisions yet: the first save will keep one.</p>;
  }
  const comparison = compare.data && "revision" in compare.data ? compare.data : undefined;

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,15rem)_minmax(0,1fr)]">
      <section aria-labelledby={`${id}-revisions`}>
        <h3 id={`${id}-revisions`} className="mb-2 text-sm font-semibold text-slate-900">
          Revisions <span className="font-normal text-slate-600">(newest first)</span>
        </h3>
        <ol className="max-h-[50dvh] space-y-1 overflow-y-auto pr-1" data-testid="revision-list">
          {revisions.map((revision) => (
            <li key={revision.id}>
              <button
                type="button"
                aria-current={selected === revision.id ? "true" : undefined}
                onClick={() => {
                  setSelected(revision.id);
                  compare.load(`${base}?revision=${revision.id}`);
                }}
                className={cn(
                  "w-full rounded-lg border px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600",
                  selected === revision.id ? "border-brand-600 bg-brand-50" : "border-slate-200",
                )}
              >
                <span className="block font-medium text-slate-900">
                  <time dateTime={revision.createdAt}>{when(revision.createdAt)}</time>
                </span>
                <span className="block text-slate-700">
                  {ACTION_LABELS[revision.action] ?? revision.action}
                  {revision.actor ? ` by ${actorLabel(revision.actor, revision.actorName)}` : ""}
                </span>
                {changedSummary(fields, revision.changed) ? (
                  <span className="block text-xs text-slate-600">
                    {revision.action === "create" ? "Set" : "Changed"}:{" "}
                    {changedSummary(fields, revision.changed)}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ol>
      </section>

      <section aria-live="polite" aria-labelledby={`${id}-compare`} className="min-w-0">
        <h3 id={`${id}-compare`} className="mb-2 text-sm font-semibold text-slate-900">
          Compare with the current version
        </h3>
        {selected === undefined ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <History className="size-4" aria-hidden />
            Choose a revision to see what restoring it would change.
          </p>
        ) : compare.state !== "idle" || !compare.data ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner label="Loading the revision" />
            <span aria-hidden>Loading the revision…</span>
          </p>
        ) : !comparison ? (
          <p className="text-sm text-red-700" role="alert">
            {REVISION_MESSAGES.loadFailed}
          </p>
        ) : (
          <Comparison
            fields={fields}
            kept={source.kept}
            revision={comparison.revision.snapshot}
            current={comparison.current}
            timeZone={timeZone}
            footer={
              <ConfirmDialog
                title="Restore this revision?"
                description={source.confirm}
                confirmLabel="Restore"
                onConfirm={() =>
                  restorer.submit(
                    {
                      intent: "restore",
                      revision: String(comparison.revision.id),
                      ...(source.version ? { base: source.version } : {}),
                    },
                    { method: "post", action: base },
                  )
                }
                trigger={
                  <Button type="button" variant="outline" disabled={restorer.state !== "idle"}>
                    {restorer.state !== "idle" ? <Spinner label="Restoring" /> : <RotateCcw aria-hidden />}
                    Restore this revision
                  </Button>
                }
              />
            }
          />
        )}
      </section>
    </div>
  );
}

/** The fields that differ between the current version and a revision, as restoring would change them. */
function Comparison({
  fields,
  kept,
  revision,
  current,
  timeZone,
  footer,
}: {
  fields: readonly RevisionField[];
  kept: ReadonlySet<string> | undefined;
  revision: Record<string, unknown>;
  current: Record<string, unknown>;
  timeZone: string;
  footer: ReactNode;
}) {
  const differing = fields
    .map((f) => ({
      field: f,
      from: fieldText(f, current[f.key], timeZone),
      to: fieldText(f, revision[f.key], timeZone),
    }))
    .filter((d) => d.from !== d.to);
  if (differing.length === 0) {
    return <p className="text-sm text-slate-700">This revision is the same as the current version.</p>;
  }
  return (
    <div className="space-y-4">
      <p className="text-xs text-slate-600">
        <del className="bg-red-100 text-red-900">Struck through</del>: the current text, which restoring
        removes. <ins className="bg-green-100 text-green-900">Highlighted</ins>: what the revision brings
        back.
      </p>
      <dl className="space-y-3" data-testid="revision-diff">
        {differing.map(({ field, from, to }) => (
          <div key={field.key} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-sm font-semibold text-slate-900">
              {field.label}
              {kept?.has(field.key) ? (
                <span className="ml-2 font-normal text-slate-600">(stays as it is now)</span>
              ) : null}
            </dt>
            <dd className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">
              <FieldDiff field={field} from={from} to={to} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex justify-end">{footer}</div>
    </div>
  );
}
