// The inbox's Spam view: submissions held as suspected spam (honeypot, time trap) with their kind, who, the reason
// in words and when they arrived; "Not spam" stores one as a lead, "Delete" removes it after a confirmation. Also
// the two links between the inbox and this view.
import { Inbox, ShieldAlert, Trash2, Undo2 } from "lucide-react";
import { NavLink, useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useActionToast } from "~/components/ui/toaster";
import { formatStamp } from "~/lib/dates";
import type { ActionResult } from "~/lib/forms";
import type { HeldSubmission, SpamReason } from "~/lib/lead-status";
import { cn } from "~/lib/utils";
import { ListRow } from "./list-row";

const SPAM_KIND_LABELS: Record<HeldSubmission["kind"], string> = {
  contact: "Contact request",
  lead: "Demo or dialog lead",
  newsletter: "Newsletter sign-up",
  form: "Form submission",
};

const DELETE_SPAM_QUESTION =
  "Are you sure you want to delete this submission? It cannot be restored afterwards.";

/** Why a submission was held, in words. */
function spamReasonText(reason: SpamReason, elapsedMs: number | null): string {
  if (reason === "honeypot") return "Filled in the hidden field that only bots see";
  if (reason === "captcha-unchecked") return "Its captcha could not be checked: the provider did not answer";
  const seconds = elapsedMs === null ? null : (elapsedMs / 1000).toFixed(1);
  return seconds === null
    ? "Sent faster than a person can fill in the form"
    : `Sent ${seconds} s after the form was ready, faster than a person can fill it in`;
}

/** The heading of the inbox's two views, with the links between them. */
export function InboxHeader({
  title,
  description,
  spamCount,
}: {
  title: string;
  description: string;
  spamCount: number;
}) {
  return (
    <>
      <AdminPageHeader title={title} description={description} />
      <InboxViews spamCount={spamCount} />
    </>
  );
}

/** "Inbox" and "Spam (n)": the inbox's two views, the current one marked for assistive technology. */
function InboxViews({ spamCount }: { spamCount: number }) {
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      "inline-flex min-h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold",
      isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
    );
  return (
    <nav aria-label="Inbox views" className="flex flex-wrap gap-2">
      <NavLink to="/admin/contacts" end className={link}>
        <Inbox className="size-4" aria-hidden />
        Inbox
      </NavLink>
      <NavLink to="/admin/contacts/spam" className={link}>
        <ShieldAlert className="size-4" aria-hidden />
        Spam
        <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-800">
          {spamCount}
          <span className="sr-only"> {spamCount === 1 ? "submission" : "submissions"} held</span>
        </span>
      </NavLink>
    </nav>
  );
}

const SPAM_FETCHER = "spam-action";

function SpamItem({ row }: { row: HeldSubmission }) {
  // One fetcher for the whole list: a row that goes away still gets its toast shown by SpamList.
  const action = useFetcher<ActionResult>({ key: SPAM_FETCHER });
  const busy = action.state !== "idle" && action.formData?.get("id") === row.id;
  const who = row.name ? `${row.name} <${row.email}>` : row.email;
  return (
    <ListRow
      busy={busy}
      testId="spam-row"
      actions={
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Not spam: ${who}`}
            onClick={() =>
              action.submit({ intent: "not-spam", id: row.id, kind: row.kind }, { method: "post" })
            }
          >
            <Undo2 aria-hidden />
            Not spam
          </Button>
          <ConfirmDialog
            title="Delete submission"
            description={DELETE_SPAM_QUESTION}
            onConfirm={() =>
              action.submit({ intent: "delete", id: row.id, kind: row.kind }, { method: "post" })
            }
            trigger={
              <Button
                variant="ghost"
                size="icon"
                disabled={busy}
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
              >
                <Trash2 aria-hidden />
                <span className="sr-only">Delete submission from {who}</span>
              </Button>
            }
          />
        </div>
      }
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <Badge variant="neutral">
            {row.formName ? `${SPAM_KIND_LABELS[row.kind]}: ${row.formName}` : SPAM_KIND_LABELS[row.kind]}
          </Badge>
          <p className="font-semibold text-slate-900">{row.name || "(no name)"}</p>
          <p className="break-all text-sm text-slate-700">{row.email}</p>
        </div>
        <p className="mt-1 text-sm text-slate-800">
          <span className="font-medium">Reason:</span> {spamReasonText(row.reason, row.elapsedMs)}
        </p>
        <p className="mt-1 text-xs text-slate-600">
          Received <time dateTime={new Date(row.createdAt).toISOString()}>{formatStamp(row.createdAt)}</time>
        </p>
        {row.message ? (
          <p className="mt-2 line-clamp-3 whitespace-pre-line break-words text-sm text-slate-700">
            {row.message}
          </p>
        ) : null}
      </div>
    </ListRow>
  );
}

export function SpamList({ rows, total }: { rows: HeldSubmission[]; total: number }) {
  const action = useFetcher<ActionResult>({ key: SPAM_FETCHER });
  useActionToast(action.data);
  return (
    <section aria-labelledby="spam-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="spam-heading" className="text-lg font-semibold text-slate-900">
          Suspected spam <span className="text-sm font-normal text-slate-600">({total})</span>
        </h2>
      </div>
      {rows.length === 0 ? (
        <div className="px-4 py-10 text-center">
          <p className="font-medium text-slate-900">No suspected spam.</p>
          <p className="mt-1 text-sm text-slate-600">
            Submissions caught by the bot traps are kept here for 30 days.
          </p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map((row) => (
            <SpamItem key={row.id} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}
