// The version counters' rows (app_meta) and the database's notification channel they are announced on. What a
// version means to a cache, and how a process follows it, is app/infra/content-version.server.ts.
import { sql } from "drizzle-orm";
import { type Database, database, db, rowsOf } from "~/db/client.server";
import { appMeta } from "~/db/schema";

/** The channel every version bump is announced on (payload "<counter key>:<version>"). */
export const VERSIONS_CHANNEL = "asimov_versions";

/** db() or a transaction. */
export type VersionWriter = Pick<Database, "execute">;

/**
 * Bumps the counter `key` and announces the new value on VERSIONS_CHANNEL; the NOTIFY is part of the statement, so
 * it is sent exactly when the new value commits.
 */
export const versionBump = (key: string) => sql`
  with bumped as (
    insert into ${appMeta} (key, value) values (${key}, '1')
    on conflict (key) do update set value = (${appMeta.value}::bigint + 1)::text, updated_at = now()
    returning value)
  select value, pg_notify(${VERSIONS_CHANNEL}, ${key} || ':' || value) from bumped`;

/** The counter's current value (0 before its first bump). */
export async function readVersion(key: string): Promise<number> {
  const rows = await db().execute<{ value: string }>(
    sql`select ${appMeta.value} from ${appMeta} where ${appMeta.key} = ${key}`,
  );
  return Number(rowsOf<{ value: string }>(rows)[0]?.value ?? 0);
}

/** Bumps the counter through `writer` (the pool, or a transaction) and answers the new value. */
export async function bumpVersion(key: string, writer: VersionWriter = db()): Promise<number> {
  const rows = await writer.execute<{ value: string }>(versionBump(key));
  return Number(rowsOf<{ value: string }>(rows)[0]?.value ?? 0);
}

/** True when only this process can write (PGlite), so what it has read and bumped is all there is. */
export function soleWriter(): boolean {
  return database().kind === "pglite";
}

/**
 * PostgreSQL's LISTEN and NOTIFY on connections of the database handle, or undefined with PGlite (one process,
 * nothing to follow).
 */
export function versionNotifications():
  | Required<Pick<ReturnType<typeof database>, "listen" | "notify">>
  | undefined {
  const { kind, listen, notify } = database();
  return kind === "postgres" && listen && notify ? { listen, notify } : undefined;
}
