// How a process knows the content version without a query (ADR 020): PGlite follows its own bumps in memory;
// PostgreSQL follows every instance's bumps through LISTEN/NOTIFY, trusted only while its own pings come back,
// and another instance's bump (here: a second connection running the same statement) is known without a read.
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { versionBump } from "~/models/content-version.server";
import { setupTestDatabase, testDatabaseKind } from "../../tests/support/test-db";
import {
  contentChanged,
  contentVersionKnown,
  contentVersionNow,
  currentContentVersion,
  followVersions,
  stopFollowingVersions,
} from "./content-version.server";

const test = setupTestDatabase();

describe("the content version in memory", () => {
  it("is known without a query after start-up, and follows this process's bumps", async () => {
    await followVersions();
    try {
      await expect.poll(() => contentVersionKnown(), { timeout: 5000 }).toBe(await currentContentVersion());
      const bumped = await contentChanged();
      expect(contentVersionKnown()).toBe(bumped);
      expect(await contentVersionNow()).toBe(bumped);
    } finally {
      await stopFollowingVersions();
    }
  });

  it.runIf(testDatabaseKind() === "postgres")(
    "follows another instance's bumps through NOTIFY, and is read again once it cannot be trusted",
    async () => {
      await followVersions();
      const other = openDatabase({ kind: "postgres", url: test.handle().url ?? "", max: 1 });
      try {
        await expect.poll(() => contentVersionKnown(), { timeout: 5000 }).toBeDefined();
        const before = contentVersionKnown() ?? 0;
        await other.db.execute(versionBump("content_version"));
        await expect.poll(() => contentVersionKnown(), { timeout: 5000 }).toBe(before + 1);

        // Not following (as after a dropped connection, once the pings stop coming back): nothing is trusted
        // from memory, and the version is read, so the next bump elsewhere is still seen.
        await stopFollowingVersions();
        expect(contentVersionKnown()).toBeUndefined();
        await other.db.execute(versionBump("content_version"));
        expect(await contentVersionNow()).toBe(before + 2);
      } finally {
        await stopFollowingVersions();
        await other.close();
      }
    },
  );
});
