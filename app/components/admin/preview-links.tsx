// "Share preview" in a content list row and the page editor (docs/product.md, Preview links): a dialog that creates a link showing the
// draft or scheduled item as the public page would, lists the links that still work (copy, revoke after asking) and
// says how long each lasts.
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
import { formatInZone } from "~/lib/site-time";

interface LinkRow {
  id: string;
  url: string;
  createdAt: string;
  createdBy: string | null;
  expiresAt: string;
}

type ListAnswer = { links: LinkRow[] } | { error: { message: string } };

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
  const change = useFetcher<ActionResult>();
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
              <li key={link.id} className="rounded-lg border border-slate-200 p-3">
                <label htmlFor={`${uid}-${link.id}`} className="sr-only">
                  Preview link created {when(link.createdAt)}
                </label>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                  <Input
                    id={`${uid}-${link.id}`}
                    readOnly
                    value={link.url}
                    className="min-w-0 flex-1 font-mono text-xs"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <div className="flex shrink-0 gap-2">
                    <CopyButton text={link.url} label="Copy link" successMessage={PREVIEW_MESSAGES.copied} />
                    <ConfirmDialog
                      title="Revoke this preview link?"
                      description={PREVIEW_MESSAGES.revokeConfirm}
                      confirmLabel="Revoke"
                      onConfirm={() =>
                        change.submit({ intent: "revoke", link: link.id }, { method: "post", action: base })
                      }
                      trigger={
                        <Button type="button" variant="outline" size="sm">
                          <Trash2 className="text-red-700" aria-hidden />
                          Revoke
                        </Button>
                      }
                    />
                  </div>
                </div>
                <p className="mt-2 text-xs text-slate-600">
                  Works until <time dateTime={link.expiresAt}>{when(link.expiresAt)}</time>
                  {link.createdBy ? ` · created by ${link.createdBy}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
