// The logical dump of a whole database, table by table, for backup archives (docs/decisions/050-backup-archives.md).
// This is the one place outside app/models/ that reads and writes tables it does not name: every table of the
// `public` schema, as PostgreSQL itself renders a row (`to_jsonb`, one JSON object per line) and takes it back
// (`jsonb_populate_recordset`), so PGlite and PostgreSQL share one format and the types round-trip exactly.
// The models never call it; app/models/backups.server.ts does, for backups, restores and the move to PostgreSQL.
import { sql } from "drizzle-orm";
import { type Database, type DatabaseOptions, openDatabase, rowsOf, type Transaction } from "./client.server";

type Executor = Pick<Database, "execute">;

export interface TableInfo {
  name: string;
  /** The table references itself: its rows are loaded in one statement, so the check sees them all. */
  selfReferencing: boolean;
}

/** Rows read per query while dumping (keyset pages on the row's physical position, inside one snapshot). */
const PAGE_ROWS = 2000;
/** Rows per INSERT while loading (one statement per table when it references itself). */
const LOAD_ROWS = 1000;

/** The tables of the public schema, each after every table it references (so loading them in order passes). */
export async function listTables(db: Executor): Promise<TableInfo[]> {
  const rows = rowsOf<{ name: string; refs: string | null }>(
    await db.execute(sql`
      select c.relname as name, string_agg(distinct r.relname, ',') as refs
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_constraint k on k.conrelid = c.oid and k.contype = 'f'
      left join pg_class r on r.oid = k.confrelid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      group by c.relname
      order by c.relname`),
  );
  const refs = new Map(rows.map((r) => [r.name, new Set(r.refs ? r.refs.split(",") : [])]));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (placed.size < refs.size) {
    const ready = [...refs].filter(
      ([name, deps]) => !placed.has(name) && [...deps].every((d) => d === name || placed.has(d)),
    );
    if (ready.length === 0) {
      const left = [...refs.keys()].filter((n) => !placed.has(n));
      throw new Error(`Tables reference each other in a cycle (${left.join(", ")}); cannot order them.`);
    }
    for (const [name, deps] of ready) {
      placed.add(name);
      ordered.push({ name, selfReferencing: deps.has(name) });
    }
  }
  return ordered;
}

/**
 * Runs `work` in one read-only REPEATABLE READ transaction: every table it reads is seen as of one moment, while
 * the site goes on writing (on PostgreSQL; PGlite's one connection makes the others wait until it commits).
 * Times print in UTC, so a row renders the same everywhere.
 */
export function inSnapshot<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local timezone = 'UTC'`);
      return work(tx);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Runs `work` in one read-write transaction with times in UTC (a restore: schema, rows and checks commit at once). */
export function inLoadTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    return work(tx);
  });
}

/** Every row of `table` as PostgreSQL renders it in JSON, a page at a time. */
export async function* tableRows(tx: Executor, table: string): AsyncGenerator<string[]> {
  let after = "(0,0)";
  for (;;) {
    const page = rowsOf<{ at: string; row: string }>(
      await tx.execute(
        sql`select t.ctid::text as at, to_jsonb(t)::text as row from ${sql.identifier(table)} t
            where t.ctid > ${after}::tid order by t.ctid limit ${PAGE_ROWS}`,
      ),
    );
    if (page.length === 0) return;
    yield page.map((r) => r.row);
    after = page.at(-1)?.at ?? after;
    if (page.length < PAGE_ROWS) return;
  }
}

/** Inserts rows rendered by tableRows (identity columns keep their values). */
export async function insertRows(tx: Transaction, table: TableInfo, rows: string[]): Promise<void> {
  const size = table.selfReferencing ? rows.length : LOAD_ROWS;
  for (let at = 0; at < rows.length; at += size) {
    const json = `[${rows.slice(at, at + size).join(",")}]`;
    await tx.execute(
      sql`insert into ${sql.identifier(table.name)} overriding system value
          select * from jsonb_populate_recordset(null::${sql.identifier(table.name)}, ${json}::jsonb)`,
    );
  }
}

/** Moves every sequence behind a serial or identity column past the largest value loaded. */
export async function resetSequences(tx: Transaction): Promise<void> {
  const owned = rowsOf<{ tbl: string; col: string; seq: string }>(
    await tx.execute(sql`
      select c.relname as tbl, a.attname as col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`),
  );
  for (const { tbl, col, seq } of owned) {
    await tx.execute(
      sql`select setval(${seq}::regclass, m) from (select max(${sql.identifier(col)}) as m from ${sql.identifier(tbl)}) s
          where m is not null`,
    );
  }
}

/** Rows per table, for the tables that have any (what a restore with --force would replace). */
export async function tablesWithRows(db: Executor): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of await listTables(db)) {
    const [row] = rowsOf<{ n: string | number }>(
      await db.execute(sql`select count(*) as n from ${sql.identifier(name)}`),
    );
    if (Number(row?.n ?? 0) > 0) counts[name] = Number(row?.n);
  }
  return counts;
}

/** Drops everything of ours (the public schema's objects and drizzle's bookkeeping), leaving an empty schema. */
export async function dropEverything(tx: Transaction): Promise<void> {
  await tx.execute(sql`drop schema if exists drizzle cascade`);
  await tx.execute(sql`drop schema if exists public cascade`);
  await tx.execute(sql`create schema public`);
}

/** Opens a database that is not the app's (a restore target, a scratch copy, the source of a move). */
export function openOtherDatabase(options: DatabaseOptions) {
  return openDatabase(options);
}

export type { Database, DatabaseHandle, DatabaseOptions, Transaction } from "./client.server";
