// /admin/contacts/person/:email: every lead with one e-mail address (any case) together: the timeline of their
// submissions, sign-ups and status changes, status changes per lead, internal notes, their newsletters (sends,
// clicks, subscription history), and "Erase this person".
import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { requireCan } from "~/auth/permissions.server";
import { can } from "~/auth/roles";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { NewsletterLife } from "~/components/admin/person-newsletter";
import { EraseButton, Notes, Timeline } from "~/components/admin/person-parts";
import { flashCookie } from "~/infra/flash.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { adminTitle } from "~/lib/brand";
import { done, gone, invalid, parseForm, refuse } from "~/lib/forms";
import { isLeadKind } from "~/lib/lead-status";
import type { AuditContext } from "~/models/audit.server";
import { assignLead } from "~/models/lead-assignment.server";
import {
  addNote,
  deleteNote,
  editNote,
  erasePerson,
  getPerson,
  NOTE_MAX,
  personKey,
} from "~/models/lead-person.server";
import { listMembers } from "~/models/member-directory.server";
import { isUuid, statusAction } from "~/routes/support/lead-actions.server";
import type { Route } from "./+types/contacts-person";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: adminTitle(`${loaded?.person.name ?? "Person"} · Contacts`) }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireCan({ request, context }, "leads.view");
  const person = await getPerson(params.email);
  if (!person) throw data("No leads for this address", { status: 404 });
  const [members, assignable] = await Promise.all([listMembers(), listMembers("leads.assignee")]);
  const owners = {
    assignable: assignable.map((m) => ({ userId: m.userId, name: m.name || m.email })),
    names: Object.fromEntries(members.map((m) => [m.userId, m.name || m.email])),
    canAssign: can(admin.role, "leads.work"),
  };
  return data({ person, owners }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Assign, reassign or unassign one lead (fields kind, id, assignee: a member's id, or empty for nobody). */
async function assignAction(form: FormData, who: AuditContext) {
  const id = String(form.get("id") ?? "");
  const kind = form.get("kind");
  const assignee = String(form.get("assignee") ?? "");
  if (!isUuid(id) || !isLeadKind(kind) || (assignee && !isUuid(assignee))) {
    return refuse("Choose a member to give this lead to");
  }
  const result = await assignLead(kind, id, assignee || null, who);
  if (!result.ok) {
    return result.reason === "gone"
      ? gone("This lead no longer exists")
      : refuse("This member cannot take leads: only Sales, Administrators and the owner can");
  }
  if (!result.assignee) return done(result.changed ? "Lead unassigned" : "The lead had no owner");
  return done(`Lead assigned to ${result.assignee.name || result.assignee.email}`);
}

const noteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write a note first")
    .max(NOTE_MAX, `A note holds at most ${NOTE_MAX} characters`),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "leads.work");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  const email = personKey(params.email);

  switch (intent) {
    case "set-status":
      return statusAction(form, who);
    case "assign":
      return assignAction(form, who);
    case "add-note":
    case "edit-note": {
      const parsed = parseForm(noteSchema, form);
      if (!parsed.ok) return invalid({ intent, fieldErrors: parsed.fieldErrors, values: parsed.values });
      if (intent === "add-note") {
        await addNote(email, parsed.data.body, who);
        return done("Note added", { intent });
      }
      const note = isUuid(id) ? await editNote(email, id, parsed.data.body, who) : undefined;
      if (!note) return gone("This note no longer exists", { intent });
      return done("Note saved", { intent });
    }
    case "delete-note": {
      const note = isUuid(id) ? await deleteNote(email, id, who) : undefined;
      if (!note) return gone("This note no longer exists", { intent });
      return done("Note deleted", { intent });
    }
    case "erase": {
      await erasePerson(email, who);
      return redirect("/admin/contacts", {
        headers: { "Set-Cookie": await flashCookie({ type: "success", message: "Person erased" }) },
      });
    }
    default:
      return refuse("Unknown action");
  }
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

export default function ContactPerson({ loaderData }: Route.ComponentProps) {
  const { person } = loaderData;
  const counts = [
    person.contacts.length && plural(person.contacts.length, "contact request", "contact requests"),
    person.submissions.length &&
      plural(person.submissions.length, "demo or dialog lead", "demo or dialog leads"),
    person.formLeads.length && plural(person.formLeads.length, "form submission", "form submissions"),
    person.subscriber && "the newsletter subscription",
  ].filter(Boolean);
  return (
    <div className="space-y-6">
      <Link
        to="/admin/contacts"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> All contacts
      </Link>
      <AdminPageHeader
        title={person.name ?? person.email}
        description={person.name ? person.email : "Every lead with this e-mail address"}
        actions={<EraseButton email={person.email} counts={counts.join(", ") || "nothing else"} />}
      />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Timeline items={person.timeline} owners={loaderData.owners} />
        <Notes notes={person.notes} />
      </div>
      {person.newsletter ? (
        <NewsletterLife
          life={{
            ...person.newsletter,
            subscription: person.subscriber?.subscription ?? null,
            source: person.subscriber?.source ?? null,
          }}
        />
      ) : null}
    </div>
  );
}
