// The lead inbox's lists: contact requests, subscribers, and demo/dialog leads, each row with its status, a link
// to the person (all leads with that e-mail) and a delete button (after confirmation); deletions go through one
// page-level fetcher so its toast outlives the row.
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

function ListSection({
  id,
  title,
  count,
  exportHref,
  children,
}: {
  id: string;
  title: string;
  count: number;
  exportHref: string;
  children: React.ReactNode;
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
      {children}
    </section>
  );
}

interface ContactRow extends Attribution {
  id: string;
  name: string;
  email: string;
  organization: string | null;
  interest: string;
  message: string;
  status: string;
  assignedTo?: string | null;
  createdAt: string | Date;
}

export function ContactRequestList({
  rows,
  total,
  exportHref,
  owners,
}: {
  /** Members' names by id, for each lead's owner. */
  owners: Record<string, string>;
  rows: ContactRow[];
  total: number;
  exportHref: string;
}) {
  return (
    <ListSection id="contact-requests-heading" title="Contact Requests" count={total} exportHref={exportHref}>
      {rows.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600">No contact requests found.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map((row) => (
            <li key={row.id} className="flex gap-3 px-4 py-4" data-testid="contact-row">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <p className="font-semibold text-slate-900">{row.name}</p>
                  <PersonLink email={row.email} />
                  {row.organization ? (
                    <span className="text-sm text-slate-700">{row.organization}</span>
                  ) : null}
                </div>
                <p className="mt-1 text-xs text-slate-600">
                  <Badge variant="neutral">{row.interest}</Badge> <time>{formatStamp(row.createdAt)}</time>
                </p>
                <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">{row.message}</p>
                <AttributionLine row={row} />
                <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                  <StatusSelect kind="contact" id={row.id} status={row.status} label={row.name} />
                  <OwnerTag assignedTo={row.assignedTo} owners={owners} />
                </div>
              </div>
              <DeleteButton
                intent="delete-contact"
                id={row.id}
                label={`Delete contact ${row.name}`}
                question="Are you sure you want to delete this contact?"
              />
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}

interface SubscriberRow extends Attribution {
  id: string;
  email: string;
  purpose: string | null;
  status: string;
  assignedTo?: string | null;
  createdAt: string | Date;
}

export function SubscriberList({
  rows,
  total,
  exportHref,
  owners,
}: {
  /** Members' names by id, for each lead's owner. */
  owners: Record<string, string>;
  rows: SubscriberRow[];
  total: number;
  exportHref: string;
}) {
  return (
    <ListSection
      id="subscribers-heading"
      title="Newsletter Subscribers"
      count={total}
      exportHref={exportHref}
    >
      {rows.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600">No subscribers found.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map((row) => (
            <li key={row.id} className="flex items-start gap-3 px-4 py-3" data-testid="subscriber-row">
              <div className="min-w-0 flex-1">
                <PersonLink email={row.email} />
                <p className="mt-1 text-xs text-slate-600">
                  <time>{formatStamp(row.createdAt)}</time>
                  {row.purpose ? ` · ${row.purpose}` : null}
                </p>
                <AttributionLine row={row} />
                <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                  <StatusSelect kind="subscriber" id={row.id} status={row.status} label={row.email} />
                  <OwnerTag assignedTo={row.assignedTo} owners={owners} />
                </div>
              </div>
              <DeleteButton
                intent="delete-subscriber"
                id={row.id}
                label={`Delete subscriber ${row.email}`}
                question="Are you sure you want to delete this subscriber?"
              />
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}

interface SubmissionRow extends Attribution {
  id: string;
  email: string;
  name: string | null;
  purpose: string | null;
  subject: string;
  message: string | null;
  status: string;
  assignedTo?: string | null;
  createdAt: string | Date;
}

export function SubmissionList({
  rows,
  total,
  exportHref,
  owners,
}: {
  /** Members' names by id, for each lead's owner. */
  owners: Record<string, string>;
  rows: SubmissionRow[];
  total: number;
  exportHref: string;
}) {
  return (
    <ListSection id="submissions-heading" title="Demo and Dialog Leads" count={total} exportHref={exportHref}>
      {rows.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600">No demo or dialog leads found.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map((row) => (
            <li key={row.id} className="flex items-start gap-3 px-4 py-3" data-testid="submission-row">
              <div className="min-w-0 flex-1">
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
                <AttributionLine row={row} />
                <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                  <StatusSelect
                    kind="submission"
                    id={row.id}
                    status={row.status}
                    label={row.name || row.email}
                  />
                  <OwnerTag assignedTo={row.assignedTo} owners={owners} />
                </div>
              </div>
              <DeleteButton
                intent="delete-submission"
                id={row.id}
                label={`Delete lead ${row.email}`}
                question="Are you sure you want to delete this lead?"
              />
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}

interface FormLeadRow extends Attribution {
  id: string;
  email: string;
  name: string | null;
  formName: string;
  answers: Answer[];
  status: string;
  assignedTo: string | null;
  createdAt: string | Date;
}

/** How many answers a row shows; the person view has them all. */
const ANSWERS_SHOWN = 4;

/** Submissions of the forms the team built: who, which form, the first answers in the form's order. */
export function FormLeadList({
  rows,
  total,
  exportHref,
  owners,
}: {
  /** Members' names by id, for each lead's owner. */
  owners: Record<string, string>;
  rows: FormLeadRow[];
  total: number;
  exportHref: string;
}) {
  return (
    <ListSection id="form-leads-heading" title="Form submissions" count={total} exportHref={exportHref}>
      {rows.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600">No form submissions found.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map((row) => {
            const shown = row.answers.filter((a) => a.text !== row.name && a.text !== row.email);
            return (
              <li key={row.id} className="flex items-start gap-3 px-4 py-3" data-testid="form-lead-row">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <p className="font-semibold text-slate-900">{row.name || "(no name)"}</p>
                    {row.email ? <PersonLink email={row.email} /> : null}
                  </div>
                  <p className="mt-1 text-xs text-slate-600">
                    <Badge variant="neutral">{row.formName}</Badge> ·{" "}
                    <time>{formatStamp(row.createdAt)}</time>
                  </p>
                  <FormAnswers answers={shown.slice(0, ANSWERS_SHOWN)} className="mt-2" />
                  <AttributionLine row={row} />
                  <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                    <StatusSelect kind="form" id={row.id} status={row.status} label={row.name || row.email} />
                    <OwnerTag assignedTo={row.assignedTo} owners={owners} />
                  </div>
                </div>
                <DeleteButton
                  intent="delete-form-lead"
                  id={row.id}
                  label={`Delete submission ${row.email || row.formName}`}
                  question="Are you sure you want to delete this submission?"
                />
              </li>
            );
          })}
        </ul>
      )}
    </ListSection>
  );
}
