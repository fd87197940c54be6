// The lead inbox's lists: contact requests, subscribers, demo/dialog leads and built forms' submissions, each row
// with its status, a link to the person (all leads with that e-mail) and a delete button (after confirmation);
// deletions go through one page-level fetcher so its toast outlives the row.
import { Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { PersonLink, StatusSelect } from "~/components/admin/contacts-status";
import { type Answer, FormAnswers } from "~/components/admin/form-answers";
import { OwnerTag } from "~/components/admin/lead-owner";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatStamp } from "~/lib/dates";
import type { Attribution as FullAttribution } from "~/lib/lead-schema";
import type { LeadKind } from "~/lib/lead-status";

export const CONTACT_ACTION_FETCHER = "contacts-action";

/** The attribution the lists show. */
type Attribution = Omit<FullAttribution, "utmTerm" | "utmContent">;

function AttributionLine({ row }: { row: Attribution }) {
  const parts = [
    row.sourceSection && `section ${row.sourceSection}`,
    row.sourcePage && `page ${row.sourcePage}`,
    row.landingPage && `landed on ${row.landingPage}`,
    row.referrer && `from ${row.referrer}`,
    // Any of the three: a campaign link often carries utm_campaign alone.
    (row.utmSource || row.utmMedium || row.utmCampaign) &&
      `utm ${[row.utmSource, row.utmMedium, row.utmCampaign].filter(Boolean).join(" / ")}`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="mt-1 break-words text-xs text-slate-600">Source: {parts.join(" · ")}</p>;
}

function DeleteButton({
  intent,
  id,
  label,
  question,
}: {
  intent: string;
  id: string;
  label: string;
  question: string;
}) {
  const fetcher = useFetcher({ key: CONTACT_ACTION_FETCHER });
  return (
    <ConfirmDialog
      description={question}
      onConfirm={() => fetcher.submit({ intent, id }, { method: "post" })}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="shrink-0 text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden />
          <span className="sr-only">{label}</span>
        </Button>
      }
    />
  );
}

/** Each row's shared part: its kind, status, owner and attribution, and how its delete button asks. */
interface LeadRowBase extends Attribution {
  id: string;
  status: string;
  assignedTo?: string | null;
  createdAt: string | Date;
}

/**
 * One list of the inbox: its heading with the count and the CSV export, then its rows, or `empty` when there are
 * none.
 */
function LeadList<R extends LeadRowBase>({
  id,
  title,
  count,
  exportHref,
  empty,
  rows,
  children,
}: {
  id: string;
  title: string;
  count: number;
  exportHref: string;
  empty: string;
  rows: R[];
  /** One row's item (a LeadItem). */
  children: (row: R) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title} <span className="text-sm font-normal text-slate-600">({count})</span>
        </h2>
        <a
          href={exportHref}
          download
          className="inline-flex min-h-9 items-center rounded-lg border border-slate-300 px-3 text-xs font-semibold text-slate-800 hover:bg-slate-50"
        >
          Export CSV<span className="sr-only"> of {title.toLowerCase()}</span>
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200">{rows.map(children)}</ul>
      )}
    </section>
  );
}

/** One lead in a list: what its kind shows (`children`), its source, status and owner, and its delete button. */
function LeadItem({
  row,
  kind,
  testId,
  label,
  owners,
  remove,
  children,
}: {
  row: LeadRowBase;
  kind: LeadKind;
  testId: string;
  /** Who the lead is, in the status select's name. */
  label: string;
  owners: Record<string, string>;
  remove: { intent: string; label: string; question: string };
  children: React.ReactNode;
}) {
  return (
    <li className="flex items-start gap-3 px-4 py-3" data-testid={testId}>
      <div className="min-w-0 flex-1">
        {children}
        <AttributionLine row={row} />
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <StatusSelect kind={kind} id={row.id} status={row.status} label={label} />
          <OwnerTag assignedTo={row.assignedTo ?? null} owners={owners} />
        </div>
      </div>
      <DeleteButton intent={remove.intent} id={row.id} label={remove.label} question={remove.question} />
    </li>
  );
}

/** Members' names by id, for each lead's owner; the rows; their total; the export's address. */
interface ListProps<R> {
  owners: Record<string, string>;
  rows: R[];
  total: number;
  exportHref: string;
}

interface ContactRow extends LeadRowBase {
  name: string;
  email: string;
  organization: string | null;
  interest: string;
  message: string;
}

export function ContactRequestList({ rows, total, exportHref, owners }: ListProps<ContactRow>) {
  return (
    <LeadList
      id="contact-requests-heading"
      title="Contact Requests"
      count={total}
      exportHref={exportHref}
      empty="No contact requests found."
      rows={rows}
    >
      {(row) => (
        <LeadItem
          key={row.id}
          row={row}
          kind="contact"
          testId="contact-row"
          label={row.name}
          owners={owners}
          remove={{
            intent: "delete-contact",
            label: `Delete contact ${row.name}`,
            question: "Are you sure you want to delete this contact?",
          }}
        >
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p className="font-semibold text-slate-900">{row.name}</p>
            <PersonLink email={row.email} />
            {row.organization ? <span className="text-sm text-slate-700">{row.organization}</span> : null}
          </div>
          <p className="mt-1 text-xs text-slate-600">
            <Badge variant="neutral">{row.interest}</Badge> <time>{formatStamp(row.createdAt)}</time>
          </p>
          <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">{row.message}</p>
        </LeadItem>
      )}
    </LeadList>
  );
}

interface SubscriberRow extends LeadRowBase {
  email: string;
  purpose: string | null;
}

export function SubscriberList({ rows, total, exportHref, owners }: ListProps<SubscriberRow>) {
  return (
    <LeadList
      id="subscribers-heading"
      title="Newsletter Subscribers"
      count={total}
      exportHref={exportHref}
      empty="No subscribers found."
      rows={rows}
    >
      {(row) => (
        <LeadItem
          key={row.id}
          row={row}
          kind="subscriber"
          testId="subscriber-row"
          label={row.email}
          owners={owners}
          remove={{
            intent: "delete-subscriber",
            label: `Delete subscriber ${row.email}`,
            question: "Are you sure you want to delete this subscriber?",
          }}
        >
          <PersonLink email={row.email} />
          <p className="mt-1 text-xs text-slate-600">
            <time>{formatStamp(row.createdAt)}</time>
            {row.purpose ? ` · ${row.purpose}` : null}
          </p>
        </LeadItem>
      )}
    </LeadList>
  );
}

interface SubmissionRow extends LeadRowBase {
  email: string;
  name: string | null;
  purpose: string | null;
  subject: string;
  message: string | null;
}

export function SubmissionList({ rows, total, exportHref, owners }: ListProps<SubmissionRow>) {
  return (
    <LeadList
      id="submissions-heading"
      title="Demo and Dialog Leads"
      count={total}
      exportHref={exportHref}
      empty="No demo or dialog leads found."
      rows={rows}
    >
      {(row) => (
        <LeadItem
          key={row.id}
          row={row}
          kind="submission"
          testId="submission-row"
          label={row.name || row.email}
          owners={owners}
          remove={{
            intent: "delete-submission",
            label: `Delete lead ${row.email}`,
            question: "Are you sure you want to delete this lead?",
          }}
        >
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p className="font-semibold text-slate-900">{row.name || "(no name)"}</p>
            <PersonLink email={row.email} />
          </div>
          <p className="mt-1 text-xs text-slate-600">
            {row.purpose ? <Badge variant="neutral">{row.purpose}</Badge> : null} {row.subject} ·{" "}
            <time>{formatStamp(row.createdAt)}</time>
          </p>
          {row.message ? (
            <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">{row.message}</p>
          ) : null}
        </LeadItem>
      )}
    </LeadList>
  );
}

interface FormLeadRow extends LeadRowBase {
  email: string;
  name: string | null;
  formName: string;
  answers: Answer[];
}

/** How many answers a row shows; the person view has them all. */
const ANSWERS_SHOWN = 4;

/** Submissions of the forms the team built: who, which form, the first answers in the form's order. */
export function FormLeadList({ rows, total, exportHref, owners }: ListProps<FormLeadRow>) {
  return (
    <LeadList
      id="form-leads-heading"
      title="Form submissions"
      count={total}
      exportHref={exportHref}
      empty="No form submissions found."
      rows={rows}
    >
      {(row) => (
        <LeadItem
          key={row.id}
          row={row}
          kind="form"
          testId="form-lead-row"
          label={row.name || row.email}
          owners={owners}
          remove={{
            intent: "delete-form-lead",
            label: `Delete submission ${row.email || row.formName}`,
            question: "Are you sure you want to delete this submission?",
          }}
        >
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p className="font-semibold text-slate-900">{row.name || "(no name)"}</p>
            {row.email ? <PersonLink email={row.email} /> : null}
          </div>
          <p className="mt-1 text-xs text-slate-600">
            <Badge variant="neutral">{row.formName}</Badge> · <time>{formatStamp(row.createdAt)}</time>
          </p>
          {/* The name and address are above: the answers the row shows are the others, in the form's order. */}
          <FormAnswers
            answers={row.answers
              .filter((a) => a.text !== row.name && a.text !== row.email)
              .slice(0, ANSWERS_SHOWN)}
            responseId={row.id}
            className="mt-2"
          />
        </LeadItem>
      )}
    </LeadList>
  );
}
