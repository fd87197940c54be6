// Newsletter crash safety (ADR 036): a 2,000-recipient send into a real SMTP server is killed (kill -9) in the
// middle; the restarted server finishes it. Every recipient gets the message, and repeats stay within the bound
// the protocol allows: at most one per open SMTP connection (the messages accepted whose rows the kill kept from
// being recorded). The repeats are counted and reported.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, type TestContext, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import {
  adminCookie,
  adminPost,
  scratchDatabase,
  signUpForNewsletter,
  startServer,
  stopServer,
} from "../e2e/support/server-process";
import { startSmtp } from "../support/receivers";
import { postgresUrl } from "./support";

const RECIPIENTS = 2000;
const CONNECTIONS = 4;
const SUBJECT = "Crash test newsletter";

async function killMidSend(env: Record<string, string>, annotate: TestContext["annotate"]) {
  const smtp = await startSmtp();
  const port = await freePort();
  const common = {
    ...env,
    SMTP_URL: smtp.url,
    NEWSLETTER_RATE: "200",
    NEWSLETTER_CONNECTIONS: String(CONNECTIONS),
    // With PostgreSQL a restarted instance cannot tell its own dead claims from a live instance's: they come back
    // when their lease ends, so the test shortens it.
    NEWSLETTER_LEASE_SECONDS: "15",
  };
  let server = await startServer(port, common);
  const newsletterMails = () => smtp.mails.filter((m) => m.raw.includes(`Subject: ${SUBJECT}`));
  try {
    const cookie = await adminCookie(server.base);
    // Single opt-in, so the sign-ups below are confirmed at once.
    await adminPost(server.base, cookie, "/admin/newsletters", {
      intent: "settings",
      newsletterDoubleOptIn: "false",
      newsletterClickTracking: "true",
      newsletterOpenTracking: "false",
    });
    for (let i = 0; i < RECIPIENTS; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, RECIPIENTS - i) }, (_, k) =>
          signUpForNewsletter(server.base, `reader${i + k}@example.com`),
        ),
      );
    }
    const created = await adminPost(server.base, cookie, "/admin/newsletters", { intent: "create" });
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/newsletters\/[0-9a-f-]{36}$/);
    await adminPost(server.base, cookie, location, {
      intent: "send",
      subject: SUBJECT,
      preheader: "Sent, killed, resumed",
      body: "Hello from the crash test.\n\nMore at https://example.com/news",
    });
    await expect.poll(() => newsletterMails().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(600);
    await stopServer(server, "SIGKILL");
    const atKill = newsletterMails().length;
    expect(atKill).toBeLessThan(RECIPIENTS);

    server = await startServer(port, common);
    const distinct = () => new Set(newsletterMails().flatMap((m) => m.to)).size;
    await expect.poll(distinct, { timeout: 120_000 }).toBe(RECIPIENTS);
    // Whatever the restarted server still had claimed has finished.
    await new Promise((r) => setTimeout(r, 3000));
    const counts = new Map<string, number>();
    for (const mail of newsletterMails()) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    const repeats = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
    await annotate(
      `${repeats} repeated of ${RECIPIENTS} (killed after ${atKill}; bound ${CONNECTIONS})`,
      "repeats",
    );
    console.log(
      `newsletter kill -9: killed after ${atKill} messages, ${repeats} repeated (bound ${CONNECTIONS})`,
    );
    expect(counts.size).toBe(RECIPIENTS);
    expect(repeats).toBeLessThanOrEqual(CONNECTIONS);
  } finally {
    await stopServer(server, "SIGKILL");
    await smtp.close();
  }
}

describe("newsletter crash safety", { timeout: 300_000 }, () => {
  test("embedded database: kill -9 in the middle of a 2,000-recipient send, then restart", async ({
    annotate,
  }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-newsletter-"));
    try {
      await killMidSend({ DATA_DIR: dataDir }, annotate);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("PostgreSQL: kill -9 in the middle of a 2,000-recipient send, then restart", async ({
    annotate,
    skip,
  }) => {
    const database = await scratchDatabase(postgresUrl(skip), "asimov_newsletter");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-newsletter-"));
    try {
      await killMidSend({ DATABASE_URL: database.url.toString(), DATA_DIR: dataDir }, annotate);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
