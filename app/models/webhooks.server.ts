// Webhook endpoints: the admin's list (URL, events, active, secret) and the outbox rows each event becomes. The
// secret (whsec_ + 24 random bytes, base64) is returned once at creation and at rotation; the admin never sees
// it again. URLs are checked against the SSRF rules when saved (and again at every delivery).
import { randomBytes } from "node:crypto";
import { and, arrayOverlaps, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { outbox, webhookEndpoints } from "~/db/schema";
import type { WebhookEvent } from "~/lib/notification-settings";
import { assertPublicUrl } from "~/lib/webhook-http.server";
import { type AuditContext, auditAs } from "~/models/audit.server";
import { enqueue, type OutboxEntry, outboxWritten, type Writer } from "~/models/outbox.server";

export type WebhookEndpoint = Omit<typeof webhookEndpoints.$inferSelect, "secret">;

const publicColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  createdAt: webhookEndpoints.createdAt,
};

function newSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export function listEndpoints(): Promise<WebhookEndpoint[]> {
  return db().select(publicColumns).from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
}

/** Throws UnsafeUrlError (with a message for the admin) when the URL is refused. */
export async function createEndpoint(url: string, events: WebhookEvent[], who: AuditContext) {
  const checked = await assertPublicUrl(url);
  const secret = newSecret();
  const [row] = await db()
    .insert(webhookEndpoints)
    .values({ url: checked.toString(), events, secret })
    .returning(publicColumns);
  if (!row) throw new Error("insert returned no row");
  await auditAs(who, {
    action: "webhook.create",
    entity: "webhook_endpoint",
    entityId: row.id,
    details: { url: row.url, events },
  });
  return { endpoint: row, secret };
}

/** A new secret; the old one stops signing at once. Undefined when the endpoint does not exist. */
export async function rotateEndpointSecret(id: string, who: AuditContext): Promise<string | undefined> {
  const secret = newSecret();
  const [row] = await db()
    .update(webhookEndpoints)
    .set({ secret })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (!row) return undefined;
  await auditAs(who, { action: "webhook.rotate_secret", entity: "webhook_endpoint", entityId: id });
  return secret;
}

export async function setEndpointActive(id: string, active: boolean, who: AuditContext) {
  const [row] = await db()
    .update(webhookEndpoints)
    .set({ active })
    .where(eq(webhookEndpoints.id, id))
    .returning(publicColumns);
  if (row)
    await auditAs(who, {
      action: active ? "webhook.activate" : "webhook.deactivate",
      entity: "webhook_endpoint",
      entityId: id,
    });
  return row;
}

/** Deletes the endpoint and its delivery log. */
export async function deleteEndpoint(id: string, who: AuditContext) {
  const row = await db().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning(publicColumns);
    if (deleted) await tx.delete(outbox).where(and(eq(outbox.kind, "webhook"), eq(outbox.target, id)));
    return deleted;
  });
  if (row)
    await auditAs(who, {
      action: "webhook.delete",
      entity: "webhook_endpoint",
      entityId: id,
      details: { url: row.url },
    });
  return row;
}

function body(event: string, data: Record<string, unknown>) {
  return { type: event, timestamp: new Date().toISOString(), data };
}

/** The active endpoints listening to each of `events` (one query for a whole batch of leads). */
export async function listeningEndpoints(
  writer: Writer,
  events: readonly WebhookEvent[],
): Promise<Map<WebhookEvent, string[]>> {
  const listening = new Map<WebhookEvent, string[]>(events.map((event) => [event, []]));
  if (!events.length) return listening;
  const endpoints = await writer
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.active, true), arrayOverlaps(webhookEndpoints.events, [...events])));
  for (const endpoint of endpoints) {
    for (const event of endpoint.events) listening.get(event as WebhookEvent)?.push(endpoint.id);
  }
  return listening;
}

/** One outbox row per endpoint in `endpointIds` (those listening to `event`). */
export function webhookEntriesFor(
  endpointIds: readonly string[],
  event: WebhookEvent,
  data: Record<string, unknown>,
  leadEmail: string | null = null,
): OutboxEntry[] {
  return endpointIds.map((target) => ({
    kind: "webhook" as const,
    target,
    event,
    payload: body(event, data),
    leadEmail,
  }));
}

/** One outbox row per active endpoint that listens to `event`, for the caller's transaction. */
export async function webhookEntries(
  writer: Writer,
  event: WebhookEvent,
  data: Record<string, unknown>,
  leadEmail: string | null = null,
): Promise<OutboxEntry[]> {
  const listening = await listeningEndpoints(writer, [event]);
  return webhookEntriesFor(listening.get(event) ?? [], event, data, leadEmail);
}

/** Queues `event` for every endpoint listening to it, in the caller's transaction (or on its own). */
export async function queueWebhookEvent(writer: Writer, event: WebhookEvent, data: Record<string, unknown>) {
  await enqueue(writer, await webhookEntries(writer, event, data));
}

/** "Send test event": a `webhook.test` delivery to this endpoint alone, whatever its events. */
export async function sendTestEvent(id: string): Promise<boolean> {
  const [endpoint] = await db()
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  if (!endpoint) return false;
  await enqueue(db(), [
    {
      kind: "webhook",
      target: id,
      event: "webhook.test",
      payload: body("webhook.test", { message: "This is a test event." }),
    },
  ]);
  outboxWritten();
  return true;
}
