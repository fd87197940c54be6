// /admin/contacts: one lead inbox. Counters, a search kept in the URL (?q=, matched in SQL), the contact
// requests with their status, subscribers and demo/dialog leads, deletes with confirmation, CSV exports, and live
// updates over server-sent events.
import { Loader2, Search } from "lucide-react";
import { useEffect } from "react";
import { data, Form, useFetcher, useNavigation } from "react-router";
import { adminFor } from "~/auth/admin-context.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import {
  CONTACT_ACTION_FETCHER,
  ContactRequestList,
  SubmissionList,
  SubscriberList,
} from "~/components/admin/contacts-lists";
import { useLiveLeads } from "~/components/admin/contacts-live";
import { ContactsStats } from "~/components/admin/contacts-stats";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { showToast, useActionToast } from "~/components/ui/toaster";
import { adminTitle } from "~/lib/brand";
import { logger } from "~/lib/logger.server";
import { requestInfo } from "~/lib/request-context.server";
import { auditContext } from "~/models/audit.server";
import {
  countLeads,
  deleteContactRequest,
  deleteFormSubmission,
  deleteSubscriber,
  isContactStatus,
  leadsMarker,
  listContactRequests,
  listFormSubmissions,
  listSubscribers,
  setContactStatus,
} from "~/models/contacts-admin.server";
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
  await adminFor({ request, context });
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const [contacts, subscribers, submissions, counts, marker] = await Promise.all([
    attempt("contacts", () => listContactRequests({ q }), []),
    attempt("subscribers", () => listSubscribers({ q }), []),
    attempt("form submissions", () => listFormSubmissions({ q }), []),
    attempt("lead counts", () => countLeads(q), { contacts: 0, subscribers: 0, submissions: 0 }),
    attempt("lead marker", () => leadsMarker(), ""),
  ]);
  return data(
    {
      q,
      contacts: contacts.value,
      subscribers: subscribers.value,
      submissions: submissions.value,
      counts: counts.value,
      marker: marker.value,
      errors: {
        contacts: contacts.failed || counts.failed,
        subscribers: subscribers.failed,
        submissions: submissions.failed,
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

// A row that is already gone answers 409 (the page showed stale data): React Router reads a 404 from an action
// as "no such route" and would drop the toast.
type Toast = { type: "success" | "error"; message: string };
const ok = (message: string) => ({ toast: { type: "success", message } as Toast });
const fail = (message: string, status = 400) =>
  data({ toast: { type: "error", message } as Toast }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await adminFor({ request, context });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  const isUuid = /^[0-9a-f-]{36}$/i.test(id);

  switch (intent) {
    case "set-status": {
      const status = form.get("status");
      if (!isUuid || !isContactStatus(status)) return fail("Failed to update contact status");
      try {
        const result = await setContactStatus(id, status, who);
        if (!result) return fail("Failed to update contact status", 409);
        return ok("Contact status updated");
      } catch (error) {
        logger.error({ err: error }, "failed to update contact status");
        return fail("Failed to update contact status", 500);
      }
    }
    case "delete-contact": {
      try {
        const deleted = isUuid ? await deleteContactRequest(id, who) : undefined;
        if (!deleted) return fail("Failed to delete contact", 409);
        return ok("Contact deleted successfully");
      } catch (error) {
        logger.error({ err: error }, "failed to delete contact");
        return fail("Failed to delete contact", 500);
      }
    }
    case "delete-subscriber": {
      try {
        const deleted = isUuid ? await deleteSubscriber(id, who) : undefined;
        if (!deleted) return fail("Failed to delete subscriber", 409);
        return ok("Subscriber deleted successfully");
      } catch (error) {
        logger.error({ err: error }, "failed to delete subscriber");
        return fail("Failed to delete subscriber", 500);
      }
    }
    case "delete-submission": {
      try {
        const deleted = isUuid ? await deleteFormSubmission(id, who) : undefined;
        if (!deleted) return fail("Failed to delete lead", 409);
        return ok("Lead deleted successfully");
      } catch (error) {
        logger.error({ err: error }, "failed to delete form submission");
        return fail("Failed to delete lead", 500);
      }
    }
    default:
      return fail("Unknown action");
  }
}

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { q, contacts, subscribers, submissions, counts, marker, errors } = loaderData;
  const navigation = useNavigation();
  const deletion = useFetcher({ key: CONTACT_ACTION_FETCHER });
  useActionToast(deletion.data);
  const live = useLiveLeads(marker);
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/admin/contacts";

  // Load failures are reported once per failing load (docs/product.md, Contacts inbox).
  useEffect(() => {
    if (errors.contacts) showToast({ type: "error", message: "Failed to load contacts" });
    if (errors.subscribers) showToast({ type: "error", message: "Failed to load subscribers" });
  }, [errors.contacts, errors.subscribers]);

  const exportHref = (list: string) =>
    `/admin/contacts/export/${list}.csv${q ? `?q=${encodeURIComponent(q)}` : ""}`;

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Contacts"
        description="Contact requests, newsletter subscribers and demo leads"
      />
      <ContactsStats contacts={counts.contacts} subscribers={counts.subscribers} />

      <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row" aria-label="Search leads">
        <label htmlFor="contacts-search" className="sr-only">
          Search contacts and subscribers
        </label>
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden
          />
          <Input
            id="contacts-search"
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder="Search by name, email or organization"
            className="pl-9"
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>

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
          <ContactRequestList rows={contacts} total={counts.contacts} exportHref={exportHref("contacts")} />
          <SubscriberList
            rows={subscribers}
            total={counts.subscribers}
            exportHref={exportHref("subscribers")}
          />
          <SubmissionList
            rows={submissions}
            total={counts.submissions}
            exportHref={exportHref("submissions")}
          />
        </div>
      )}
    </div>
  );
}
