// The person view's parts: the timeline (submissions, sign-ups, status changes), the notes (add, edit, delete)
// and "Erase this person". Notes post to the person route with the form contract of app/lib/forms.ts.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { StatusSelect } from "~/components/admin/contacts-status";
import { type Answer, FormAnswers } from "~/components/admin/form-answers";
import { LeadOwner, type OwnerChoices } from "~/components/admin/lead-owner";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import { useActionToast } from "~/components/ui/toaster";
import { formatStamp } from "~/lib/dates";
import type { ActionResult } from "~/lib/forms";
import { LEAD_KIND_LABELS, type LeadKind } from "~/lib/lead-status";

interface LeadData {
  id: string;
  status: string;
  assignedTo?: string | null;
  name?: string | null;
  email: string;
  message?: string | null;
  subject?: string;
  interest?: string;
  organization?: string | null;
  purpose?: string | null;
  /** A built form's submission: its form, and every answer in the form's order. */
  formName?: string;
  answers?: Answer[];
}

type TimelineItem =
  | { type: "lead"; kind: LeadKind; at: string | Date; lead: LeadData }
  | {
      type: "status";
      at: string | Date;
      change: { id: string; leadKind: LeadKind; fromStatus: string; toStatus: string; actor: string | null };
    };

function LeadEntry({ kind, lead, owners }: { kind: LeadKind; lead: LeadData; owners: OwnerChoices }) {
  const what = lead.formName ?? lead.subject ?? lead.interest ?? lead.purpose;
  return (
    <div className="min-w-0 space-y-2">
      <p className="font-semibold text-slate-900">
        {LEAD_KIND_LABELS[kind]} {what ? <Badge variant="neutral">{what}</Badge> : null}
      </p>
      {lead.organization ? <p className="text-sm text-slate-700">{lead.organization}</p> : null}
      {lead.message ? (
        <p className="whitespace-pre-line break-words text-sm text-slate-800">{lead.message}</p>
      ) : null}
      {lead.answers ? <FormAnswers answers={lead.answers} responseId={lead.id} /> : null}
      <StatusSelect
        kind={kind}
        id={lead.id}
        status={lead.status}
        label={LEAD_KIND_LABELS[kind].toLowerCase()}
      />
      <LeadOwner
        kind={kind}
        id={lead.id}
        assignedTo={lead.assignedTo ?? null}
        label={LEAD_KIND_LABELS[kind].toLowerCase()}
        choices={owners}
      />
    </div>
  );
}

export function Timeline({ items, owners }: { items: TimelineItem[]; owners: OwnerChoices }) {
  return (
    <section
      aria-labelledby="timeline-heading"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h2 id="timeline-heading" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold">
        Timeline
      </h2>
      {items.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600">No submissions left for this person.</p>
      ) : (
        <ol className="divide-y divide-slate-200">
          {items.map((item) => (
            <li
              key={item.type === "lead" ? `${item.kind}-${item.lead.id}` : item.change.id}
              className="px-4 py-3"
              data-testid={`timeline-${item.type}`}
            >
              <p className="text-xs text-slate-600">
                <time>{formatStamp(item.at)}</time>
              </p>
              {item.type === "lead" ? (
                <LeadEntry kind={item.kind} lead={item.lead} owners={owners} />
              ) : (
                <p className="text-sm text-slate-800">
                  {LEAD_KIND_LABELS[item.change.leadKind]} status changed from{" "}
                  <strong>{item.change.fromStatus}</strong> to <strong>{item.change.toStatus}</strong>
                  {item.change.actor ? ` by ${item.change.actor}` : ""}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface NoteItem {
  id: string;
  body: string;
  author: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

/** One note form (new or edit): the text keeps what was typed after a refusal. */
function NoteForm({ note, onDone }: { note?: NoteItem; onDone?: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const result = fetcher.data;
  const id = note ? `note-${note.id}` : "note-new";
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) {
      if (note) onDone?.();
      else setKey((k) => k + 1); // a fresh, empty box after adding
    }
  }, [fetcher.state, result, note, onDone]);
  return (
    <fetcher.Form method="post" className="space-y-2" key={key}>
      <input type="hidden" name="intent" value={note ? "edit-note" : "add-note"} />
      {note ? <input type="hidden" name="id" value={note.id} /> : null}
      <Field
        id={id}
        label={note ? "Edit note" : "New note"}
        error={result?.ok ? undefined : result?.fieldErrors?.body}
      >
        {(aria) => (
          <Textarea {...aria} name="body" rows={3} defaultValue={result?.values?.body ?? note?.body ?? ""} />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {note ? "Save note" : "Add note"}
        </Button>
        {note ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

function Note({ note }: { note: NoteItem }) {
  const [editing, setEditing] = useState(false);
  const deletion = useFetcher<ActionResult>();
  useActionToast(deletion.data);
  if (editing) return <NoteForm note={note} onDone={() => setEditing(false)} />;
  return (
    <div className="flex items-start gap-3">
      <div className="min-w-0 flex-1">
        <p className="whitespace-pre-line break-words text-sm text-slate-800">{note.body}</p>
        <p className="mt-1 text-xs text-slate-600">
          {note.author ?? "unknown"} · <time>{formatStamp(note.createdAt)}</time>
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
        Edit<span className="sr-only"> note</span>
      </Button>
      <ConfirmDialog
        description="Are you sure you want to delete this note?"
        onConfirm={() => deletion.submit({ intent: "delete-note", id: note.id }, { method: "post" })}
        trigger={
          <Button variant="outline" size="sm">
            Delete<span className="sr-only"> note</span>
          </Button>
        }
      />
    </div>
  );
}

export function Notes({ notes }: { notes: NoteItem[] }) {
  return (
    <section
      aria-labelledby="notes-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="notes-heading" className="text-lg font-semibold">
        Internal notes
      </h2>
      {notes.length === 0 ? <p className="text-sm text-slate-600">No notes yet.</p> : null}
      <ul className="space-y-4">
        {notes.map((n) => (
          <li key={n.id} data-testid="note">
            <Note note={n} />
          </li>
        ))}
      </ul>
      <NoteForm />
    </section>
  );
}

export function EraseButton({ email, counts }: { email: string; counts: string }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <ConfirmDialog
      title="Erase this person"
      description={`Erase ${email}? This permanently deletes ${counts}, their notes and status history. It cannot be undone.`}
      confirmLabel="Erase"
      onConfirm={() => fetcher.submit({ intent: "erase" }, { method: "post" })}
      trigger={
        <Button variant="destructive" disabled={fetcher.state !== "idle"}>
          Erase this person
        </Button>
      }
    />
  );
}
