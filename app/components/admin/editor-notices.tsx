// What every document editor shows above its form, in one order: the question before leaving with unsaved changes,
// the offer of a draft kept in this browser, who else has the document open and a teammate's save, and the
// refusal of a save over a newer version with the choice it leaves; then what the editor announces, and a refusal
// that belongs to no one field.
import type * as React from "react";
import { type BrowserDraft, DraftOffer } from "~/components/admin/browser-draft";
import { DocumentLiveNotice } from "~/components/admin/document-live";
import { EditConflictNotice } from "~/components/admin/edit-conflict";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes-guard";
import type { EditConflict } from "~/lib/edit-conflict";

type ConflictNoticeProps = React.ComponentProps<typeof EditConflictNotice>;

export function EditorNotices({
  kind,
  unsaved,
  timeZone,
  draft,
  live,
  conflict,
  subject,
  loaded,
  mine,
  busy,
  onLoadTheirs,
  onSaveMine,
  announce,
  error,
}: {
  kind: React.ComponentProps<typeof DocumentLiveNotice>["kind"];
  unsaved: boolean;
  timeZone: string;
  draft: { offer: BrowserDraft<unknown> | null; onRestore: () => void; onDiscard: () => void };
  live: React.ComponentProps<typeof DocumentLiveNotice>["live"];
  /** A refused save; null while there is none. */
  conflict: EditConflict | null;
  /** What the conflict notice calls the document and the fields it compares. */
  subject: ConflictNoticeProps["kind"];
  /** The document as the editor loaded it. */
  loaded: Record<string, unknown>;
  /** What the member has in the editor now, in the same shape (asked only while a save is refused). */
  mine: () => Record<string, unknown>;
  busy: boolean;
  onLoadTheirs: () => void;
  onSaveMine: () => void;
  /** Told to screen readers as it changes (a block moved, their version loaded). */
  announce?: string;
  /** A refusal that belongs to no one field. */
  error?: string;
}) {
  return (
    <>
      <UnsavedChangesGuard unsaved={unsaved} />
      <DraftOffer
        draft={draft.offer}
        timeZone={timeZone}
        onRestore={draft.onRestore}
        onDiscard={draft.onDiscard}
      />
      <DocumentLiveNotice
        kind={kind}
        live={live}
        refused={Boolean(conflict)}
        unsaved={unsaved}
        timeZone={timeZone}
      />
      {conflict ? (
        <EditConflictNotice
          kind={subject}
          conflict={conflict}
          loaded={loaded}
          mine={mine()}
          timeZone={timeZone}
          busy={busy}
          onLoadTheirs={onLoadTheirs}
          onSaveMine={onSaveMine}
        />
      ) : null}
      {announce !== undefined ? (
        <p className="sr-only" role="status" aria-live="polite">
          {announce}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
    </>
  );
}
