// Leads assigned to people (docs/decisions/032-lead-assignment.md): any lead can be given to a member whose role may
// hold leads (capability leads.assignee), who then gets its alert mail; new contact and demo leads can be handed out
// in turn among members chosen in the lead notification settings (the round-robin), decided in the transaction that
// stores them.
import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { forms, leadAssignmentTurns } from "~/db/schema";
import { mailConfigured } from "~/infra/mail.server";
import type { FormDefinition } from "~/lib/form-builder/definition";
import { answerLines, answersOf, type SubmittedValues } from "~/lib/form-builder/submission";
import type { LeadKind } from "~/lib/lead-status";
import type { LeadNotificationSettings } from "~/lib/notification-settings";
import { type AuditContext, auditAs } from "~/models/audit.server";
import { alertMail, type LeadFacts } from "~/models/lead-notifications.server";
import { LEAD_ENTITIES, LEAD_TABLES, leadRow } from "~/models/lead-tables.server";
import { assignableMember, listMembers, type Member } from "~/models/member-directory.server";
import { enqueue, outboxWritten, type Writer } from "~/models/outbox.server";

const ROUND_ROBIN = "round-robin";

/**
 * The members the round-robin gives the next `count` new leads to, in order: the chosen members who may still hold
 * leads (in the settings' order), each lead the next turn. Empty when the round-robin is off, nobody chosen can
 * hold leads, or `count` is 0. Taking the turns is one upsert that adds `count` to the counter and returns the
 * total: the row stays locked until the caller's transaction ends, so instances sharing a PostgreSQL database
 * take turns one after the other and never hand out the same turn twice.
 */
export async function roundRobinAssignees(
  tx: Writer,
  settings: LeadNotificationSettings,
  count: number,
): Promise<Member[]> {
  if (!settings.roundRobin?.enabled) return [];
  return takeTurns(tx, ROUND_ROBIN, settings.roundRobin.members, count);
}

/**
 * The next `count` turns of the round-robin named `key` among `memberIds` (in that order), each the member whose
 * turn it is; those who may no longer hold leads are passed over. Empty when nobody listed can hold leads.
 */
export async function takeTurns(
  tx: Writer,
  key: string,
  memberIds: string[],
  count: number,
): Promise<Member[]> {
  if (count <= 0) return [];
  const eligible = new Map((await listMembers("leads.assignee", tx)).map((m) => [m.userId, m]));
  const members = memberIds.flatMap((id) => eligible.get(id) ?? []);
  if (!members.length) return [];
  const [row] = await tx
    .insert(leadAssignmentTurns)
    .values({ key, turns: count })
    .onConflictDoUpdate({
      target: leadAssignmentTurns.key,
      set: { turns: sql`${leadAssignmentTurns.turns} + ${count}`, updatedAt: new Date() },
    })
    .returning({ turns: leadAssignmentTurns.turns });
  const first = Number(row?.turns ?? count) - count;
  return Array.from({ length: count }, (_, i) => members[(first + i) % members.length] as Member);
}

/** What a lead row tells its alert mail; a built form's submission also needs its form. */
function factsOf(
  kind: LeadKind,
  row: Record<string, unknown>,
  form?: { name: string; definition: FormDefinition },
): LeadFacts {
  const text = (key: string) => (typeof row[key] === "string" ? (row[key] as string) : null);
  const base = {
    id: String(row.id),
    email: String(row.email),
    sourcePage: text("sourcePage"),
    sourceSection: text("sourceSection"),
    landingPage: text("landingPage"),
    referrer: text("referrer"),
    utmSource: text("utmSource"),
    utmMedium: text("utmMedium"),
    utmCampaign: text("utmCampaign"),
  };
  if (kind === "contact") {
    return {
      ...base,
      kind: "contact",
      name: text("name"),
      organization: text("organization"),
      topic: text("interest"),
      message: text("message"),
    };
  }
  if (kind === "form") {
    const values = (row.values ?? {}) as SubmittedValues;
    return {
      ...base,
      kind: "form",
      name: text("name"),
      topic: form?.name ?? null,
      message: form ? answerLines(answersOf(form.definition, values)) : null,
    };
  }
  if (kind === "submission") {
    return {
      ...base,
      kind: "lead",
      name: text("name"),
      topic: text("purpose") ?? text("subject"),
      message: text("message"),
    };
  }
  return { ...base, kind: "newsletter" };
}

export type AssignResult =
  | { ok: true; changed: boolean; assignee: Member | null }
  | { ok: false; reason: "gone" | "not-assignable" };

/**
 * Gives a lead to a member (or to nobody, with `assigneeId` null). The member must be active with a role that may
 * hold leads. In one transaction: the row, and with SMTP_URL the alert mail to the new assignee (through the
 * outbox, like every lead alert); then the audit entry, by lead id and the member's name only.
 */
export async function assignLead(
  kind: LeadKind,
  id: string,
  assigneeId: string | null,
  who: AuditContext,
): Promise<AssignResult> {
  const table = LEAD_TABLES[kind];
  const result = await db().transaction(async (tx): Promise<AssignResult & { queued?: boolean }> => {
    const [row] = await tx.select().from(table).where(leadRow(kind, id)).for("update");
    if (!row) return { ok: false, reason: "gone" };
    const form =
      "formId" in row
        ? (
            await tx
              .select({ name: forms.name, definition: forms.definition })
              .from(forms)
              .where(eq(forms.id, row.formId))
          )[0]
        : undefined;
    const assignee = assigneeId ? ((await assignableMember(assigneeId, tx)) ?? null) : null;
    if (assigneeId && !assignee) return { ok: false, reason: "not-assignable" };
    if ((row.assignedTo ?? null) === (assignee?.userId ?? null))
      return { ok: true, changed: false, assignee };
    await tx
      .update(table)
      .set({ assignedTo: assignee?.userId ?? null })
      .where(eq(table.id, id));
    let queued = false;
    if (assignee && mailConfigured()) {
      await enqueue(tx, [
        {
          kind: "email",
          target: assignee.email,
          event: "lead.alert",
          payload: alertMail(factsOf(kind, row, form)),
          leadEmail: row.email.toLowerCase(),
        },
      ]);
      queued = true;
    }
    return { ok: true, changed: true, assignee, queued };
  });
  if (result.ok && result.changed) {
    if (result.queued) outboxWritten();
    await auditAs(who, {
      action: result.assignee ? "lead.assign" : "lead.unassign",
      entity: LEAD_ENTITIES[kind],
      entityId: id,
      details: result.assignee ? { assigneeName: result.assignee.name || result.assignee.email } : null,
    });
  }
  if (!result.ok) return result;
  return { ok: true, changed: result.changed, assignee: result.assignee };
}
