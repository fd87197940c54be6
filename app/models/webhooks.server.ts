// Webhook endpoints: the admin's list (URL, events, active, secret) and the outbox rows each event becomes. The
// secret (whsec_ + 24 random bytes, base64) is returned once at creation and at rotation; the admin never sees
// it again; it is stored encrypted with a key derived from AUTH_SECRET (docs/decisions/029-webhook-secrets-at-rest.md).
// URLs are checked against the SSRF rules when saved (and again at every delivery). An edit of the URL and events
// carries the version its form loaded (versioned-edits.server.ts).
import { randomBytes } from "node:crypto";
import { and, arrayOverlaps, desc, eq } from "drizzle-orm";
import { atRestKey } from "~/auth/auth-secret.server";
import { db } from "~/db/client.server";
import { outbox, webhookEndpoints } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import {
  isSealed,
  SEALED_PREFIX,
  seal,
  secretsKey,
  UnreadableSecret,
  unseal,
} from "~/infra/secret-box.server";
import { assertPublicUrl } from "~/infra/webhook-http.server";
import type { EditVersion } from "~/lib/edit-conflict";
import type { WebhookEvent } from "~/lib/notification-settings";
import { type AuditContext, auditAs, memberOf } from "~/models/audit.server";
import { enqueue, type OutboxEntry, outboxWritten, type Writer } from "~/models/outbox.server";
import { type EditOutcome, refusalFor, withVersion } from "~/models/versioned-edits.server";

export type WebhookEndpoint = Omit<typeof webhookEndpoints.$inferSelect, "secret">;

const publicColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
  updatedBy: webhookEndpoints.updatedBy,
};

function newSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** Every endpoint, newest first, each with the version its edit form carries. */
export async function listEndpoints() {
  const rows = await db()
    .select(publicColumns)
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(withVersion);
}

/** Throws UnsafeUrlError (with a message for the admin) when the URL is refused. */
export async function createEndpoint(url: string, events: WebhookEvent[], who: AuditContext) {
  const checked = await assertPublicUrl(url);
  const secret = newSecret();
  const [row] = await db()
    .insert(webhookEndpoints)
    .values({
      url: checked.toString(),
      events,
      secret: seal(secret, await atRestKey()),
      updatedBy: memberOf(who),
    })
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

/**
 * Saves an endpoint's URL (checked as at creation: UnsafeUrlError) and events. With `base`, the version the edit form
 * loaded, an endpoint saved since is not written over: the outcome is the conflict, and nothing changes. The secret
 * and the active switch are not the form's and leave the version as it is.
 */
export async function updateEndpoint(
  id: string,
  url: string,
  events: WebhookEvent[],
  who: AuditContext,
  { base }: { base?: EditVersion } = {},
): Promise<EditOutcome<WebhookEndpoint>> {
  const checked = (await assertPublicUrl(url)).toString();
  const outcome = await db().transaction(async (tx): Promise<EditOutcome<WebhookEndpoint>> => {
    const [before] = await tx
      .select(publicColumns)
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for("update");
    const refused = refusalFor(before, base);
    if (refused || !before) return refused ?? { status: "gone" };
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ url: checked, events, updatedAt: new Date(), updatedBy: memberOf(who) })
      .where(eq(webhookEndpoints.id, id))
      .returning(publicColumns);
    return row ? { status: "saved", row, before } : { status: "gone" };
  });
  if (outcome.status === "saved") {
    const { row, before } = outcome;
    await auditAs(who, {
      action: "webhook.update",
      entity: "webhook_endpoint",
      entityId: id,
      details: { url: row.url, events: row.events, urlBefore: before.url, eventsBefore: before.events },
    });
  }
  return outcome;
}

/** A new secret; the old one stops signing at once. Undefined when the endpoint does not exist. */
export async function rotateEndpointSecret(id: string, who: AuditContext): Promise<string | undefined> {
  const secret = newSecret();
  const [row] = await db()
    .update(webhookEndpoints)
    .set({ secret: seal(secret, await atRestKey()) })
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

export interface SealedSecrets {
  /** Stored as they were given (before encryption) and now encrypted. */
  encrypted: number;
  /** Encrypted under the previous AUTH_SECRET and now under the current one. */
  reencrypted: number;
  /** Neither the current nor the previous AUTH_SECRET opens them: their endpoints need a new secret. */
  unreadable: number;
}

/**
 * Brings every stored webhook secret under the current AUTH_SECRET's key: one stored as it was given (a row from
 * before secrets were encrypted) is encrypted; one the previous secret `oldAuthSecret` opens is encrypted again.
 * Runs at every start-up (without `oldAuthSecret`) and from `npm run admin -- rotate-secrets`. Each row is
 * rewritten only if it still holds what was read, so two instances starting together do no harm.
 */
export async function sealWebhookSecrets(oldAuthSecret?: string): Promise<SealedSecrets> {
  const key = await atRestKey();
  const oldKey = oldAuthSecret ? secretsKey(oldAuthSecret) : undefined;
  const counts: SealedSecrets = { encrypted: 0, reencrypted: 0, unreadable: 0 };
  const rows = await db()
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret })
    .from(webhookEndpoints);
  for (const row of rows) {
    let plain: string;
    let outcome: keyof SealedSecrets;
    if (!isSealed(row.secret)) {
      plain = row.secret;
      outcome = "encrypted";
    } else {
      const opened = [key, oldKey].map((k) => (k ? openWith(row.secret, k) : undefined));
      if (opened[0] !== undefined) continue;
      if (opened[1] === undefined) {
        counts.unreadable++;
        continue;
      }
      plain = opened[1];
      outcome = "reencrypted";
    }
    const updated = await db()
      .update(webhookEndpoints)
      .set({ secret: seal(plain, key) })
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret)))
      .returning({ id: webhookEndpoints.id });
    if (updated.length) counts[outcome]++;
  }
  if (counts.unreadable) {
    logger.warn(
      { unreadable: counts.unreadable, prefix: SEALED_PREFIX },
      "webhook secrets that this AUTH_SECRET cannot decrypt: run `npm run admin -- rotate-secrets " +
        "--old-secret <previous AUTH_SECRET>`, or rotate those endpoints' secrets in the admin",
    );
  }
  return counts;
}

function openWith(stored: string, key: Buffer): string | undefined {
  try {
    return unseal(stored, key);
  } catch (error) {
    if (error instanceof UnreadableSecret) return undefined;
    throw error;
  }
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
