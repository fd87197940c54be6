// Where a built form's submission goes, decided in the transaction that stores it (form-responses.server.ts): its
// owner when the form hands submissions out in turn, the alert mails (the chosen members, or the owner of the turn,
// and the form's addresses) and the confirmation to the sender, which shares the site auto-reply's limit of one a
// day per mailbox and is never sent to an address a reply could not be delivered to.
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

/** The member whose turn the next submission is, for a form that hands them out in turn (else null). */
export async function ownerOfTurn(tx: Tx, form: RoutedForm): Promise<Member | null> {
  if (form.routing.mode !== "round-robin") return null;
  const [member] = await takeTurns(tx, `form:${form.id}`, form.routing.members, 1);
  return member ?? null;
}

/** The alert mails and the confirmation of one stored submission (none without SMTP_URL). */
export async function routedMails(
  tx: Tx,
  form: RoutedForm,
  submission: {
    id: string;
    email: string;
    name: string | null;
    values: SubmittedValues;
    attribution: Attribution;
    owner: Member | null;
  },
): Promise<OutboxEntry[]> {
  if (!mailConfigured()) return [];
  const { routing } = form;
  const members =
    routing.mode === "round-robin"
      ? submission.owner
        ? [submission.owner]
        : []
      : (await listMembers("leads.assignee", tx)).filter((m) => routing.members.includes(m.userId));
  const recipients = [
    ...new Map(
      [...members.map((m) => m.email), ...routing.addresses].map((a) => [a.toLowerCase(), a]),
    ).values(),
  ];
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
  const entries: OutboxEntry[] = recipients.map((to) => ({
    kind: "email",
    target: to,
    event: "lead.alert",
    payload: mail,
    leadEmail,
  }));
  if (routing.confirmation.enabled && submission.email) {
    const [reply] = await replyEntries(tx, recipients, [
      {
        email: submission.email,
        // One line: an answer's line breaks never reach a mail header.
        subject: fillPlaceholders(routing.confirmation.subject, submission.values).replace(/\s+/g, " "),
        text: fillPlaceholders(routing.confirmation.text, submission.values),
      },
    ]);
    if (reply) entries.push(reply);
  }
  return entries;
}
