// Load generation for the benchmark: wrk (C, event-driven, as the performance targets' figures were taken) when it
// is installed or can be installed, else autocannon (which runs in Node on the same cores as the server and so
// caps what it can measure; the results then say so). Both get the same connections, duration, method, headers
// and body, and report requests per second, p50/p99 latency, errors and refused answers.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";

export interface Request {
  method?: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

export interface Measurement {
  requests: number;
  reqPerSec: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers that were 4xx or 5xx (redirects count as answers, with wrk and autocannon alike). */
  non2xx: number;
  /** CPU time (user + system) the measured processes spent per request, in microseconds (Linux only). */
  cpuMicrosPerRequest: number | null;
}

export type LoadTool = { name: "wrk"; binary: string } | { name: "autocannon" };

const run = promisify(execFile);

/** Lua string literal (the values are ASCII: header names, a user agent, a form body). */
const lua = (text: string) => {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`not printable ASCII: ${text}`);
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
};

/** A wrk script that sets the request and prints the summary as one JSON line. */
function wrkScript(request: Request): string {
  const lines = [`wrk.method = ${lua(request.method ?? "GET")}`];
  if (request.body !== undefined) lines.push(`wrk.body = ${lua(request.body)}`);
  for (const [name, value] of Object.entries(request.headers)) {
    lines.push(`wrk.headers[${lua(name)}] = ${lua(value)}`);
  }
  lines.push(`done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH {"requests":%d,"duration":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end`);
  return `${lines.join("\n")}\n`;
}

/** CPU seconds (user + system) of these processes and their children (nginx's workers), from /proc. */
export function cpuSeconds(pids: number[]): number | null {
  try {
    let ticks = 0;
    for (const pid of pids) {
      let children: string[] = [];
      try {
        children = execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
          .split("\n")
          .filter(Boolean);
      } catch {
        // no children
      }
      for (const id of [String(pid), ...children]) {
        const fields = readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
        ticks += Number(fields[11]) + Number(fields[12]);
      }
    }
    return ticks / 100; // USER_HZ
  } catch {
    return null;
  }
}

async function withWrk(binary: string, url: string, request: Request, seconds: number, connections: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "asimov-wrk-"));
  try {
    const script = path.join(dir, "request.lua");
    writeFileSync(script, wrkScript(request));
    const threads = Math.max(1, Math.min(Number(process.env.BENCH_THREADS ?? 2), connections));
    const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, "--timeout", "10s", "-s", script, url];
    const { stdout } = await run(binary, args, { maxBuffer: 1 << 20 });
    const json = /^BENCH (.*)$/m.exec(stdout)?.[1];
    if (!json) throw new Error(`wrk printed no summary:\n${stdout}`);
    const s = JSON.parse(json) as Record<string, number>;
    const n = (key: string) => s[key] ?? 0;
    return {
      requests: n("requests"),
      reqPerSec: n("requests") / (n("duration") / 1e6),
      p50: n("p50") / 1000,
      p99: n("p99") / 1000,
      errors: n("connect") + n("read") + n("write") + n("timeout"),
      non2xx: n("status"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function withAutocannon(url: string, request: Request, seconds: number, connections: number) {
  return new Promise<Omit<Measurement, "cpuMicrosPerRequest">>((resolve, reject) => {
    autocannon(
      {
        url,
        method: request.method ?? "GET",
        body: request.body,
        headers: request.headers,
        connections,
        duration: seconds,
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              requests: result.requests.total,
              reqPerSec: result.requests.average,
              p50: result.latency.p50,
              p99: result.latency.p99,
              errors: result.errors + result.timeouts,
              // 4xx and 5xx, as wrk counts them: the form post without JavaScript answers 303.
              non2xx: result["4xx"] + result["5xx"],
            }),
    );
  });
}

/** Loads `url` for `seconds` and measures it; `pids` are the serving processes whose CPU time is counted. */
export async function measure(
  tool: LoadTool,
  url: string,
  request: Request,
  options: { seconds: number; connections: number; pids: number[] },
): Promise<Measurement> {
  const before = cpuSeconds(options.pids);
  const result =
    tool.name === "wrk"
      ? await withWrk(tool.binary, url, request, options.seconds, options.connections)
      : await withAutocannon(url, request, options.seconds, options.connections);
  const after = cpuSeconds(options.pids);
  const cpu =
    before !== null && after !== null && result.requests > 0
      ? ((after - before) * 1e6) / result.requests
      : null;
  return { ...result, cpuMicrosPerRequest: cpu === null ? null : Math.round(cpu * 10) / 10 };
}

/** Each figure's median over alternating runs (counts summed): one round slowed by the machine moves nothing. */
export function medianRun(runs: Measurement[]): Measurement {
  const median = (pick: (m: Measurement) => number | null) => {
    const values = runs
      .map(pick)
      .filter((v): v is number => v !== null)
      .sort((a, b) => a - b);
    return values.length ? (values[Math.floor(values.length / 2)] as number) : null;
  };
  const sum = (pick: (m: Measurement) => number) => runs.reduce((total, m) => total + pick(m), 0);
  return {
    requests: sum((m) => m.requests),
    reqPerSec: median((m) => m.reqPerSec) ?? 0,
    p50: median((m) => m.p50) ?? 0,
    p99: median((m) => m.p99) ?? 0,
    errors: sum((m) => m.errors),
    non2xx: sum((m) => m.non2xx),
    cpuMicrosPerRequest: median((m) => m.cpuMicrosPerRequest),
  };
}
