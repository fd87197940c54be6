// The two lists of the Redirects screen: the redirects (search, edit, delete with confirmation) and the 404 monitor
// (most hits first; redirect a path in one dialog, dismiss one, clear all with confirmation).
import { ArrowRight, CornerDownRight, Pencil, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SearchInput } from "~/components/ui/search-input";
import { useActionToast } from "~/components/ui/toaster";
import { formatDateTime } from "~/lib/dates";
import type { ActionResult } from "~/lib/forms";
import {
  REDIRECT_STATUS_LABELS,
  type RedirectSource,
  type RedirectStatus,
  readableTarget,
} from "~/lib/redirect-paths";
import { ListRow } from "./list-row";
import { RedirectDialog } from "./redirect-dialog";

/** The row's edit button and its dialog. */
function EditRedirect({ redirect, timeZone }: { redirect: RedirectRow; timeZone: string }) {
  const [open, setOpen] = useState(false);
  return (
    <RedirectDialog
      open={open}
      onOpenChange={setOpen}
      editing={redirect}
      timeZone={timeZone}
      trigger={
        <Button variant="ghost" size="icon">
          <Pencil aria-hidden />
          <span className="sr-only">Edit redirect from {redirect.fromPath}</span>
        </Button>
      }
    />
  );
}

type When = Date | string;

interface RedirectRow {
  id: string;
  /** The version the edit dialog sends back. */
  version: string;
  fromPath: string;
  toUrl: string;
  statusCode: RedirectStatus;
  source: RedirectSource;
  hits: number;
  lastHitAt: When | null;
  createdAt: When;
  createdBy: string | null;
}

interface NotFoundRow {
  path: string;
  hits: number;
  firstSeenAt: When;
  lastSeenAt: When;
  lastReferrer: string | null;
}

const DELETE_REDIRECT_QUESTION =
  "Are you sure you want to delete this redirect? Visitors asking for its path will get a 404 page again.";
const CLEAR_NOT_FOUND_QUESTION =
  "Are you sure you want to clear the 404 list? Paths come back when someone asks for them again.";

const SOURCE_LABELS: Record<RedirectSource, string> = {
  manual: "Added by hand",
  "slug-change": "From a slug change",
  "not-found": "From the 404 monitor",
};

/** Separates the facts of a row where they share a line; on narrow screens they wrap onto lines of their own. */
const Dot = () => (
  <span aria-hidden className="hidden sm:inline">
    ·
  </span>
);

const hitsText = (n: number) => `${n} ${n === 1 ? "hit" : "hits"}`;

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="p-6 text-center text-sm text-slate-600">{children}</p>;
}

const DELETE_FETCHER = "redirect-delete";

function RedirectItem({ redirect, timeZone }: { redirect: RedirectRow; timeZone: string }) {
  // Shared with RedirectList: this row unmounts when its deletion succeeds, so the list shows the toast.
  const remove = useFetcher<ActionResult>({ key: DELETE_FETCHER });
  const deleting = remove.state !== "idle" && remove.formData?.get("id") === redirect.id;
  return (
    <ListRow
      busy={deleting}
      testId="redirect-row"
      actions={
        <div className="flex items-center gap-1">
          <EditRedirect redirect={redirect} timeZone={timeZone} />
          <ConfirmDialog
            title="Delete redirect"
            description={DELETE_REDIRECT_QUESTION}
            onConfirm={() => remove.submit({ intent: "delete", id: redirect.id }, { method: "post" })}
            trigger={
              <Button
                variant="ghost"
                size="icon"
                disabled={deleting}
                className="text-red-700 hover:bg-red-50"
              >
                <Trash2 aria-hidden />
                <span className="sr-only">Delete redirect from {redirect.fromPath}</span>
              </Button>
            }
          />
        </div>
      }
    >
      <div className="min-w-0 space-y-1.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-mono text-sm text-slate-900">
          <span className="break-all">{redirect.fromPath}</span>
          <ArrowRight className="size-4 shrink-0 text-slate-500" aria-hidden />
          <span className="sr-only">redirects to</span>
          <span className="break-all">{readableTarget(redirect.toUrl)}</span>
        </p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <Badge variant={redirect.statusCode === 301 ? "default" : "neutral"}>
            {REDIRECT_STATUS_LABELS[redirect.statusCode]}
          </Badge>
          <span>
            {hitsText(redirect.hits)}
            {redirect.lastHitAt ? `, last ${formatDateTime(redirect.lastHitAt)}` : ""}
          </span>
          <Dot />
          <span>
            Created {formatDateTime(redirect.createdAt)}
            {redirect.createdBy ? ` by ${redirect.createdBy}` : ""}
          </span>
          <Dot />
          <span>{SOURCE_LABELS[redirect.source]}</span>
        </div>
      </div>
    </ListRow>
  );
}

export function RedirectList({
  redirects,
  matched,
  search,
  timeZone,
}: {
  redirects: RedirectRow[];
  /** How many redirects the search matches (all of them without a search); the list shows the newest. */
  matched: number;
  search: string;
  /** The site's time zone, for when a teammate saved a redirect being edited. */
  timeZone: string;
}) {
  useActionToast(useFetcher<ActionResult>({ key: DELETE_FETCHER }).data);
  return (
    <>
      <Form
        method="get"
        role="search"
        aria-label="Search redirects"
        className="flex flex-col gap-2 p-4 sm:flex-row"
      >
        <SearchInput
          id="redirect-search"
          label="Search redirects by path or target"
          name="q"
          defaultValue={search}
          key={search}
          placeholder="Search by path or target"
        />
        <div className="flex gap-2">
          <Button type="submit" variant="outline" className="flex-1 sm:flex-none">
            Search
          </Button>
          {search ? (
            <Button asChild variant="ghost" className="flex-1 sm:flex-none">
              <Link to="?">Clear search</Link>
            </Button>
          ) : null}
        </div>
      </Form>
      {redirects.length === 0 ? (
        <Empty>
          {search
            ? `No redirects match “${search}”.`
            : "No redirects yet. Add one here, or rename a published post or academy item: its old address then redirects by itself."}
        </Empty>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 border-t border-slate-200">
            {redirects.map((r) => (
              <RedirectItem key={r.id} redirect={r} timeZone={timeZone} />
            ))}
          </ul>
          {matched > redirects.length ? (
            <p className="border-t border-slate-200 p-4 text-sm text-slate-600">
              Showing the newest {redirects.length} of {matched} redirects. Search to find the others.
            </p>
          ) : null}
        </>
      )}
    </>
  );
}

function NotFoundItem({ row, onRedirect }: { row: NotFoundRow; onRedirect: (opener: HTMLElement) => void }) {
  const dismiss = useFetcher<ActionResult>({ key: "not-found-dismiss" });
  const busy = dismiss.state !== "idle" && dismiss.formData?.get("path") === row.path;
  return (
    <ListRow
      busy={busy}
      testId="not-found-row"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={(e) => onRedirect(e.currentTarget)}>
            <CornerDownRight aria-hidden />
            Redirect<span className="sr-only"> {row.path}</span>
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => dismiss.submit({ intent: "dismiss", path: row.path }, { method: "post" })}
          >
            Dismiss<span className="sr-only"> {row.path}</span>
          </Button>
        </div>
      }
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm break-all text-slate-900">{row.path}</span>
          <Badge variant="warning">{hitsText(row.hits)}</Badge>
        </p>
        <p className="text-xs text-slate-600">
          Last seen {formatDateTime(row.lastSeenAt)} · first seen {formatDateTime(row.firstSeenAt)}
        </p>
        <p className="text-xs break-all text-slate-600">
          Last referrer: {row.lastReferrer ?? "none (typed in, or a bookmark)"}
        </p>
      </div>
    </ListRow>
  );
}

export function NotFoundList({ rows, total }: { rows: NotFoundRow[]; total: number }) {
  useActionToast(useFetcher<ActionResult>({ key: "not-found-dismiss" }).data);
  const clear = useFetcher<ActionResult>();
  useActionToast(clear.data);
  const [chosen, setChosen] = useState<string | undefined>();
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 ref={heading} tabIndex={-1} className="font-semibold text-slate-900 outline-none">
            Paths that answered 404
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            What visitors asked for that does not exist, most frequent first. Bots are left out.
          </p>
        </div>
        {rows.length > 0 ? (
          <ConfirmDialog
            title="Clear the 404 list"
            description={CLEAR_NOT_FOUND_QUESTION}
            confirmLabel="Clear all"
            onConfirm={() => clear.submit({ intent: "clear-not-found" }, { method: "post" })}
            trigger={
              <Button variant="outline" disabled={clear.state !== "idle"} className="text-red-700">
                <Trash2 aria-hidden />
                Clear all
              </Button>
            }
          />
        ) : null}
      </div>
      {rows.length === 0 ? (
        <Empty>
          No 404s recorded. When visitors ask for an address that does not exist, it shows up here.
        </Empty>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 border-t border-slate-200">
            {rows.map((row) => (
              <NotFoundItem
                key={row.path}
                row={row}
                onRedirect={(element) => {
                  opener.current = element;
                  setChosen(row.path);
                }}
              />
            ))}
          </ul>
          {total > rows.length ? (
            <p className="border-t border-slate-200 p-4 text-sm text-slate-600">
              Showing the {rows.length} most frequent of {total} paths.
            </p>
          ) : null}
        </>
      )}
      <RedirectDialog
        open={chosen !== undefined}
        fromPath={chosen}
        onOpenChange={(open) => {
          if (!open) setChosen(undefined);
        }}
        onCloseAutoFocus={(event) => {
          // The row is gone once its redirect exists: focus the list's heading instead of the page's top.
          event.preventDefault();
          (opener.current?.isConnected ? opener.current : heading.current)?.focus();
        }}
      />
    </>
  );
}
