// Whether the database answers, for the health check (/healthz in server/app.ts), and whether this instance can
// serve: the database answers and holds every migration this build brings (/healthz/ready, server/metrics.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { database, migrationsFolder, rowsOf } from "~/db/client.server";

export interface DatabaseHealth {
  kind: "pglite" | "postgres";
  /** True when a trivial query answered within 3 seconds. */
  reachable: boolean;
}

export async function databaseHealth(): Promise<DatabaseHealth> {
  const handle = database();
  return { kind: handle.kind, reachable: await handle.ping() };
}

export type Readiness =
  | { ready: true; kind: "pglite" | "postgres"; migration: string }
  | { ready: false; kind: "pglite" | "postgres"; reason: string };

let newest: { tag: string; when: number } | undefined;
/** The newest migration of this build (drizzle/meta/_journal.json), read once. */
function newestMigration(): { tag: string; when: number } {
  if (!newest) {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
    ) as {
      entries: { tag: string; when: number }[];
    };
    const last = journal.entries.at(-1);
    newest = { tag: last?.tag ?? "none", when: last?.when ?? 0 };
  }
  return newest;
}

/**
 * Ready when the database answers and its migrations table (drizzle's, which records each applied migration's
 * journal time) reaches this build's newest migration. A database migrated further by a newer instance is ready.
 */
export async function databaseReadiness(): Promise<Readiness> {
  const handle = database();
  const { kind } = handle;
  if (!(await handle.ping())) return { ready: false, kind, reason: "The database does not answer." };
  const expected = newestMigration();
  let applied = 0;
  try {
    const rows = await handle.db.execute<{ at: string | null }>(
      sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
    );
    applied = Number(rowsOf<{ at: string | null }>(rows)[0]?.at ?? 0);
  } catch {
    return { ready: false, kind, reason: "The database has no migrations table: migrations have not run." };
  }
  if (applied < expected.when) {
    return { ready: false, kind, reason: `Migrations are not done: this build needs ${expected.tag}.` };
  }
  return { ready: true, kind, migration: expected.tag };
}
