// The inbox's filter bar: search as you type (debounced), status, kind and a date range. Everything lives in the
// URL (?q=&status=&kind=&from=&to=), so a filtered inbox can be shared and back/forward step through filters.
// Typing replaces the current history entry (one entry per search, not per keystroke); the selects and dates push.
import { Form, Link } from "react-router";
import { useUrlFilters } from "~/components/admin/use-url-filters";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { SearchInput } from "~/components/ui/search-input";
import { LEAD_KIND_LABELS, LEAD_KINDS, LEAD_STATUSES } from "~/lib/lead-status";

interface InboxFilter {
  q: string;
  status?: string;
  kind?: string;
  from?: string;
  to?: string;
  assigned?: string;
}

export function ContactsFilters({ filter }: { filter: InboxFilter }) {
  const { status, kind, from, to, assigned } = filter;
  const { formRef, inputRef, text, setText, send } = useUrlFilters(filter.q, {
    status,
    kind,
    from,
    to,
    assigned,
  });
  const submitNow = () => send(false);
  const filtered = Boolean(
    filter.q || filter.status || filter.kind || filter.from || filter.to || filter.assigned,
  );

  return (
    <Form ref={formRef} method="get" role="search" aria-label="Search leads" className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <SearchInput
          ref={inputRef}
          id="contacts-search"
          label="Search contacts and subscribers"
          name="q"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          placeholder="Search by name, email or organization"
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Field id="filter-status" label="Status">
          {(aria) => (
            <Select {...aria} name="status" defaultValue={filter.status ?? ""} onChange={submitNow}>
              <option value="">All statuses</option>
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="filter-kind" label="Kind">
          {(aria) => (
            <Select {...aria} name="kind" defaultValue={filter.kind ?? ""} onChange={submitNow}>
              <option value="">All kinds</option>
              {LEAD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {LEAD_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="filter-assigned" label="Owner">
          {(aria) => (
            <Select {...aria} name="assigned" defaultValue={filter.assigned ?? ""} onChange={submitNow}>
              <option value="">Anyone's</option>
              <option value="me">Assigned to me</option>
              <option value="none">Unassigned</option>
            </Select>
          )}
        </Field>
        <Field id="filter-from" label="From">
          {(aria) => (
            <Input {...aria} type="date" name="from" defaultValue={filter.from} onChange={submitNow} />
          )}
        </Field>
        <Field id="filter-to" label="To">
          {(aria) => <Input {...aria} type="date" name="to" defaultValue={filter.to} onChange={submitNow} />}
        </Field>
      </div>
      {filtered ? (
        <Link to="/admin/contacts" className="inline-block text-sm font-medium text-brand-700 underline">
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}
