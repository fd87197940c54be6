// The database: PGlite in-process by default (data under DATA_DIR), PostgreSQL when DATABASE_URL is set.
// Both speak the same Postgres dialect, so one schema, one set of migrations and the same queries serve both.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { copyClusterTemplate } from "./pglite-template.server";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a transaction's callback gets (`db().transaction(async (tx) => …)`). */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies every committed migration in drizzle/ that has not run yet. */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /**
   * LISTEN on `channel`. PostgreSQL: over a connection of its own (opened on first use, re-subscribed after a
   * reconnect, `onListen` called each time the subscription is established). PGlite: in-process, delivered when
   * the notifying statement or transaction commits.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onListen?: () => void,
  ): Promise<{ unlisten(): Promise<void> }>;
  /** PostgreSQL only: NOTIFY `channel` (delivered to listeners when this statement commits). */
  notify?(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: "postgres"; url: string; max?: number }
  | { kind: "pglite"; dataDir?: string /* undefined: in memory */ };

/** drizzle/ sits at the project root; the server bundle lives two folders below it. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve("drizzle");
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.kind === "postgres") {
    const client = postgres(options.url, {
      max: options.max ?? 10,
      onnotice: () => {},
      // Fail fast and come back fast when PostgreSQL restarts: a request should get a 503 within seconds, and
      // the first request after PostgreSQL is back should reconnect at once (the default back-off grows to 20 s).
      connect_timeout: 5,
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      async migrate() {
        // One connection holding an advisory lock, so instances starting together migrate one at a time.
        const lockClient = postgres(options.url, { max: 1, onnotice: () => {} });
        try {
          await lockClient`select pg_advisory_lock(727274)`;
          await migratePostgres(drizzlePostgres(lockClient), { migrationsFolder: migrationsFolder() });
        } finally {
          await lockClient`select pg_advisory_unlock(727274)`.catch(() => {});
          await lockClient.end({ timeout: 5 });
        }
      },
      ping: () => ping(db),
      async listen(channel, onNotify, onListen) {
        const { unlisten } = await client.listen(channel, onNotify, onListen);
        return { unlisten: async () => void (await unlisten()) };
      },
      async notify(channel, payload) {
        await client.notify(channel, payload);
      },
      // Also ends the listening connection.
      close: () => client.end({ timeout: 5 }),
    };
  }
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  // An empty data folder starts as a copy of the empty cluster the build made, not by initdb here (ADR 025).
  if (options.dataDir) copyClusterTemplate(options.dataDir);
  // V8 runs the database engine's WebAssembly with its baseline compiler (Liftoff) and recompiles functions with its
  // optimising one once they have run enough. One of them (the engine's largest, ~105 KB of WebAssembly) takes that
  // compiler 600 MB of memory for half a second to seconds: that was the 750 MB–1.1 GB peak of every start. No V8
  // setting bounds one compilation's memory, so the engine stays on Liftoff (ADR 025), which costs the lead POST
  // about a tenth more CPU (docs/performance.md). A host with the memory to spare opts back in by starting Node with
  // --wasm-dynamic-tiering; then only functions that stay hot under load are optimised (a budget 75 times V8's).
  // Set before the module is compiled; PostgreSQL mode loads no WebAssembly.
  if (nodeFlagGiven("--wasm-dynamic-tiering")) {
    v8.setFlagsFromString("--wasm-tiering-budget=1000000000");
  } else {
    v8.setFlagsFromString("--no-wasm-tier-up");
    v8.setFlagsFromString("--no-wasm-dynamic-tiering");
  }
  const client = new PGlite(options.dataDir, {
    // The engine's WebAssembly memory grows and never shrinks, so every Postgres buffer is paid for good. Its
    // default 128 MB of shared buffers is allocated up front: a marketing site's data fits in a fraction of that,
    // and the files stay in the OS page cache anyway, so 8 MB (a page it lacks is a read from that cache, not the
    // disk). Index builds (migrations) may take
    // maintenance_work_mem, 64 MB by default: 16 MB is plenty for our tables (ADR 025).
    startParams: [
      ...PGlite.defaultStartParams,
      ...["-c", "shared_buffers=8MB", "-c", "maintenance_work_mem=16MB"],
    ],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db),
    async listen(channel, onNotify, onListen) {
      const unlisten = await client.listen(channel, onNotify);
      onListen?.();
      return { unlisten };
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/** True when Node was started with `flag` (on its command line or in NODE_OPTIONS). */
function nodeFlagGiven(flag: string): boolean {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].some(
    (arg) => arg.replaceAll("_", "-") === flag,
  );
}

export class DataDirBusyError extends Error {
  override name = "DataDirBusyError";
}

/**
 * PGlite allows one process per data folder; a second one would corrupt it. A lock file holding the owner's
 * pid keeps a second server (or the admin CLI) out while the first runs; a stale lock from a killed process is
 * taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "..", `${path.basename(dataDir)}.lock`);
  try {
    writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  } catch {
    const owner = Number(readFileSync(lockFile, "utf8").trim());
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new DataDirBusyError(
        `The data folder ${dataDir} is in use by process ${owner}. Stop that server first ` +
          "(the embedded database allows one process at a time), or use PostgreSQL (DATABASE_URL).",
      );
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** True when `select 1` answers within 3 seconds (a health check must not hang on an unreachable database). */
async function ping(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("ping timed out")), 3000);
    });
    await Promise.race([db.execute(sql`select 1`), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

// The process-wide handle, set once at start-up (server) or per test file (tests).
let current: DatabaseHandle | undefined;

export function setDatabase(handle: DatabaseHandle | undefined) {
  current = handle;
}

export function database(): DatabaseHandle {
  if (!current) throw new Error("The database is not open yet (call setDatabase at start-up).");
  return current;
}

/** The Drizzle instance every model uses. */
export function db(): Database {
  return database().db;
}

/** Rows of a raw `db.execute()` result: postgres-js returns an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
