// Start-up and shut-down of everything the app needs besides HTTP: environment, database, migrations, auth,
// demo content, the administrator account, the outbox worker and the publication scheduler.

import { storedAuthSecret } from "~/auth/auth-secret.server";
import { bootstrapAdmin, generatePassword, setAdminPassword } from "~/auth/bootstrap.server";
import { initAuth } from "~/auth/instance.server";
import { database, openDatabase, setDatabase } from "~/db/client.server";
import { seedDemoContent } from "~/db/seed.server";
import { env } from "~/env.server";
import { followVersions, stopFollowingVersions } from "~/lib/content-version.server";
import { configureLogger, logger } from "~/lib/logger.server";
import { startRateLimitPruning, stopRateLimitPruning } from "~/lib/rate-limit-prune.server";
import { startAnalytics, stopAnalytics } from "~/models/analytics-collector.server";
import { drainLeadWrites } from "~/models/leads.server";
import { importExistingUploadsAtStartup, markUploadsImported } from "~/models/media-import.server";
import { startVisitCounters, stopVisitCounters } from "~/models/not-found-monitor.server";
import { type OutboxWorker, releaseOrphanedClaims, startOutboxWorker } from "~/models/outbox.server";
import { type PublicationScheduler, startPublicationScheduler } from "~/models/publication-schedule.server";
import { type SealedSecrets, sealWebhookSecrets } from "~/models/webhooks.server";

let outboxWorker: OutboxWorker | undefined;
let publicationScheduler: PublicationScheduler | undefined;

export interface StartupInfo {
  database: "pglite" | "postgres";
  seeded: boolean;
  adminEmail: string;
  generatedPassword?: string;
}

export async function startup(): Promise<StartupInfo> {
  const config = env();
  configureLogger();
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };
  const handle = config.databaseUrl
    ? openDatabase({ kind: "postgres", url: config.databaseUrl })
    : openDatabase({ kind: "pglite", dataDir: `${config.dataDir}/pglite` });
  setDatabase(handle);
  await handle.ping();
  phase("open");
  await handle.migrate();
  phase("migrate");
  await initAuth();
  // Webhook secrets stored as given (before they were encrypted at rest) are encrypted now (ADR 029).
  const sealed = await sealWebhookSecrets();
  if (sealed.encrypted) logger.info({ count: sealed.encrypted }, "webhook secrets encrypted at rest");
  phase("auth");
  const seed = config.seedDemo ? await seedDemoContent(handle.db) : { seeded: false };
  if (seed.seeded) logger.info({ counts: seed.counts }, "demo content seeded");
  phase("seed");
  const admin = await bootstrapAdmin();
  phase("admin");
  await startRateLimitPruning();
  await startAnalytics();
  startVisitCounters();
  // Cache hits need the content version without a query: PGlite reads it once, PostgreSQL follows NOTIFYs.
  await followVersions();
  phase("prune");
  if (config.outboxWorker) {
    // With PGlite this process owns the data: a claim left by the previous run (kill -9) is due again at once.
    if (handle.kind === "pglite") await releaseOrphanedClaims();
    outboxWorker = startOutboxWorker();
  }
  // Scheduled posts go live at their time on every instance; items that came due while no server ran go now.
  publicationScheduler = startPublicationScheduler();
  // In the background: it reads files from the store, and nothing waits for it (ADR 019). A database seeded just
  // now was empty: it holds no earlier uploads, so there is nothing to look for, now or at later start-ups.
  void (seed.seeded ? markUploadsImported() : importExistingUploadsAtStartup()).then(
    (count) => count > 0 && logger.info({ count }, "existing uploads added to the media library"),
    (error) => logger.error({ err: error }, "importing existing uploads into the media library failed"),
  );

  logger.info({ phases }, "start-up phases (ms)");
  return {
    database: handle.kind,
    seeded: seed.seeded,
    adminEmail: config.adminEmail,
    generatedPassword: admin.generatedPassword,
  };
}

export async function shutdown(): Promise<void> {
  stopRateLimitPruning();
  // Leads already queued for the next group commit are written (and answered) before anything else stops.
  await drainLeadWrites();
  await publicationScheduler?.stop();
  publicationScheduler = undefined;
  // Lets the deliveries under way finish (each is bounded by its 10 s timeout); the rest stay in the outbox.
  await outboxWorker?.stop();
  outboxWorker = undefined;
  // The views of the last second, written before the database closes.
  await stopAnalytics();
  await stopVisitCounters();
  await stopFollowingVersions();
  try {
    await database().close();
  } catch (error) {
    logger.error({ err: error }, "error while closing the database");
  }
}

/** Commands of `npm run admin`, run against the configured database without the HTTP server. */
export const adminCli = {
  async setPassword(password?: string) {
    return withDatabase(async () => {
      await initAuth();
      const value = password ?? generatePassword();
      await setAdminPassword(value);
      return { email: env().adminEmail, password: value, generated: !password };
    });
  },

  /**
   * After AUTH_SECRET changed: every webhook secret encrypted under the previous secret is encrypted again under
   * the current one. Without `oldSecret`, the secret generated and kept in the database (used while AUTH_SECRET
   * was unset) is the previous one.
   */
  async rotateSecrets(oldSecret?: string): Promise<SealedSecrets> {
    return withDatabase(async () => {
      await initAuth();
      return sealWebhookSecrets(oldSecret ?? (await storedAuthSecret()));
    });
  },
};

/** Opens the configured database (one connection), migrates it, runs `work`, and closes it. */
async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
  const config = env();
  const handle = config.databaseUrl
    ? openDatabase({ kind: "postgres", url: config.databaseUrl, max: 1 })
    : openDatabase({ kind: "pglite", dataDir: `${config.dataDir}/pglite` });
  setDatabase(handle);
  try {
    await handle.migrate();
    return await work();
  } finally {
    await handle.close();
  }
}
