// Unsaved work kept in this browser: while a member has changes an editor has not saved, they are written to the
// browser's storage (under the member and the document), so a closed tab, a crash or an expired session does not
// lose them. Opening the document again offers them back; they are removed once saved or discarded, and all of a
// member's drafts when they sign out. The version the editor held goes with them, so a restored draft saved over a
// teammate's newer version is refused like any other stale save.
import { useCallback, useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { formatInZone } from "~/lib/site-time";
import { useRealtimeMember } from "./realtime";

const PREFIX = "asimov.draft.v1:";

export interface BrowserDraft<T> {
  /** When it was last written. */
  at: string;
  /** The version the editor held, and that version's content (what a teammate's save is compared with). */
  base: { version: string; content: Record<string, unknown> };
  value: T;
}

function read<T>(key: string): BrowserDraft<T> | null {
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as BrowserDraft<T>) : null;
  } catch {
    return null;
  }
}

function write(key: string, draft: BrowserDraft<unknown>): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the leave guard still asks before the tab closes.
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {}
}

/** A form's fields as text, without what the form adds itself (intent, id, base version). */
export function formValuesOf(form: HTMLFormElement | FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form instanceof FormData ? form : new FormData(form)) {
    if (typeof value === "string" && !["intent", "id", "base"].includes(name)) values[name] = value;
  }
  return values;
}

/** Forgets every draft of `memberId` kept in this browser (signing out on a shared computer). */
export function forgetDrafts(memberId: string): void {
  try {
    const mine = `${PREFIX}${memberId}:`;
    for (const key of Object.keys(window.localStorage)) if (key.startsWith(mine)) remove(key);
  } catch {}
}

/**
 * Keeps `value` as the draft of document `document` (e.g. "page:<id>"; undefined: keep nothing) while `unsaved`,
 * and removes it once nothing is unsaved. A draft found on opening is offered (`offer`) until the member restores or
 * discards it; meanwhile nothing overwrites it.
 */
export function useBrowserDraft<T>(
  document: string | undefined,
  { value, base, unsaved }: { value: T; base: BrowserDraft<T>["base"]; unsaved: boolean },
) {
  const memberId = useRealtimeMember();
  const key = document && memberId ? `${PREFIX}${memberId}:${document}` : undefined;
  const [offer, setOffer] = useState<BrowserDraft<T> | null>(null);
  const [checked, setChecked] = useState<string | undefined>();
  // Read after the first render (the server has no storage, and the page must hydrate as it rendered there).
  useEffect(() => {
    if (!key) return;
    setOffer(read<T>(key));
    setChecked(key);
  }, [key]);
  useEffect(() => {
    if (!key || checked !== key || offer) return;
    if (!unsaved) return remove(key);
    const timer = setTimeout(() => write(key, { at: new Date().toISOString(), base, value }), 300);
    return () => clearTimeout(timer);
  }, [key, checked, offer, unsaved, value, base]);
  const restore = useCallback(() => {
    setOffer(null);
    return offer;
  }, [offer]);
  const discard = useCallback(() => {
    if (key) remove(key);
    setOffer(null);
  }, [key]);
  return { offer, restore, discard };
}

/** The offer of a kept draft: restore it or discard it. */
export function DraftOffer({
  draft,
  timeZone,
  onRestore,
  onDiscard,
}: {
  draft: BrowserDraft<unknown> | null;
  timeZone: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const heading = useId();
  if (!draft) return null;
  return (
    <section
      aria-labelledby={heading}
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900"
      data-testid="draft-offer"
    >
      <div className="min-w-48 flex-1">
        <h2 id={heading} className="font-semibold">
          Unsaved changes from {formatInZone(new Date(draft.at), timeZone)}
        </h2>
        <p>This browser kept what you had not saved. Restore it to go on, or discard it.</p>
      </div>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={onRestore}>
          Restore unsaved changes
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}
