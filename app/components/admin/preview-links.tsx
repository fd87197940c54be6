// "Share preview" in a content list row and the page editor (docs/product.md, Preview links): a dialog that creates a
// link showing the draft or scheduled item as the public page would (shown once, to copy: the server keeps only a
// hash of it), and lists the links that still work (who made them and when, how long each lasts, revoke after
// asking).
import { Link2, Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { CopyButton } from "~/components/admin/api-key-copy";
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
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { useActionToast } from "~/components/ui/toaster";
import { PREVIEW_MESSAGES } from "~/lib/cms-messages";
import type { ItemKind } from "~/lib/content-enums";
import type { ActionResult } from "~/lib/forms";
import type { CreatedLink } from "~/lib/preview";
import { formatInZone } from "~/lib/site-time";

interface LinkRow {
  id: string;
  createdAt: string;
  createdBy: string | null;
  expiresAt: string;
}

type ListAnswer = { links: LinkRow[] } | { error: { message: string } };
type ChangeAnswer = ActionResult & { created?: CreatedLink; revoked?: string };

const NOUN: Record<ItemKind, string> = { blog: "post", academy: "lesson", page: "page" };

export function SharePreview({
  kind,
  item,
  timeZone,
  labelled = false,
}: {
  kind: ItemKind;
  item: { id: string; title: string };
  timeZone: string;
  /** A button with its name in words (the page editor's header) rather than a row's icon button. */
  labelled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {labelled ? (
          <Button variant="outline" size="sm">
            <Link2 aria-hidden />
            Share preview
          </Button>
        ) : (
          <Button variant="ghost" size="icon" title="Share preview">
            <Link2 aria-hidden />
            <span className="sr-only">Share a preview of {item.title}</span>
          </Button>
        )}
      </DialogTrigger>
      {open ? (
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Share preview</DialogTitle>
            <DialogDescription>
              Anyone with a link sees this {NOUN[kind]} as it will look on the site, without signing in, until
              the link expires (after 7 days) or you revoke it. Search engines do not index it.
            </DialogDescription>
          </DialogHeader>
          <PreviewLinks kind={kind} itemId={item.id} timeZone={timeZone} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PreviewLinks({ kind, itemId, timeZone }: { kind: ItemKind; itemId: string; timeZone: string }) {
  const base = `/admin/content/${kind}/${itemId}/previews`;
  const list = useFetcher<ListAnswer>();
  const change = useFetcher<ChangeAnswer>();
  const uid = useId();
  useActionToast(change.data);
  const loadList = list.load;
  useEffect(() => {
    loadList(base);
  }, [loadList, base]);
  // After a create or revoke, the list is read again (the new link first).
  useEffect(() => {
    if (change.state === "idle" && change.data?.ok) loadList(base);
  }, [change.state, change.data, loadList, base]);
  // The link just made, shown until the dialog closes or that link is revoked.
  const [created, setCreated] = useState<CreatedLink | null>(null);
  useEffect(() => {
    if (change.state !== "idle" || !change.data?.ok) return;
    const { created: made, revoked } = change.data;
    if (made) setCreated(made);
    else if (revoked) setCreated((shown) => (shown?.id === revoked ? null : shown));
  }, [change.state, change.data]);

  const when = (iso: string) => `${formatInZone(new Date(iso), timeZone)} (${timeZone})`;
  const creating = change.state !== "idle" && change.formData?.get("intent") === "create";

  return (
    <div className="space-y-4">
      <Button
        type="button"
        disabled={creating}
        onClick={() => change.submit({ intent: "create" }, { method: "post", action: base })}
      >
        {creating ? <Spinner label="Creating" /> : <Plus aria-hidden />}
        Create preview link
      </Button>
      {created ? <NewLink link={created} when={when} /> : null}
      <section aria-labelledby={`${uid}-links`}>
        <h3 id={`${uid}-links`} className="mb-2 text-sm font-semibold text-slate-900">
          Active links
        </h3>
        {!list.data ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner label="Loading preview links" />
            <span aria-hidden>Loading…</span>
          </p>
        ) : "error" in list.data ? (
          <p className="text-sm text-red-700" role="alert">
            {PREVIEW_MESSAGES.loadFailed}
          </p>
        ) : list.data.links.length === 0 ? (
          <p className="text-sm text-slate-600">No active preview links.</p>
        ) : (
          <ul className="space-y-3" data-testid="preview-links">
            {list.data.links.map((link) => (
              <li
                key={link.id}
                className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1 text-sm text-slate-700">
                  <p>
                    Created <time dateTime={link.createdAt}>{when(link.createdAt)}</time>
                    {link.createdBy ? ` by ${link.createdBy}` : ""}
                    {link.id === created?.id ? " · the new link above" : ""}
                  </p>
                  <p className="text-xs text-slate-600">
                    Works until <time dateTime={link.expiresAt}>{when(link.expiresAt)}</time>
                  </p>
                </div>
                <ConfirmDialog
                  title="Revoke this preview link?"
                  description={PREVIEW_MESSAGES.revokeConfirm}
                  confirmLabel="Revoke"
                  onConfirm={() =>
                    change.submit({ intent: "revoke", link: link.id }, { method: "post", action: base })
                  }
                  trigger={
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="shrink-0 self-start sm:self-auto"
                    >
                      <Trash2 className="text-red-700" aria-hidden />
                      Revoke
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The link just made, to copy now: it is not kept, so it cannot be shown again. */
function NewLink({ link, when }: { link: CreatedLink; when: (iso: string) => string }) {
  const uid = useId();
  return (
    <section
      aria-labelledby={`${uid}-title`}
      className="rounded-lg border border-emerald-300 bg-emerald-50 p-3"
      data-testid="new-preview-link"
    >
      <h3 id={`${uid}-title`} className="text-sm font-semibold text-slate-900">
        New link
      </h3>
      <p id={`${uid}-note`} className="mt-1 text-xs text-slate-700">
        {PREVIEW_MESSAGES.copyNow}
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor={`${uid}-url`} className="sr-only">
          New preview link
        </label>
        <Input
          id={`${uid}-url`}
          readOnly
          value={link.url}
          aria-describedby={`${uid}-note`}
          className="min-w-0 flex-1 bg-white font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton
          text={link.url}
          label="Copy link"
          successMessage={PREVIEW_MESSAGES.copied}
          className="shrink-0"
        />
      </div>
      <p className="mt-2 text-xs text-slate-600">
        Works until <time dateTime={link.expiresAt}>{when(link.expiresAt)}</time>
      </p>
    </section>
  );
}
