// /admin/contacts: one lead inbox. Counters, filters kept in the URL (search as you type, status, kind, date
// range; matched in SQL), contact requests, subscribers, demo/dialog leads and built forms' submissions with their
// status and a link to the person, deletes with confirmation, CSV exports, and live updates over the back office's
// realtime channel.
import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import { data, useFetcher, useNavigation } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { ContactsFilters } from "~/components/admin/contacts-filters";
import {
  CONTACT_ACTION_FETCHER,
  ContactRequestList,
  FormLeadList,
  SubmissionList,
  SubscriberList,
} from "~/components/admin/contacts-lists";
import { useLiveLeads } from "~/components/admin/contacts-live";
import { ContactsStats } from "~/components/admin/contacts-stats";
import { InboxHeader } from "~/components/admin/spam-list";
import { showToast, useActionToast } from "~/components/ui/toaster";
import { logger } from "~/infra/logger.server";
import { adminTitle } from "~/lib/brand";
import { done, gone, refuse } from "~/lib/forms";
import type { LeadKind } from "~/lib/lead-status";
import {
  countLeads,
  deleteLead,
  filterFromSearch,
  listContactRequests,
  listFormLeads,
  listFormSubmissions,
  listSubscribers,
} from "~/models/contacts-admin.server";
import { countHeldSubmissions } from "~/models/held-submissions.server";
import { listMembers } from "~/models/member-directory.server";
import { inboxAction, isUuid, statusAction } from "~/routes/support/lead-actions.server";
import type { Route } from "./+types/contacts";

export function meta() {
  return [{ title: adminTitle("Contacts") }];
}

async function attempt<T>(
  what: string,
  fn: () => Promise<T>,
  fallback: T,
): Promise<{ value: T; failed: boolean }> {
  try {
    return { value: await fn(), failed: false };
  } catch (error) {
    logger.error({ err: error }, `failed to load ${what}`);
    return { value: fallback, failed: true };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireCan({ request, context }, "leads.view");
  const filter = filterFromSearch(new URL(request.url).searchParams, admin.userId);
  const [contacts, subscribers, submissions, formLeads, counts, spam, members] = await Promise.all([
    attempt("contacts", () => listContactRequests(filter), []),
    attempt("subscribers", () => listSubscribers(filter), []),
    attempt("form submissions", () => listFormSubmissions(filter), []),
    attempt("built forms' submissions", () => listFormLeads(filter), []),
    attempt("lead counts", () => countLeads(filter), {
      contacts: 0,
      subscribers: 0,
      submissions: 0,
      forms: 0,
    }),
    attempt("held submissions", () => countHeldSubmissions(), 0),
    attempt("members", () => listMembers(), []),
  ]);
  return data(
    {
      filter,
      contacts: contacts.value,
      subscribers: subscribers.value,
      submissions: submissions.value,
      formLeads: formLeads.value,
      counts: counts.value,
      spamCount: spam.value,
      owners: Object.fromEntries(members.value.map((m) => [m.userId, m.name || m.email])),
      errors: {
        contacts: contacts.failed || counts.failed,
        subscribers: subscribers.failed,
        submissions: submissions.failed,
        formLeads: formLeads.failed,
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action(args: Route.ActionArgs) {
  const { form, intent, id, who } = await inboxAction(args);

  if (intent === "set-status") return statusAction(form, who);
  const deletion = DELETIONS[intent];
  if (!deletion) return refuse("Unknown action");
  try {
    const deleted = isUuid(id) ? await deleteLead(deletion.kind, id, who) : undefined;
    if (!deleted) return gone(`Failed to delete ${deletion.noun}`);
    return done(deletion.done);
  } catch (error) {
    logger.error({ err: error, intent }, "failed to delete lead");
    return refuse(`Failed to delete ${deletion.noun}`, {}, 500);
  }
}

/** The delete intents of the lists and their messages. */
const DELETIONS: Record<string, { kind: LeadKind; noun: string; done: string }> = {
  "delete-contact": { kind: "contact", noun: "contact", done: "Contact deleted successfully" },
  "delete-subscriber": { kind: "subscriber", noun: "subscriber", done: "Subscriber deleted successfully" },
  "delete-submission": { kind: "submission", noun: "lead", done: "Lead deleted successfully" },
  "delete-form-lead": { kind: "form", noun: "submission", done: "Submission deleted" },
};

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { filter, contacts, subscribers, submissions, formLeads, counts, spamCount, owners, errors } =
    loaderData;
  const navigation = useNavigation();
  const deletion = useFetcher({ key: CONTACT_ACTION_FETCHER });
  useActionToast(deletion.data);
  const live = useLiveLeads();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/admin/contacts";

  // Load failures are reported once per failing load (docs/product.md, Contacts inbox).
  useEffect(() => {
    if (errors.contacts) showToast({ type: "error", message: "Failed to load contacts" });
    if (errors.subscribers) showToast({ type: "error", message: "Failed to load subscribers" });
    if (errors.formLeads) showToast({ type: "error", message: "Failed to load form submissions" });
  }, [errors.contacts, errors.subscribers, errors.formLeads]);

  const exportQuery = new URLSearchParams(
    Object.entries(filter).filter(
      (entry): entry is [string, string] => entry[0] !== "me" && Boolean(entry[1]),
    ),
  ).toString();
  const exportHref = (list: string) =>
    `/admin/contacts/export/${list}.csv${exportQuery ? `?${exportQuery}` : ""}`;

  return (
    <div className="space-y-6">
      <InboxHeader
        title="Contacts"
        description="Contact requests, newsletter subscribers, demo leads and form submissions"
        spamCount={spamCount}
      />
      <ContactsStats contacts={counts.contacts} subscribers={counts.subscribers} />

      <ContactsFilters filter={filter} />

      <p className="sr-only" aria-live="polite">
        {live.updates > 0 ? `Lead list updated (${live.updates})` : ""}
      </p>

      {searching ? (
        <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-700">
          <Loader2 className="size-5 animate-spin" aria-hidden />
          Loading contacts...
        </div>
      ) : (
        <div className="space-y-6">
          <ContactRequestList
            rows={contacts}
            total={counts.contacts}
            exportHref={exportHref("contacts")}
            owners={owners}
          />
          <SubscriberList
            rows={subscribers}
            total={counts.subscribers}
            exportHref={exportHref("subscribers")}
            owners={owners}
          />
          <SubmissionList
            rows={submissions}
            total={counts.submissions}
            exportHref={exportHref("submissions")}
            owners={owners}
          />
          <FormLeadList
            rows={formLeads}
            total={counts.forms}
            exportHref={exportHref("forms")}
            owners={owners}
          />
        </div>
      )}
    </div>
  );
}
