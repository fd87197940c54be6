// How an admin action answers a list item's save that was not made (app/models/versioned-edits.server.ts): an item
// deleted meanwhile is GONE_STATUS with a message that says so, on the form as well as in the toast; one saved by
// someone else after the form loaded it is a 409 carrying the conflict the form shows (who, when, their version).
import { CONFLICT_MESSAGES } from "~/lib/edit-conflict";
import type { EditSubject } from "~/lib/edit-subjects";
import { gone, refuse } from "~/lib/forms";
import { conflictWith } from "~/models/edit-conflicts.server";
import type { EditOutcome, Versioned } from "~/models/versioned-edits.server";

type Refusal = Exclude<EditOutcome<Versioned>, { status: "saved" }>;

/** The form's fields `values` are echoed back, so nothing typed is lost. */
export async function refusedEdit(
  outcome: Refusal,
  subject: EditSubject,
  extra: { intent?: string; values?: Record<string, string> },
) {
  if (outcome.status === "gone") return gone(subject.gone, { ...extra, fieldErrors: { form: subject.gone } });
  const conflict = await conflictWith(outcome.current);
  return refuse(CONFLICT_MESSAGES.refused, { ...extra, conflict }, 409);
}
