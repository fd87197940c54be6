// The schema version of a database: which of the committed migrations (drizzle/) it has applied, which it lacks,
// and any it has that this build does not know (a newer version migrated it). The schema number is the count of
// migrations applied; `schema_versions` records which product version brought the database to which number, so a
// refusal can name both versions (docs/decisions/050-backup-archives.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { type Database, migrationsFolder, rowsOf, type Transaction } from "./client.server";
import { schemaVersions } from "./schema";

export interface KnownMigration {
  tag: string;
  hash: string;
  when: number;
  statements: string[];
}

/** Drizzle's own bookkeeping table (its migrator's defaults). */
const MIGRATIONS_TABLE = "drizzle.__drizzle_migrations";

let known: KnownMigration[] | undefined;

/** The migrations this build ships, oldest first. */
export function knownMigrations(): KnownMigration[] {
  if (!known) {
    const folder = migrationsFolder();
    const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    };
    known = readMigrationFiles({ migrationsFolder: folder }).map((m, i) => ({
      tag: journal.entries[i]?.tag ?? `#${i}`,
      hash: m.hash,
      when: m.folderMillis,
      statements: m.sql,
    }));
  }
  return known;
}

/** The product version of this build (package.json next to drizzle/). */
export function productVersion(): string {
  try {
    const file = path.join(path.dirname(migrationsFolder()), "package.json");
    return (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}

export interface SchemaStatus {
  /** Migrations applied to the database (its schema number). */
  applied: number;
  /** Migrations this build ships (the schema number it brings a database to). */
  known: number;
  /** Known migrations not applied yet. */
  pending: number;
  /** Applied migrations this build does not ship: a newer version migrated the database. */
  unknown: number;
  /** drizzle's timestamp of the last migration applied (null when none). */
  lastMigration: number | null;
  /** The product version that last migrated the database, when recorded. */
  migratedBy?: string;
  /** True when the database has no table of ours and no row in any table (a new database). */
  empty: boolean;
}

type Executor = Pick<Database, "execute">;

/** The schema status of a database (nothing is written). */
export async function schemaStatus(db: Executor): Promise<SchemaStatus> {
  const builds = knownMigrations();
  const present = rowsOf<{ migrations: string | null; versions: string | null; tables: number | string }>(
    await db.execute(sql`select to_regclass(${MIGRATIONS_TABLE})::text as migrations,
      to_regclass('public.schema_versions')::text as versions,
      (select count(*) from pg_tables where schemaname = 'public') as tables`),
  )[0];
  const applied = present?.migrations
    ? rowsOf<{ created_at: string | number }>(
        await db.execute(sql.raw(`select created_at from ${MIGRATIONS_TABLE} order by created_at`)),
      ).map((r) => Number(r.created_at))
    : [];
  const knownWhen = new Set(builds.map((m) => m.when));
  const unknown = applied.filter((when) => !knownWhen.has(when)).length;
  const latest = present?.versions
    ? rowsOf<{ product: string }>(
        await db.execute(sql`select product from schema_versions order by schema desc, at desc limit 1`),
      )[0]
    : undefined;
  const last = applied.at(-1) ?? 0;
  return {
    applied: applied.length,
    known: builds.length,
    pending: builds.filter((m) => m.when > last).length,
    unknown,
    lastMigration: applied.length > 0 ? last : null,
    migratedBy: latest?.product,
    empty: applied.length === 0 && Number(present?.tables ?? 0) === 0,
  };
}

/** A database (or archive) migrated by a newer version than this build. */
export class SchemaTooNewError extends Error {
  override name = "SchemaTooNewError";
}

/** "schema 18 (Asimov 0.3.0)": a schema number with the product version when known. */
export function describeSchema(schema: number, product?: string): string {
  return product ? `schema ${schema} (version ${product})` : `schema ${schema}`;
}

/** The refusal for a database or archive whose schema this build does not know. */
export function tooNewMessage(
  what: string,
  schema: number,
  product: string | undefined,
  advice: string,
): string {
  return (
    `${what} has ${describeSchema(schema, product)}, newer than this build knows: ` +
    `${describeSchema(knownMigrations().length, productVersion())}. ${advice}`
  );
}

/** True when a schema (migrations applied, the last one's timestamp) is one this build ships. */
export function isKnownSchema(version: number, last: number | null): boolean {
  const builds = knownMigrations();
  return version <= builds.length && (version === 0 || builds[version - 1]?.when === last);
}

/** Refuses (SchemaTooNewError) a database migrated by a version newer than this build. */
export async function assertSchemaKnown(db: Executor): Promise<SchemaStatus> {
  const status = await schemaStatus(db);
  if (status.unknown > 0) {
    throw new SchemaTooNewError(
      tooNewMessage(
        "The database",
        status.applied,
        status.migratedBy,
        "A newer version migrated it: run that version (or restore a backup taken before the upgrade).",
      ),
    );
  }
  return status;
}

/** Records that this build brought the database to its schema (after migrating). */
export async function recordSchemaVersion(db: Database): Promise<void> {
  await db
    .insert(schemaVersions)
    .values({ schema: knownMigrations().length, product: productVersion() })
    .onConflictDoNothing();
}

/**
 * Applies the first `count` known migrations inside the caller's transaction, recording each as drizzle's
 * migrator does, so a restore can build an archive's schema, load its rows and commit all at once.
 */
export async function applyMigrations(tx: Transaction, count: number): Promise<void> {
  await tx.execute(sql.raw("create schema if not exists drizzle"));
  await tx.execute(
    sql.raw(
      `create table if not exists ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`,
    ),
  );
  for (const migration of knownMigrations().slice(0, count)) {
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
    );
  }
}
