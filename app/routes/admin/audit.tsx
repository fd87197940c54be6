// /admin/audit: the whole audit log in sentences, newest first, filtered by member, kind of action and date range
// (all in the URL), fifty entries a page. For the owner and administrators (capability audit.view).
import { ChevronLeft, ChevronRight, Loader2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { useUrlFilters } from "~/components/admin/use-url-filters";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { parseDay } from "~/lib/analytics-query";
import { AUDIT_KINDS, actorLabel, auditSentence, isAuditKind } from "~/lib/audit-sentences";
import { adminTitle } from "~/lib/brand";
import { formatDateTime } from "~/lib/dates";
import { safeText } from "~/lib/safe-text";
import { AUDIT_PAGE_SIZE, type AuditFilter, auditPage } from "~/models/audit.server";
import { listMembers } from "~/models/member-directory.server";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: adminTitle("Audit log") }];
}

/** The filter and page of an audit-log URL; malformed values are dropped, so a hand-edited link still opens. */
function filterFrom(params: URLSearchParams): { filter: AuditFilter; page: number } {
  const kind = params.get("kind");
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return parseDay(value) ? value : undefined;
  };
  const member = safeText((params.get("member") ?? "").trim().toLowerCase(), 320);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    filter: {
      member: member || undefined,
      kind: isAuditKind(kind) ? kind : undefined,
      from: day("from"),
      to: day("to"),
    },
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "audit.view");
  const { filter, page } = filterFrom(new URL(request.url).searchParams);
  const [{ entries, total }, members] = await Promise.all([auditPage(filter, page), listMembers()]);
  return data(
    {
      filter,
      page,
      pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
      total,
      members: members.map((m) => ({ email: m.email, name: m.name })),
      entries: entries.map((e) => ({
        id: e.id,
        at: e.at,
        sentence: auditSentence({
          who: actorLabel(e.actor, e.memberName),
          action: e.action,
          entity: e.entity,
          details: e.details,
        }),
        actor: e.memberName ? e.actor : null,
        ip: e.ip,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filter, page, pages, total, members, entries } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/audit";
  const filtered = Boolean(filter.member || filter.kind || filter.from || filter.to);
  const pageHref = (n: number) => {
    const params = new URLSearchParams(
      Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    if (n > 1) params.set("page", String(n));
    const query = params.toString();
    return `/admin/audit${query ? `?${query}` : ""}`;
  };

  return (
    <>
      <AdminPageHeader
        title="Audit log"
        description="Who did what in the back office, and when: sign-ins, content, leads and settings"
      />
      <AuditFilters filter={filter} members={members} filtered={filtered} />

      <Card className="mt-6 p-0">
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-5 py-3">
          <h2 className="text-base font-semibold text-slate-900">Entries</h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {total === 1 ? "1 entry" : `${total.toLocaleString("en-US")} entries`}
            {pages > 1 ? ` · page ${page} of ${pages}` : ""}
          </p>
        </div>
        {loading ? (
          <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-700">
            <Loader2 className="size-5 animate-spin" aria-hidden />
            Loading entries...
          </div>
        ) : entries.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-600" data-testid="audit-empty">
            {filtered
              ? "No entries match these filters. Widen the dates or clear the filters."
              : "Nothing has been recorded yet."}
          </p>
        ) : (
          <ol className="divide-y divide-slate-100" data-testid="audit-entries">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 px-5 py-3 text-sm">
                <span className="break-words text-slate-900">{entry.sentence}</span>
                <span className="flex flex-wrap gap-x-3 text-xs text-slate-600">
                  <time dateTime={entry.at.toISOString()}>{formatDateTime(entry.at)}</time>
                  {entry.actor ? <span className="break-all">{entry.actor}</span> : null}
                  {entry.ip ? <span>from {entry.ip}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>

      {pages > 1 ? (
        <nav aria-label="Audit log pages" className="mt-4 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className={buttonVariants({ variant: "outline" })}>
              <ChevronLeft aria-hidden />
              Newer
            </Link>
          ) : (
            <span />
          )}
          {page < pages ? (
            <Link to={pageHref(page + 1)} className={buttonVariants({ variant: "outline" })}>
              Older
              <ChevronRight aria-hidden />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

function AuditFilters({
  filter,
  members,
  filtered,
}: {
  filter: AuditFilter;
  members: { email: string; name: string }[];
  filtered: boolean;
}) {
  const { member, kind, from, to } = filter;
  const { formRef } = useUrlFilters("", { member, kind, from, to });
  return (
    <Form ref={formRef} method="get" role="search" aria-label="Filter the audit log" className="space-y-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field id="audit-member" label="Member">
          {(aria) => (
            <Select {...aria} name="member" defaultValue={member ?? ""}>
              <option value="">Everyone</option>
              {members.map((m) => (
                <option key={m.email} value={m.email}>
                  {m.name || m.email}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="audit-kind" label="Kind of action">
          {(aria) => (
            <Select {...aria} name="kind" defaultValue={kind ?? ""}>
              <option value="">Every kind</option>
              {Object.entries(AUDIT_KINDS).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="audit-from" label="From">
          {(aria) => <Input {...aria} type="date" name="from" defaultValue={from} />}
        </Field>
        <Field id="audit-to" label="To">
          {(aria) => <Input {...aria} type="date" name="to" defaultValue={to} />}
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" id="audit-apply">
          Apply filters
        </Button>
        {filtered ? (
          <Link id="audit-clear" to="/admin/audit" className="text-sm font-medium text-brand-700 underline">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
