// Where a built form's submissions go, decided in the transaction that stores them (form-response-storage.server.ts):
// their owners when the form hands submissions out in turn, the alert mails (the chosen members, or the owner of the
// turn, and the form's addresses) and the confirmation to the sender, which shares the site auto-reply's limit of
// one a day per mailbox and is never sent to an address a reply could not be delivered to.
import type { Transaction as Tx } from "~/db/client.server";
import { mailConfigured } from "~/infra/mail.server";
import type { FormDefinition } from "~/lib/form-builder/definition";
import type { FormRouting } from "~/lib/form-builder/routing";
import {
  answerLines,
  answersOf,
  fillPlaceholders,
  type SubmittedValues,
} from "~/lib/form-builder/submission";
import type { Attribution } from "~/lib/lead-schema";
import { takeTurns } from "~/models/lead-assignment.server";
import { alertMail, replyEntries } from "~/models/lead-notifications.server";
import { listMembers, type Member } from "~/models/member-directory.server";
import type { OutboxEntry } from "~/models/outbox.server";

export interface RoutedForm {
  id: string;
  name: string;
  definition: FormDefinition;
  routing: FormRouting;
}

/**
 * The members whose turn the next `count` submissions are, in order, for a form that hands them out in turn (one
 * statement for a whole batch); nulls otherwise, or when nobody listed may hold leads.
 */
export async function ownersOfTurns(tx: Tx, form: RoutedForm, count: number): Promise<(Member | null)[]> {
  const turns =
    form.routing.mode === "round-robin"
      ? await takeTurns(tx, `form:${form.id}`, form.routing.members, count)
      : [];
  return Array.from({ length: count }, (_, i) => turns[i] ?? null);
}

/** The member whose turn the next submission is, for a form that hands them out in turn (else null). */
export async function ownerOfTurn(tx: Tx, form: RoutedForm): Promise<Member | null> {
  const [member] = await ownersOfTurns(tx, form, 1);
  return member ?? null;
}

/** One stored submission, as its mails tell it. */
export interface RoutedSubmission {
  id: string;
  email: string;
  name: string | null;
  values: SubmittedValues;
  attribution: Attribution;
  owner: Member | null;
}

/**
 * The alert mails and the confirmations of stored submissions of one form (none without SMTP_URL), submission by
 * submission: the members and the day's confirmations are read once for them all, and two submissions from one
 * mailbox get one confirmation (the first's), as one after the other would.
 */
export async function routedMails(
  tx: Tx,
  form: RoutedForm,
  submissions: RoutedSubmission[],
): Promise<OutboxEntry[]> {
  if (!mailConfigured() || !submissions.length) return [];
  const { routing } = form;
  const chosen =
    routing.mode === "round-robin"
      ? []
      : (await listMembers("leads.assignee", tx)).filter((m) => routing.members.includes(m.userId));
  const recipientsOf = (owner: Member | null) => {
    const members = routing.mode === "round-robin" ? (owner ? [owner] : []) : chosen;
    return [
      ...new Map(
        [...members.map((m) => m.email), ...routing.addresses].map((a) => [a.toLowerCase(), a]),
      ).values(),
    ];
  };
  const alerts = submissions.map((submission) => {
    const mail = alertMail({
      kind: "form",
      id: submission.id,
      email: submission.email,
      name: submission.name,
      topic: form.name,
      message: answerLines(answersOf(form.definition, submission.values)),
      ...submission.attribution,
    });
    const leadEmail = submission.email || null;
    return recipientsOf(submission.owner).map(
      (to): OutboxEntry => ({ kind: "email", target: to, event: "lead.alert", payload: mail, leadEmail }),
    );
  });
  const confirming = routing.confirmation.enabled
    ? submissions.flatMap((submission, i) => (submission.email ? [{ submission, i }] : []))
    : [];
  const replies = await replyEntries(
    tx,
    [],
    confirming.map(({ submission, i }) => ({
      email: submission.email,
      // One line: an answer's line breaks never reach a mail header.
      subject: fillPlaceholders(routing.confirmation.subject, submission.values).replace(/\s+/g, " "),
      text: fillPlaceholders(routing.confirmation.text, submission.values),
      // Never to an address that gets the submission's alert.
      alerted: (alerts[i] ?? []).map((entry) => entry.target),
    })),
  );
  const entries = alerts.map((alert) => [...alert]);
  for (const [n, { i }] of confirming.entries()) {
    const reply = replies[n];
    if (reply) entries[i]?.push(reply);
  }
  return entries.flat();
}
