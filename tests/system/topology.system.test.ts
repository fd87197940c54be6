// The deployment of compose.yaml without containers: two production instances sharing one PostgreSQL database,
// behind nginx configured as README's "Behind nginx" example (read from README.md: ports and `listen` adapted).
// Leads are sent through nginx by several clients at once, each lead from a visitor address of its own
// (X-Forwarded-For, believed through TRUST_PROXY=loopback, with the per-address rate limits on), while one instance
// is killed (kill -9) mid-way. Nothing is lost: every lead answered 200 is in the database, once; every other one
// got an error answer (nginx's 502 for a request the dead instance had taken), never a silent loss.
import { type ChildProcess, spawn } from "node:child_process";
import {
  accessSync,
  chmodSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import { stopServer, twoInstances, uniqueIp, uniqueSuffix } from "../e2e/support/server-process";
import { postgresUrl } from "./support";

const LEADS = 150;
const CLIENTS = 10;
/** The lead whose sending kills instance A. */
const KILL_AT = 50;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

function nginxBinary(): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"];
  for (const dir of dirs) {
    try {
      accessSync(path.join(dir, "nginx"), constants.X_OK);
      return path.join(dir, "nginx");
    } catch {
      // not here
    }
  }
  return undefined;
}

/** README's example site, listening on `port` and proxying to `upstreams` instead of 443 and 3000/3001. */
function readmeSite(port: number, upstreams: number[]): string {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const block = /### Behind nginx[\s\S]*?```nginx\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no nginx example under "Behind nginx"');
  const servers = block.match(/server 127\.0\.0\.1:\d+;/g) ?? [];
  if (servers.length !== upstreams.length) throw new Error("README's upstream no longer lists two servers");
  let next = 0;
  return block
    .replace(/server 127\.0\.0\.1:\d+;/g, () => `server 127.0.0.1:${upstreams[next++]};`)
    .replace(/listen 443 ssl;/, `listen 127.0.0.1:${port};`);
}

/** nginx in the foreground with pid, logs and temporary files in `dir`, serving `site`. */
async function startNginx(binary: string, dir: string, port: number, site: string): Promise<ChildProcess> {
  const temp = path.join(dir, "temp");
  mkdirSync(temp);
  const config = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
${site}
}
`;
  writeFileSync(path.join(dir, "nginx.conf"), config);
  const proc = spawn(
    binary,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`nginx exited with ${proc.exitCode} (${dir}/error.log)`);
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
    if (answer?.status === 200) return proc;
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.kill("SIGKILL");
  throw new Error("nginx did not answer");
}

test("two instances on PostgreSQL behind nginx: leads sent while one is killed are stored or refused, never lost", {
  timeout: 120_000,
}, async ({ skip }) => {
  const adminUrl = postgresUrl(skip);
  const nginx = nginxBinary() ?? skip("needs nginx: apt-get install nginx-light");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The public address is nginx's; nginx runs on this machine, so the instances believe the loopback proxy.
  const site = await twoInstances(adminUrl, "asimov_topology", {
    BASE_URL: base,
    TRUST_PROXY: "loopback",
    RATE_LIMIT_FACTOR: "1",
    // The contact form needs no demo content; seeding it (pictures included) would only slow the start.
    SEED_DEMO: "false",
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), "asimov-topology-"));
  // Started by root, nginx's workers run as an unprivileged user: they must reach the temporary files.
  chmodSync(dir, 0o755);
  let proxy: ChildProcess | undefined;
  try {
    const upstreams = [site.a, site.b].map((s) => Number(new URL(s.base).port));
    proxy = await startNginx(nginx, dir, port, readmeSite(port, upstreams));

    const tag = `topo${uniqueSuffix()}`;
    const answers: Array<number | "network error" | "not ok"> = [];
    let next = 0;
    let killed: Promise<void> | undefined;
    const client = async () => {
      while (next < LEADS) {
        const n = next++;
        if (n === KILL_AT) killed = stopServer(site.a, "SIGKILL");
        // As the contact form sends with JavaScript: multipart to /api/leads, JSON answer, the empty honeypot and
        // the time-trap field (filled in 5 s), our Origin; each lead from a visitor address of its own.
        const form = new FormData();
        for (const [name, value] of Object.entries({
          kind: "contact",
          name: `Topology ${n}`,
          email: `${tag}-${n}@example.com`,
          interest: "consulting",
          message: `Lead ${n} through nginx`,
          contact_me_by_fax: "",
          form_elapsed_ms: "5000",
          source_page: "/contact",
        }))
          form.set(name, value);
        try {
          const answer = await fetch(`${base}/api/leads`, {
            method: "POST",
            headers: { Origin: base, Accept: "application/json", "X-Forwarded-For": uniqueIp() },
            body: form,
          });
          // An answer counts once it has arrived whole: one cut off when the instance died is an error.
          const body = await answer.text();
          answers[n] = answer.status === 200 && !body.includes('"ok":true') ? "not ok" : answer.status;
        } catch {
          answers[n] = "network error";
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    await killed;
    expect(site.a.proc.signalCode).toBe("SIGKILL");

    const rows = await site.sql<{ email: string }[]>`
      select email from atlas_contact_requests where email like ${`${tag}-%`}`;
    const stored = rows.map((row) => Number(/-(\d+)@/.exec(row.email)?.[1]));
    const accepted = answers.flatMap((answer, n) => (answer === 200 ? [n] : []));
    const refused = answers.flatMap((answer, n) => (answer === 200 ? [] : [n]));
    // Every acknowledged lead is stored, and none twice.
    expect(new Set(stored).size).toBe(stored.length);
    expect(accepted.filter((n) => !stored.includes(n))).toEqual([]);
    // Everything else was told: an error answer (5xx) or a failed connection, never a 2xx, 3xx or 4xx.
    expect(
      refused.map((n) => answers[n]).filter((a) => a === "not ok" || (typeof a === "number" && a < 500)),
    ).toEqual([]);
    // Only the requests instance A held when it died can fail (at most one per client); nginx sends the rest to B.
    expect(refused.length).toBeLessThanOrEqual(CLIENTS);
    expect(accepted.filter((n) => n > KILL_AT).length).toBeGreaterThanOrEqual(LEADS - KILL_AT - CLIENTS);
    console.log(
      `topology: ${accepted.length} of ${LEADS} leads accepted, ${refused.length} refused with an error ` +
        `(${refused.filter((n) => stored.includes(n)).length} of them stored nevertheless), ${stored.length} rows`,
    );
  } finally {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((r) => proxy?.once("exit", r));
      proxy.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
    await site.stop();
  }
});
