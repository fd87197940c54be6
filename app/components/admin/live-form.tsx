// The live side of a form whose save answers with the version it stored (use-save-version.ts: a settings tab, the
// site navigation), as the row editors have it: who else has it open and a teammate's save the moment it happens
// (document-live.tsx), what the member has not saved kept in this browser (browser-draft.tsx), and whether there is
// any (for the leave guard).
import { useEffect, useRef } from "react";
import type { EditVersion } from "~/lib/edit-conflict";
import type { DocumentKind } from "~/lib/realtime-protocol";
import { useBrowserDraft } from "./browser-draft";
import { useDocumentLive } from "./document-live";

type Snapshot = Record<string, unknown>;

const same = (a: Snapshot, b: Snapshot) => JSON.stringify(a) === JSON.stringify(b);

export function useLiveForm({
  kind,
  id,
  base,
  take,
  stored,
  snapshot,
  apply,
}: {
  kind: DocumentKind;
  id: string;
  /** The version the form holds and its content (useSaveVersion's `base`). */
  base: { version: EditVersion; content: Snapshot };
  /** Makes a version the form's base (useSaveVersion's `take`). */
  take: (version: EditVersion, content: Snapshot) => void;
  /** The document as the page's data has it now. */
  stored: { version: EditVersion; content: Snapshot };
  /** The form's values now, in the snapshot's shape. */
  snapshot: Snapshot;
  /** Puts values of the snapshot's shape in the form. */
  apply: (values: Snapshot) => void;
}) {
  const unsaved = !same(snapshot, base.content);
  const live = useDocumentLive(kind, id, base.version, stored.version);
  const latest = useRef({ stored, apply });
  latest.current = { stored, apply };
  const { arrived, taken } = live;
  // "Load their version" reloaded the page's data: once it holds their save, the form takes it in.
  useEffect(() => {
    if (!arrived) return;
    taken();
    const now = latest.current;
    take(now.stored.version, now.stored.content);
    now.apply(now.stored.content);
  }, [arrived, taken, take]);
  const draft = useBrowserDraft(`${kind}:${id}`, { value: snapshot, base, unsaved });
  /** Puts the kept draft back in the form, on the version it was typed over (a save then checks that one). */
  const restore = () => {
    const found = draft.restore();
    if (!found) return;
    take(found.base.version, found.base.content);
    apply(found.value);
  };
  return { live, unsaved, draft, restore };
}
