// Page views answered from the page cache before Express are counted per visitor as Express would count them: a
// proxy that relays several visitors over one keep-alive connection (nginx's upstream keep-alive) still has each
// counted under its own X-Forwarded-For, though the fast path keeps a connection's client address between its
// requests (server/app.ts, clientOf).
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import { adminCookie, type ServerProcess, startServer, stopServer } from "../e2e/support/server-process";
import { DESKTOP_CHROME } from "../support/user-agents";

let server: ServerProcess | undefined;
let dataDir = "";

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-hit-analytics-"));
  server = await startServer(await freePort(), { DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
});
afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

/** GET through `agent`: the cache's verdict and the local port of the connection it went over. */
function get(agent: Agent, headers: Record<string, string>) {
  return new Promise<{ cache: string; port: number }>((resolve, reject) => {
    const req = request(`${server?.base}/`, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ cache: String(res.headers["x-cache"]), port: res.socket?.localPort ?? 0 }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

test("visitors relayed over one keep-alive connection are each counted once, with their views", async () => {
  const base = server?.base ?? "";
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // Without a user agent nothing is counted: these only make the page a cache hit.
    await get(agent, {});
    await expect.poll(async () => (await get(agent, {})).cache).toBe("HIT");
    const visit = (ip: string) => get(agent, { "User-Agent": DESKTOP_CHROME, "X-Forwarded-For": ip });
    const answers = [
      await visit("203.0.113.10"),
      await visit("203.0.113.20"),
      await visit("203.0.113.10"),
      await visit("203.0.113.30"),
    ];
    expect(answers.map((a) => a.cache)).toEqual(["HIT", "HIT", "HIT", "HIT"]);
    expect(new Set(answers.map((a) => a.port)).size).toBe(1);
  } finally {
    agent.destroy();
  }
  const cookie = await adminCookie(base);
  const landing = async () => {
    const csv = await (await fetch(`${base}/admin/analytics/export`, { headers: { cookie } })).text();
    const row = csv.split(/\r?\n/).find((line) => line.startsWith("page,/,"));
    const [, , visitors, views] = row?.split(",") ?? [];
    return { visitors: Number(visitors ?? 0), views: Number(views ?? 0) };
  };
  // Written once a second.
  await expect.poll(landing, { timeout: 10_000 }).toEqual({ visitors: 3, views: 4 });
});
