// Whether the database answers, for the health check (/healthz in server/app.ts).
import { database } from "~/db/client.server";

export interface DatabaseHealth {
  kind: "pglite" | "postgres";
  /** True when a trivial query answered within 3 seconds. */
  reachable: boolean;
}

export async function databaseHealth(): Promise<DatabaseHealth> {
  const handle = database();
  return { kind: handle.kind, reachable: await handle.ping() };
}
