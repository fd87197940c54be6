// Importing a subscriber list (docs/decisions/038-subscriber-import.md). The file is read and checked at once
// (`startImport`); its valid rows are then written by the import job a batch per transaction (`runImportRound`),
// each batch with its progress, so the screen can follow it and a batch is written whole or not at all. Imported
// people are confirmed (the importer answered for their consent); an address we know is merged, never
// re-subscribed when it had left.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Database, db, type Transaction as Tx } from "~/db/client.server";
import { subscriberImports, subscribers } from "~/db/schema";
import { loggableError } from "~/db/sql-helpers.server";
import { logger } from "~/infra/logger.server";
import { SUPPRESSED_STATUSES, type SubscriptionStatus } from "~/lib/newsletter-status";
import { safeText } from "~/lib/safe-text";
import {
  IMPORT_BATCH_ROWS,
  IMPORT_CONSENT_STATEMENT,
  IMPORT_PROBLEMS_KEPT,
  type ImportRow,
  type RowProblem,
  readSubscriberCsv,
} from "~/lib/subscriber-import";
import { wakeSignal } from "~/lib/wake-signal";
import { type AuditContext, recordAuditIn } from "~/models/audit.server";
import { recordSubscriberEvents } from "~/models/subscriber-history.server";

export type SubscriberImport = Omit<typeof subscriberImports.$inferSelect, "rows" | "ip" | "userAgent">;

const queued = wakeSignal();

/** The import job's wake-up: a new import is written at once, not at the next poll. */
export const onImportQueued = queued.listen;

const WHY_SKIPPED: Record<(typeof SUPPRESSED_STATUSES)[number], string> = {
  unsubscribed: "Unsubscribed earlier: not subscribed again",
  bounced: "Their mail server refused our newsletter: not subscribed again",
  complained: "Marked a newsletter as spam: not subscribed again",
};

export type StartResult = { ok: true; id: string } | { ok: false; message: string };

/**
 * Checks the file and records the import (with its audit entry, which keeps the consent statement the importer
 * ticked); the job then writes its rows. Refused (nothing recorded) when the file cannot be read as a list.
 */
export async function startImport(
  file: { name: string; text: string },
  who: AuditContext,
): Promise<StartResult> {
  const read = readSubscriberCsv(file.text);
  if (!read.ok) return read;
  if (read.total === 0) return { ok: false, message: "The file has a header but no rows." };
  const fileName = safeText(file.name, 200) || "subscribers.csv";
  const done = read.rows.length === 0;
  const id = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(subscriberImports)
      .values({
        fileName,
        actor: who.actor,
        ip: who.ip ?? null,
        userAgent: safeText(who.userAgent ?? "", 500) || null,
        rows: read.rows,
        total: read.total,
        invalid: read.invalid.slice(0, IMPORT_PROBLEMS_KEPT),
        invalidCount: read.invalid.length,
        ...(done ? { status: "done" as const, finishedAt: sql`now()` } : {}),
      })
      .returning({ id: subscriberImports.id });
    if (!row) throw new Error("import insert returned no row");
    await recordAuditIn(tx, {
      ...who,
      action: "subscriber.import",
      entity: "subscriber_import",
      entityId: row.id,
      details: {
        fileName,
        rows: read.total,
        valid: read.rows.length,
        invalid: read.invalid.length,
        consent: IMPORT_CONSENT_STATEMENT,
      },
    });
    return row.id;
  });
  queued.notify();
  return { ok: true, id };
}

interface BatchOutcome {
  imported: number;
  merged: number;
  skipped: RowProblem[];
}

/** Writes one batch of rows in `tx`: new addresses inserted, known ones merged or skipped. */
async function writeBatch(tx: Tx, batch: ImportRow[]): Promise<BatchOutcome> {
  // The first row of an address in the batch is the one written; later ones are merged into it.
  const first = new Map<string, ImportRow>();
  let merged = 0;
  for (const row of batch) {
    const seen = first.get(row.email);
    if (seen) {
      merged++;
      seen.name ??= row.name;
    } else first.set(row.email, row);
  }
  const emails = [...first.keys()].sort();
  const known = await tx
    .select({ id: subscribers.id, email: subscribers.email, subscription: subscribers.subscription })
    .from(subscribers)
    .where(inArray(subscribers.email, emails))
    .for("update");
  const byEmail = new Map(known.map((k) => [k.email, k]));
  const fresh = emails.filter((e) => !byEmail.has(e)).map((e) => first.get(e) as ImportRow);
  const created = fresh.length
    ? await tx
        .insert(subscribers)
        .values(
          fresh.map((r) => ({
            email: r.email,
            name: r.name,
            purpose: "newsletter",
            source: "import" as const,
            subscription: "confirmed" as const,
            ...(r.signedUpAt ? { createdAt: new Date(r.signedUpAt) } : {}),
          })),
        )
        // Someone signing up through the form at this moment wins; their row counts as merged.
        .onConflictDoNothing({ target: subscribers.email })
        .returning({ id: subscribers.id })
    : [];
  await recordSubscriberEvents(
    tx,
    created.map((r) => r.id),
    "imported",
  );
  merged += fresh.length - created.length;
  const skipped: RowProblem[] = [];
  const names: { id: string; name: string }[] = [];
  for (const email of emails) {
    const k = byEmail.get(email);
    if (!k) continue;
    const row = first.get(email) as ImportRow;
    const suppressed = (SUPPRESSED_STATUSES as readonly SubscriptionStatus[]).includes(k.subscription);
    if (suppressed) {
      skipped.push({ row: row.row, email, reason: WHY_SKIPPED[k.subscription as keyof typeof WHY_SKIPPED] });
      continue;
    }
    merged++;
    if (row.name) names.push({ id: k.id, name: row.name });
  }
  if (names.length) {
    await tx.execute(sql`
      update ${subscribers} s set name = v.name
      from jsonb_to_recordset(${JSON.stringify(names)}::jsonb) as v(id uuid, name text)
      where s.id = v.id and (s.name is null or s.name = '')`);
  }
  skipped.sort((a, b) => a.row - b.row);
  return { imported: created.length, merged, skipped };
}

/**
 * One batch of the oldest import under way, in one transaction with its progress (another instance's round
 * waits for the import's lock and takes the next batch). The last batch empties the stored rows and records the
 * audit entry with the counts. Returns 1 when it wrote a batch, 0 when no import is under way. A batch that
 * fails ends its import as failed: the batches before it stay written, the rest are not.
 */
export async function runImportRound(database: Database = db()): Promise<number> {
  let current: string | undefined;
  try {
    return await database.transaction(async (tx) => {
      const [job] = await tx
        .select({
          id: subscriberImports.id,
          processed: subscriberImports.processed,
          left: sql<number>`jsonb_array_length(${subscriberImports.rows})`,
          skippedCount: subscriberImports.skippedCount,
          actor: subscriberImports.actor,
          ip: subscriberImports.ip,
          userAgent: subscriberImports.userAgent,
        })
        .from(subscriberImports)
        .where(eq(subscriberImports.status, "running"))
        .orderBy(subscriberImports.createdAt)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!job) return 0;
      current = job.id;
      const from = job.processed;
      const to = Math.min(from + IMPORT_BATCH_ROWS, Number(job.left)) - 1;
      const [slice] =
        to >= from
          ? await tx
              .select({
                rows: sql<
                  ImportRow[]
                >`jsonb_path_query_array(${subscriberImports.rows}, ${`$[${from} to ${to}]`}::jsonpath)`,
              })
              .from(subscriberImports)
              .where(eq(subscriberImports.id, job.id))
          : [];
      const batch = slice?.rows ?? [];
      const outcome = await writeBatch(tx, batch);
      const room = Math.max(0, IMPORT_PROBLEMS_KEPT - job.skippedCount);
      const last = from + batch.length >= Number(job.left);
      const [after] = await tx
        .update(subscriberImports)
        .set({
          processed: sql`${subscriberImports.processed} + ${batch.length}`,
          imported: sql`${subscriberImports.imported} + ${outcome.imported}`,
          merged: sql`${subscriberImports.merged} + ${outcome.merged}`,
          skipped: sql`${subscriberImports.skipped} || ${JSON.stringify(outcome.skipped.slice(0, room))}::jsonb`,
          skippedCount: sql`${subscriberImports.skippedCount} + ${outcome.skipped.length}`,
          ...(last ? { status: "done" as const, rows: [], finishedAt: sql`now()` } : {}),
        })
        .where(eq(subscriberImports.id, job.id))
        .returning();
      if (last && after) {
        await recordAuditIn(tx, {
          actor: job.actor,
          ip: job.ip,
          userAgent: job.userAgent,
          action: "subscriber.import_done",
          entity: "subscriber_import",
          entityId: job.id,
          details: {
            imported: after.imported,
            merged: after.merged,
            skipped: after.skippedCount,
            invalid: after.invalidCount,
          },
        });
      }
      return 1;
    });
  } catch (error) {
    if (!current) throw error;
    // The code only: a failed insert's message repeats the whole batch, addresses included.
    logger.error({ ...loggableError(error), importId: current }, "subscriber import batch failed");
    await database
      .update(subscriberImports)
      .set({
        status: "failed",
        rows: [],
        finishedAt: sql`now()`,
        error: "A batch could not be written; the rows before it were imported, the rest were not.",
      })
      .where(and(eq(subscriberImports.id, current), eq(subscriberImports.status, "running")));
    return 1;
  }
}

const shown = {
  id: subscriberImports.id,
  status: subscriberImports.status,
  fileName: subscriberImports.fileName,
  actor: subscriberImports.actor,
  total: subscriberImports.total,
  processed: subscriberImports.processed,
  imported: subscriberImports.imported,
  merged: subscriberImports.merged,
  skipped: subscriberImports.skipped,
  skippedCount: subscriberImports.skippedCount,
  invalid: subscriberImports.invalid,
  invalidCount: subscriberImports.invalidCount,
  error: subscriberImports.error,
  createdAt: subscriberImports.createdAt,
  finishedAt: subscriberImports.finishedAt,
};

/** The most recent import (the screen shows its progress and report), or one by id. */
export async function latestImport(id?: string): Promise<SubscriberImport | null> {
  const [row] = await db()
    .select(shown)
    .from(subscriberImports)
    .where(id ? eq(subscriberImports.id, id) : undefined)
    .orderBy(desc(subscriberImports.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Erasure: an import's report (and rows not yet written) keep the addresses they name; this person's entries
 * are removed from them. Returns how many imports named them.
 */
export async function forgetInImports(tx: Tx, email: string): Promise<number> {
  const pattern = `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const named = await tx
    .select({
      id: subscriberImports.id,
      rows: subscriberImports.rows,
      processed: subscriberImports.processed,
      skipped: subscriberImports.skipped,
      invalid: subscriberImports.invalid,
    })
    .from(subscriberImports)
    .where(
      sql`(${subscriberImports.rows}::text || ${subscriberImports.skipped}::text || ${subscriberImports.invalid}::text) ilike ${pattern}`,
    )
    .for("update");
  const other = (r: { email: string }) => r.email.toLowerCase() !== email;
  for (const row of named) {
    // Rows already written count as processed: the job's place in the list moves back by those removed.
    const gone = row.rows.slice(0, row.processed).filter((r) => !other(r)).length;
    await tx
      .update(subscriberImports)
      .set({
        rows: row.rows.filter(other),
        processed: row.processed - gone,
        skipped: row.skipped.filter(other),
        invalid: row.invalid.filter(other),
      })
      .where(eq(subscriberImports.id, row.id));
  }
  return named.length;
}
