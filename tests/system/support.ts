// What the system specs share besides tests/e2e/support/server-process.ts: the shared servers' addresses and
// PostgreSQL, whose specs are skipped (with the reason) when TEST_DATABASE_URL is not set.
import { inject } from "vitest";

/** The shared server with demo content (tests/system/global-setup.ts). */
export const baseURL = inject("baseURL");

/** The shared server started with SEED_DEMO=false (empty states). */
export const emptyURL = inject("emptyURL");

export const NEEDS_POSTGRES = "needs PostgreSQL: set TEST_DATABASE_URL";

/** TEST_DATABASE_URL inside a test; without it the test is skipped with the reason. */
export function postgresUrl(skip: (note: string) => never): string {
  return process.env.TEST_DATABASE_URL ?? skip(NEEDS_POSTGRES);
}
