// `npm run bench:forms`: how many submissions a second a form the team built takes on PGlite, and whether every
// acknowledged one is stored. Starts the production server as `npm start` does (scripts/start.ts: its memory
// settings; a temporary data folder, rate limits off), builds the webinar registration form of the tests through
// the form editor's own action and opens it, then POSTs BENCH_SUBMISSIONS (20,000) submissions as the running form
// sends them (multipart is not needed: no file field) with autocannon at BENCH_CONNECTIONS (50), a new work e-mail
// each, after a one-second warm-up. It then counts the stored submissions from the form's CSV export and compares
// them with the 2xx answers; the server's CPU time per submission is read from /proc (steadier than submissions a
// second on a machine shared with other work). Results go to bench/results/form-submissions.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import "../scripts/check-node.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { freePort } from "../scripts/free-port.ts";
import { adminCookie, createOpenForm, startServer, stopServer } from "../tests/e2e/support/server-process.ts";
import { WEBINAR_EDITOR_INPUT } from "../tests/support/webinar-definition.ts";
import { cpuSeconds } from "./load.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const submissions = Number(process.env.BENCH_SUBMISSIONS ?? 20_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

await buildIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-bench-forms-"));
const server = await startServer(
  await freePort(),
  { DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  { inheritStderr: true, launcher: true },
);

function post(base: string, formId: string, amount: number): Promise<autocannon.Result> {
  const body = new URLSearchParams({
    name: "Bench Visitor",
    work_email: "bench-[<id>]@acme-corp.example",
    size: "small",
    topics: "forecasting",
    consent: "on",
  })
    .toString()
    .replace("%5B%3Cid%3E%5D", "[<id>]");
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${base}/api/forms/${formId}`,
        method: "POST",
        body,
        idReplacement: true,
        headers: {
          origin: base,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        connections,
        amount,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

/** The stored submissions of the form: the rows of its CSV export (no answer here holds a line break). */
async function stored(base: string, cookie: string, formId: string): Promise<number> {
  const response = await fetch(`${base}/admin/forms/${formId}/export`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`the export answered ${response.status}`);
  return (await response.text()).trimEnd().split("\r\n").length - 1;
}

let row: Record<string, number | string>;
try {
  const cookie = await adminCookie(server.base);
  const formId = await createOpenForm(
    server.base,
    cookie,
    WEBINAR_EDITOR_INPUT.name,
    WEBINAR_EDITOR_INPUT.definition,
  );
  const warmUp = await post(server.base, formId, 500);
  const pids = server.proc.pid ? [server.proc.pid] : [];
  const cpuBefore = cpuSeconds(pids);
  const result = await post(server.base, formId, submissions);
  const cpuAfter = cpuSeconds(pids);
  const acknowledged = warmUp["2xx"] + result["2xx"];
  const kept = await stored(server.base, cookie, formId);
  row = {
    submissions,
    connections,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerSubmission:
      cpuBefore === null || cpuAfter === null
        ? "n/a"
        : Number((((cpuAfter - cpuBefore) * 1000) / result.requests.total).toFixed(2)),
    non2xx: result.non2xx,
    errors: result.errors,
    acknowledged,
    stored: kept,
    lost: acknowledged - kept,
  };
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(
  path.join(root, "bench/results/form-submissions.json"),
  `${JSON.stringify({ at: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model }, row }, null, 2)}\n`,
);
console.table([row]);
// Fewer rows than 2xx answers is a loss; more is a request autocannon gave up on (its 10 s timeout) but that was
// stored all the same.
if (Number(row.lost) > 0 || Number(row.non2xx) > 0) process.exitCode = 1;
