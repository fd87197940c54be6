// An open document's live side, through the realtime channel (app/components/admin/realtime.tsx): who else has it
// open ("Dana is editing"), and a notice the moment a teammate saves it, before this member tries to save over
// their version. The save itself is still checked on the server (app/lib/edit-conflict.ts); this only tells early.
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import {
  type DocumentKind,
  documentTopic,
  type PresentMember,
  type SavedEvent,
} from "~/lib/realtime-protocol";
import { formatInZone } from "~/lib/site-time";
import { PresenceLine, usePresence, useRealtimeMember } from "./realtime";

const NOUNS: Record<DocumentKind, string> = {
  page: "page",
  blog: "post",
  academy: "item",
  newsletter: "newsletter",
  form: "form",
  settings: "settings tab",
  navigation: "navigation",
};

/**
 * The live state of the document `id` of `kind` (none while it is new): the others who have it open, and the
 * latest save by someone else that is newer than `version`, the version the editor holds (cleared once it holds
 * that one or a newer one). `stored` is the version the page's data has now: after `reload` (or `awaitVersion`),
 * `arrived` turns true once that data brings the announced save, and the editor takes it in (then calls `taken`).
 */
export function useDocumentLive(
  kind: DocumentKind,
  id: string | undefined,
  version: string,
  stored?: string,
) {
  const memberId = useRealtimeMember();
  const [saved, setSaved] = useState<SavedEvent | null>(null);
  const [wanted, setWanted] = useState<string | null>(null);
  const held = useRef(version);
  held.current = version;
  const others = usePresence(id ? documentTopic(kind, id) : undefined, (event, data) => {
    if (event !== "saved") return;
    const save = data as SavedEvent;
    // This member's own saves (this tab's or another's) are not news; an older version than held neither.
    if (save.by.id === memberId || save.version <= held.current) return;
    setSaved(save);
  });
  useEffect(() => {
    if (saved && version >= saved.version) setSaved(null);
  }, [version, saved]);
  const revalidator = useRevalidator();
  /** Loads the page's data again, which brings their version. */
  const reload = () => {
    if (!saved) return;
    setWanted(saved.version);
    void revalidator.revalidate();
  };
  /**
   * Waits for the page's data to bring `version`, a save this member made elsewhere (a restore from the history):
   * `arrived` then turns true as for a teammate's, and the editor takes it in.
   */
  const awaitVersion = (next: string) => {
    setWanted(next);
    if (stored === undefined || stored < next) void revalidator.revalidate();
  };
  const arrived = wanted !== null && stored !== undefined && stored >= wanted;
  const taken = useCallback(() => setWanted(null), []);
  return { others, saved, reload, awaitVersion, arrived, taken };
}

/**
 * Who else is here, and the notice of a teammate's save with the way to take their version in (useDocumentLive's
 * `live`). While a refused save's conflict notice is on screen, that notice says it already, and this one is quiet.
 */
export function DocumentLiveNotice({
  kind,
  noun = NOUNS[kind],
  live,
  refused,
  unsaved,
  timeZone,
}: {
  kind: DocumentKind;
  /** What the document is called ("General tab"), when its kind's name is not enough. */
  noun?: string;
  live: { others: PresentMember[]; saved: SavedEvent | null; reload: () => void };
  /** A refused save's conflict notice is shown. */
  refused: boolean;
  /** The member has changes of their own that loading would set aside. */
  unsaved: boolean;
  timeZone: string;
}) {
  const { others, reload: onLoadTheirs } = live;
  const saved = refused ? null : live.saved;
  return (
    <div className={others.length > 0 || saved ? "mb-4 space-y-2" : undefined} data-testid="document-live">
      <PresenceLine members={others} />
      {saved ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-slate-900"
          data-testid="saved-elsewhere"
        >
          <p className="min-w-48 flex-1">
            <strong>
              {saved.by.name} saved this {noun} at {formatInZone(new Date(saved.at), timeZone)}.
            </strong>{" "}
            {unsaved
              ? "Your changes are still here; if you save, you will first see what they changed."
              : "Load their version to continue from it."}
          </p>
          <Button type="button" size="sm" variant="outline" onClick={onLoadTheirs}>
            Load their version
          </Button>
        </div>
      ) : null}
    </div>
  );
}
