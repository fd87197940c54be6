// Opening and closing the process's database, for server/lifecycle.ts and the admin CLI: they start and stop the
// database without running queries, so they use this instead of the client (which only app/models and app/db import).
import { type DatabaseHandle, database, openDatabase, setDatabase } from "./client.server";

/**
 * Opens the database the environment names — PostgreSQL with a URL, otherwise PGlite under the data folder — and
 * makes it the app's. `max` bounds PostgreSQL's pool (the admin CLI needs one connection).
 */
export function openAppDatabase(
  config: { databaseUrl?: string; dataDir: string },
  max?: number,
): DatabaseHandle {
  const handle = config.databaseUrl
    ? openDatabase({ kind: "postgres", url: config.databaseUrl, max })
    : openDatabase({ kind: "pglite", dataDir: `${config.dataDir}/pglite` });
  setDatabase(handle);
  return handle;
}

/** Closes the app's database (at shut-down). */
export function closeAppDatabase(): Promise<void> {
  return database().close();
}
