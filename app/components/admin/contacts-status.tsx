// The status select of one lead (any kind), and the link from a lead to its person view. Shared by the inbox
// lists and the person view; a status change posts to the page it is on (both handle intent "set-status").
import { Link, useFetcher } from "react-router";
import { Select } from "~/components/ui/input";
import { useActionToast } from "~/components/ui/toaster";
import { LEAD_STATUSES, type LeadKind, personHref } from "~/lib/lead-status";

export function PersonLink({ email, label }: { email: string; label?: string }) {
  return (
    <Link className="break-all text-sm font-medium text-brand-700 underline" to={personHref(email)}>
      {label ?? email}
    </Link>
  );
}

export function StatusSelect({
  kind,
  id,
  status,
  label,
}: {
  kind: LeadKind;
  id: string;
  status: string;
  /** Whose status this is, for the select's accessible name. */
  label: string;
}) {
  const fetcher = useFetcher<{ toast?: unknown }>();
  useActionToast(fetcher.data);
  const value = (fetcher.formData?.get("status") as string | null) ?? status;
  const selectId = `status-${kind}-${id}`;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={selectId} className="sr-only">
        Status of {label}
      </label>
      <Select
        id={selectId}
        name="status"
        value={value}
        className="w-auto min-w-32"
        onChange={(e) => fetcher.submit(e.currentTarget.form)}
      >
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      {/* Without JavaScript the change is sent with this button (visible when focused). */}
      <button type="submit" className="sr-only focus:not-sr-only focus:rounded focus:px-2 focus:text-sm">
        Save status
      </button>
    </fetcher.Form>
  );
}
