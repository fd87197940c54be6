// Start-up and shut-down of everything the app needs besides HTTP: environment, database, migrations, auth,
// demo content, the administrator account, and the background jobs (app/jobs), started in the order listed in
// startup() and, at shut-down, all stopped and then drained once each in that order before the database closes.

import path from "node:path";
import { storedAuthSecret } from "~/auth/auth-secret.server";
import { bootstrapAdmin, generatePassword, setAdminPassword } from "~/auth/bootstrap.server";
import { initAuth } from "~/auth/instance.server";
import { newPasswordProblem } from "~/auth/password-policy.server";
import { closeAppDatabase, openAppDatabase } from "~/db/app-database.server";
import { assertSchemaKnown, recordSchemaVersion } from "~/db/schema-version.server";
import { seedDemoContent } from "~/db/seed.server";
import { env } from "~/env.server";
import { followVersions, stopFollowingVersions } from "~/infra/content-version.server";
import { configureLogger, logger } from "~/infra/logger.server";
import { startRealtime, stopRealtime } from "~/infra/realtime-hub.server";
import { analyticsFlushJob } from "~/jobs/analytics-flush.server";
import { type JobRunner, jobRunner } from "~/jobs/job.server";
import { leadWritesJob } from "~/jobs/lead-writes.server";
import { mediaImportJob } from "~/jobs/media-import.server";
import { newsletterSendingJob } from "~/jobs/newsletter-sending.server";
import { outboxDeliveryJob } from "~/jobs/outbox-delivery.server";
import { publicationSchedulerJob } from "~/jobs/publication-scheduler.server";
import { rateLimitPruningJob } from "~/jobs/rate-limit-pruning.server";
import { scheduledBackupsJob } from "~/jobs/scheduled-backups.server";
import { subscriberImportJob } from "~/jobs/subscriber-import.server";
import { visitCountersJob } from "~/jobs/visit-counters.server";
import { backupSchedule } from "~/models/backup-runs.server";
import {
  createBackup,
  moveToPostgres,
  type RestoreOptions,
  restoreBackup,
  verifyBackup,
} from "~/models/backups.server";
import { resealCaptchaSecret } from "~/models/captcha-settings.server";
import { ensureBuiltInPages } from "~/models/pages.server";
import { type SealedSecrets, sealWebhookSecrets } from "~/models/webhooks.server";
import { startAdminSocket } from "./admin-socket";
import { backupThroughServer } from "./admin-socket-client";

let jobs: JobRunner | undefined;
let closeAdminSocket: (() => Promise<void>) | undefined;
let stopping = false;

/** Each background job with rounds and how far behind its schedule it is (/metrics); none outside start-up. */
export function jobLags(): { job: string; seconds: number }[] {
  return jobs?.lags() ?? [];
}

/** True once shut-down has begun: the instance takes no new work (/healthz/ready answers 503). */
export function shuttingDown(): boolean {
  return stopping;
}

export interface StartupInfo {
  database: "pglite" | "postgres";
  seeded: boolean;
  adminEmail: string;
  generatedPassword?: string;
}

export async function startup(): Promise<StartupInfo> {
  const config = env();
  stopping = false;
  configureLogger();
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };
  const handle = openAppDatabase(config);
  await handle.ping();
  phase("open");
  await migrateSafely(handle, config.dataDir);
  phase("migrate");
  await initAuth();
  // Webhook secrets stored as given (before they were encrypted at rest) are encrypted now (ADR 029).
  const sealed = await sealWebhookSecrets();
  if (sealed.encrypted) logger.info({ count: sealed.encrypted }, "webhook secrets encrypted at rest");
  phase("auth");
  // The landing and pricing pages are pages built from blocks: added where their path has none yet (ADR 033).
  const builtInPages = await ensureBuiltInPages();
  if (builtInPages > 0) logger.info({ count: builtInPages }, "built-in pages added");
  const seed = config.seedDemo ? await seedDemoContent(handle.db) : { seeded: false };
  if (seed.seeded) logger.info({ counts: seed.counts }, "demo content seeded");
  phase("seed");
  const admin = await bootstrapAdmin();
  phase("admin");
  // Cache hits need the content version without a query: PGlite reads it once, PostgreSQL follows NOTIFYs.
  await followVersions();
  // The back office's live updates: notices of every instance, through the database (LISTEN).
  await startRealtime();
  const backups = backupSchedule();
  jobs = jobRunner([
    // Leads already queued for the next group commit are written (and answered) first at shut-down.
    leadWritesJob(),
    rateLimitPruningJob(),
    analyticsFlushJob(),
    visitCountersJob(),
    // With PGlite this process owns the data: a claim left by the previous run (kill -9) is due again at once.
    ...(config.outboxWorker ? [outboxDeliveryJob({ releaseOrphans: handle.kind === "pglite" })] : []),
    // Newsletters: scheduled sends start, sends under way go on (with PGlite, the previous run's claims at once).
    ...(config.newsletter.worker ? [newsletterSendingJob({ releaseOrphans: handle.kind === "pglite" })] : []),
    // Imported subscriber lists are written a batch at a time (an import cut short by a restart goes on).
    subscriberImportJob(),
    // Scheduled posts go live at their time on every instance; items that came due while no server ran go now.
    publicationSchedulerJob(),
    // In the background: nothing waits for it (ADR 019).
    mediaImportJob({ seeded: seed.seeded }),
    // With BACKUP_DIR: the daily backup (one instance takes it) and "Back up now" (ADR 053). With PGlite, runs the
    // previous process left unfinished are recorded as failed at once.
    ...(backups ? [scheduledBackupsJob(backups, { releaseOrphans: handle.kind === "pglite" })] : []),
  ]);
  await jobs.start();
  phase("prune");
  // With the embedded database, `npm run admin -- backup` asks this process for the archive (server/admin-socket.ts).
  if (handle.kind === "pglite") {
    closeAdminSocket = await startAdminSocket(config.dataDir).catch((error) => {
      logger.warn({ err: error }, "the admin socket could not be opened: stop the server to take a backup");
      return undefined;
    });
  }

  logger.info({ phases }, "start-up phases (ms)");
  return {
    database: handle.kind,
    seeded: seed.seeded,
    adminEmail: config.adminEmail,
    generatedPassword: admin.generatedPassword,
  };
}

/**
 * Migrates the database to this build's schema: refuses one a newer version migrated (SchemaTooNewError, naming
 * both versions), and takes a backup into DATA_DIR/backups before migrating an existing embedded database (a new,
 * empty one has nothing to lose), so an upgrade that goes wrong can be undone by a restore.
 */
async function migrateSafely(handle: ReturnType<typeof openAppDatabase>, dataDir: string): Promise<void> {
  const status = await assertSchemaKnown(handle.db);
  if (status.pending > 0 && status.applied > 0 && handle.kind === "pglite") {
    const { file } = await createBackup({
      to: path.join(dataDir, "backups"),
      handle,
      label: `before-schema-${status.known}`,
    });
    logger.info({ file, from: status.applied, to: status.known }, "backup taken before migrating");
  }
  await handle.migrate();
  await recordSchemaVersion(handle.db);
}

export async function shutdown(): Promise<void> {
  stopping = true;
  await closeAdminSocket?.();
  closeAdminSocket = undefined;
  // Open back-office connections are told the server is going away; they reconnect to it or another instance.
  await stopRealtime();
  await jobs?.shutdown();
  jobs = undefined;
  await stopFollowingVersions();
  try {
    await closeAppDatabase();
  } catch (error) {
    logger.error({ err: error }, "error while closing the database");
  }
}

/** Commands of `npm run admin`, run against the configured database without the HTTP server. */
export const adminCli = {
  /** A password given on the command line or typed follows the password policy (ADR 047); a generated one does. */
  async setPassword(password?: string) {
    const problem = password === undefined ? undefined : await newPasswordProblem(password);
    if (problem) throw new Error(problem);
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
  async rotateSecrets(
    oldSecret?: string,
  ): Promise<SealedSecrets & { captcha: Awaited<ReturnType<typeof resealCaptchaSecret>> }> {
    return withDatabase(async () => {
      await initAuth();
      const previous = oldSecret ?? (await storedAuthSecret());
      const webhooks = await sealWebhookSecrets(previous);
      // The captcha's secret key (Integrations → Captcha) is kept the same way.
      return { ...webhooks, captcha: previous ? await resealCaptchaSecret(previous) : "unchanged" };
    });
  },

  /**
   * Writes a backup archive into `to` (default DATA_DIR/backups). With the embedded database and a server running
   * on it, that server writes it (server/admin-socket.ts); otherwise this process opens the database, read only.
   */
  async backup(to?: string) {
    const config = env();
    const folder = path.resolve(to ?? path.join(config.dataDir, "backups"));
    const answered = config.databaseUrl ? undefined : await backupThroughServer(config.dataDir, folder);
    if (answered) return { ...answered, through: "the running server" };
    const written = await withDatabase(() => createBackup({ to: folder }), { migrate: false });
    return { ...written, through: "this process" };
  },

  verify: (file: string) => verifyBackup(path.resolve(file)),

  /** Restores an archive into DATA_DIR (embedded) or DATABASE_URL, and the configured upload store. */
  restore(file: string, options: Pick<RestoreOptions, "force" | "onReplace">) {
    const config = env();
    const target: RestoreOptions["target"] = config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: path.join(config.dataDir, "pglite") };
    return restoreBackup(path.resolve(file), { ...options, target });
  },

  /** Copies the embedded database in DATA_DIR into the empty PostgreSQL database at `url`, checked. */
  async moveToPostgres(url: string) {
    if (!/^postgres(ql)?:\/\/./.test(url)) {
      throw new Error(`Not a PostgreSQL URL: ${url} (expected postgres://user:password@host:5432/database).`);
    }
    if (env().databaseUrl) {
      throw new Error(
        "DATABASE_URL is set, so this is not the embedded database: unset it to move the one in DATA_DIR.",
      );
    }
    return withDatabase(() => moveToPostgres(url), { migrate: false });
  },
};

/** Opens the configured database (one connection), migrates it unless told not to, runs `work`, and closes it. */
async function withDatabase<T>(work: () => Promise<T>, { migrate = true } = {}): Promise<T> {
  const config = env();
  const handle = openAppDatabase(config, 1);
  try {
    if (migrate) await migrateSafely(handle, config.dataDir);
    else await assertSchemaKnown(handle.db);
    return await work();
  } finally {
    await handle.close();
  }
}
