// The team's members as other screens need them: names for the audit log's filter, the people a lead can be
// assigned to, and the round-robin's choices. Active admin_users rows with their auth user's name and address.
import { and, asc, eq, inArray } from "drizzle-orm";
import { type Capability, rolesWith } from "~/auth/roles";
import { db } from "~/db/client.server";
import { adminUsers, authUsers } from "~/db/schema";
import type { Writer } from "~/models/outbox.server";

export interface Member {
  userId: string;
  name: string;
  email: string;
  role: string;
}

/** Active members, by name; with `capability`, only those whose role has it (e.g. "leads.assignee"). */
export async function listMembers(capability?: Capability, writer: Writer = db()): Promise<Member[]> {
  return writer
    .select({ userId: authUsers.id, name: authUsers.name, email: authUsers.email, role: adminUsers.role })
    .from(adminUsers)
    .innerJoin(authUsers, eq(authUsers.id, adminUsers.userId))
    .where(
      and(
        eq(adminUsers.isActive, true),
        capability ? inArray(adminUsers.role, rolesWith(capability)) : undefined,
      ),
    )
    .orderBy(asc(authUsers.name), asc(authUsers.email));
}

/** The member with this id who may hold leads, or undefined (not a member, inactive, or a role without it). */
export async function assignableMember(userId: string, writer: Writer = db()): Promise<Member | undefined> {
  const members = await listMembers("leads.assignee", writer);
  return members.find((m) => m.userId === userId);
}
