// Who owns a lead, in the person view: the assigned member's name and, for members who may work leads, a select to
// assign, reassign or unassign it (intent "assign" on the person route; ADR 032).
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { useActionToast } from "~/components/ui/toaster";
import type { LeadKind } from "~/lib/lead-status";

export interface OwnerChoices {
  /** Members a lead can be given to. */
  assignable: { userId: string; name: string }[];
  /** Every active member's name by id, for owners who can no longer take new leads. */
  names: Record<string, string>;
  /** Whether the signed-in member may change owners. */
  canAssign: boolean;
}

export function LeadOwner({
  kind,
  id,
  assignedTo,
  label,
  choices,
}: {
  kind: LeadKind;
  id: string;
  assignedTo: string | null;
  /** Whose owner this is, for the select's accessible name. */
  label: string;
  choices: OwnerChoices;
}) {
  const fetcher = useFetcher<{ toast?: unknown }>();
  useActionToast(fetcher.data);
  const owner = assignedTo ? (choices.names[assignedTo] ?? "a former member") : null;
  const selectId = `owner-${kind}-${id}`;
  if (!choices.canAssign) {
    return (
      <p className="text-sm text-slate-700" data-testid="lead-owner">
        Owner: <strong>{owner ?? "nobody yet"}</strong>
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2" data-testid="lead-owner">
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={selectId} className="text-sm text-slate-700">
        Owner of this {label}
      </label>
      <Select id={selectId} name="assignee" defaultValue={assignedTo ?? ""} className="w-auto min-w-40">
        <option value="">Nobody</option>
        {assignedTo && !choices.assignable.some((m) => m.userId === assignedTo) ? (
          <option value={assignedTo}>{owner}</option>
        ) : null}
        {choices.assignable.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.name}
          </option>
        ))}
      </Select>
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
        Save owner
      </Button>
    </fetcher.Form>
  );
}

/** A lead's owner in the inbox lists: the member's name, or "Unassigned". */
export function OwnerTag({
  assignedTo,
  owners,
}: {
  assignedTo?: string | null;
  owners: Record<string, string>;
}) {
  return (
    <span className="text-sm text-slate-700" data-testid="owner-tag">
      {assignedTo ? (
        <>
          Owner: <strong className="font-medium">{owners[assignedTo] ?? "a former member"}</strong>
        </>
      ) : (
        "Unassigned"
      )}
    </span>
  );
}
