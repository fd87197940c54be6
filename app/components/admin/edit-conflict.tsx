// Shown in an editor whose save was refused because a teammate saved the same document after it was loaded
// (app/lib/edit-conflict.ts): who saved and when, each field they changed with their value beside the member's own,
// and the two ways on: "Load their version" (what the member typed is set aside) or "Save mine over theirs" (a normal
// save, so their version stays in the history and can be restored).
import { useEffect, useId, useRef } from "react";
import { FieldDiff } from "~/components/admin/field-diff";
import { Button } from "~/components/ui/button";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { ItemKind } from "~/lib/content-enums";
import type { EditConflict } from "~/lib/edit-conflict";
import { fieldText, REVISION_FIELDS, type RevisionField } from "~/lib/revision-fields";
import { formatInZone } from "~/lib/site-time";

const NOUNS: Record<ItemKind, string> = { page: "page", blog: "post", academy: "item" };

/** A document other than a page, post or item (a newsletter, a settings tab): what to call it, and its fields. */
export interface ConflictSubject {
  noun: string;
  fields: readonly RevisionField[];
}

export function EditConflictNotice({
  kind,
  conflict,
  loaded,
  mine,
  timeZone,
  busy,
  onLoadTheirs,
  onSaveMine,
}: {
  kind: ItemKind | ConflictSubject;
  conflict: EditConflict;
  /** The document as the editor loaded it. */
  loaded: Record<string, unknown>;
  /** What the member has in the editor now, in the same shape. */
  mine: Record<string, unknown>;
  timeZone: string;
  busy: boolean;
  onLoadTheirs: () => void;
  onSaveMine: () => void;
}) {
  const { noun, fields } =
    typeof kind === "string" ? { noun: NOUNS[kind], fields: REVISION_FIELDS[kind] } : kind;
  // The fields they changed that now read differently from the member's (compared as text, as the member reads
  // them): a field both changed the same way, or stored anew in another shape, is nothing to choose between.
  const text = (f: (typeof fields)[number], of: Record<string, unknown>) => fieldText(f, of[f.key], timeZone);
  const theirChanges = fields.filter(
    (f) => text(f, loaded) !== text(f, conflict.theirs) && text(f, mine) !== text(f, conflict.theirs),
  );
  const who = conflict.savedBy ?? "Someone";
  // The keyboard goes to the notice when it appears, as to an error summary: the choice is made there.
  const heading = useRef<HTMLHeadingElement>(null);
  // Its own id: a screen of several forms (the settings tabs) may show more than one notice.
  const headingId = useId();
  useEffect(() => {
    if (conflict.version) heading.current?.focus();
  }, [conflict.version]);
  return (
    <section
      role="alert"
      aria-labelledby={headingId}
      className="mb-6 rounded-lg border border-amber-400 bg-amber-50 p-4 text-slate-900"
      data-testid="edit-conflict"
    >
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        {who} saved this {noun} at {formatInZone(new Date(conflict.version), timeZone)}, after you opened it
      </h2>
      <p className="mt-1 text-sm">
        Your save was not made, and everything you typed is still in the editor. Compare what they changed
        with yours, then choose.
      </p>
      {theirChanges.length > 0 ? (
        <>
          <p className="mt-3 text-xs text-slate-700">
            <del className="bg-red-100 text-red-900">Struck through</del>: yours.{" "}
            <ins className="bg-green-100 text-green-900">Highlighted</ins>: theirs.
          </p>
          {/* Long changes scroll inside the notice, which the keyboard can then reach and scroll too. */}
          <ScrollRegion label="What they changed" className="mt-2 max-h-80 overflow-auto">
            <dl className="space-y-2">
              {theirChanges.map((field) => (
                <div key={field.key} className="rounded border border-amber-200 bg-white p-2">
                  <dt className="text-sm font-semibold">{field.label}</dt>
                  <dd className="mt-1 text-sm break-words whitespace-pre-wrap">
                    <FieldDiff
                      field={field}
                      from={fieldText(field, mine[field.key], timeZone)}
                      to={fieldText(field, conflict.theirs[field.key], timeZone)}
                    />
                  </dd>
                </div>
              ))}
            </dl>
          </ScrollRegion>
        </>
      ) : (
        <p className="mt-2 text-sm">What they changed reads the same as what you have.</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onLoadTheirs} disabled={busy}>
          Load their version
        </Button>
        <Button type="button" onClick={onSaveMine} disabled={busy}>
          Save mine over theirs
        </Button>
      </div>
    </section>
  );
}
