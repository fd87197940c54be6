// The back office's realtime channel against production builds: the browser's client (app/lib/realtime-client.ts)
// behind a TCP proxy that a test cuts, so its reconnect delays (1, 2, 5, then 10 s) and heartbeat (25 s) are
// measured as they happen; and two instances sharing PostgreSQL, where a lead sent to one reaches an inbox connected
// to the other through LISTEN/NOTIFY, and each sees who has a page open on the other.
import { randomBytes, scryptSync } from "node:crypto";
import type postgres from "postgres";
import { describe, expect, test } from "vitest";
import WebSocket from "ws";
import { RealtimeClient, type RealtimeState } from "../../app/lib/realtime-client.ts";
import { type PresentMember, REALTIME_PATH } from "../../app/lib/realtime-protocol.ts";
import { adminCookie, type ServerProcess, twoInstances } from "../e2e/support/server-process";
import { startTcpProxy } from "../support/tcp-proxy";
import { baseURL, postgresUrl } from "./support";

/** A WebSocket class as the browser's, carrying a signed-in tab's cookie and origin; it records what it sends. */
function browserSocket(cookie: string, origin: string, sent: { at: number; text: string }[] = []) {
  return class extends WebSocket {
    constructor(url: string | URL) {
      super(url, { headers: { cookie, origin } });
    }
    override send(text: string) {
      sent.push({ at: performance.now(), text });
      super.send(text);
    }
  } as unknown as typeof globalThis.WebSocket;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** A password hash as the sign-in library stores it (scrypt, N=16384, r=16, p=1, 64 bytes, hex salt:key). */
function passwordHash(password: string): string {
  const salt = randomBytes(16).toString("hex");
  const key = scryptSync(password.normalize("NFKC"), salt, 64, {
    N: 16384,
    r: 16,
    p: 1,
    maxmem: 128 * 16384 * 16 * 2,
  });
  return `${salt}:${key.toString("hex")}`;
}

/** A second member (an editor) written straight to the database, signed in on `base`: their session cookie. */
async function editorCookie(sql: postgres.Sql, base: string): Promise<string> {
  const email = "dana@example.com";
  const password = "dana-editor-password";
  const [user] = await sql<{ id: string }[]>`insert into auth_user (name, email, email_verified)
    values ('Dana', ${email}, true) returning id`;
  await sql`insert into auth_account (account_id, provider_id, user_id, password)
    values (${user?.id ?? ""}, 'credential', ${user?.id ?? ""}, ${passwordHash(password)})`;
  await sql`insert into admin_users (user_id, role) values (${user?.id ?? ""}, 'editor')`;
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { Origin: base, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("realtime channel", { timeout: 120_000 }, () => {
  test("a cut connection is retried after 1, 2, 5, then 10 s; a heartbeat goes out every 25 s and is answered", async () => {
    const target = new URL(baseURL);
    const proxy = await startTcpProxy({ host: "127.0.0.1", port: Number(target.port) });
    const cookie = await adminCookie(baseURL);
    const sent: { at: number; text: string }[] = [];
    const states: { at: number; state: RealtimeState }[] = [];
    const client = new RealtimeClient({
      url: `ws://127.0.0.1:${proxy.port}${REALTIME_PATH}`,
      WebSocket: browserSocket(cookie, baseURL, sent),
      onState: (state) => states.push({ at: performance.now(), state }),
    });
    const heard: string[] = [];
    client.subscribe("leads", { joined: () => heard.push("joined") });
    try {
      client.start();
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBe(1);

      // The connection is cut and the address refuses connections: attempts 1, 2, 5 and 10 s apart.
      const cutAt = performance.now();
      await proxy.down();
      await expect
        .poll(() => states.filter((s) => s.state === "connecting").length, { timeout: 30_000, interval: 200 })
        .toBe(5);
      const attempts = states.filter((s) => s.state === "connecting" && s.at > cutAt).map((s) => s.at);
      const closedAt = states.find((s) => s.state === "closed" && s.at >= cutAt)?.at ?? cutAt;
      const gaps = [
        (attempts[0] ?? 0) - closedAt,
        ...attempts.slice(1).map((at, i) => at - (attempts[i] ?? 0)),
      ].map(seconds);
      console.info(`realtime: reconnect attempts after ${gaps.join(", ")} s`);
      expect(gaps).toHaveLength(4);
      for (const [i, expected] of [1, 2, 5, 10].entries()) {
        expect(gaps[i], `attempt ${i + 1} after ${gaps[i]} s`).toBeGreaterThanOrEqual(expected - 0.1);
        expect(gaps[i], `attempt ${i + 1} after ${gaps[i]} s`).toBeLessThan(expected + 1.5);
      }

      // Back up: the next attempt (10 s later) connects and joins the topic again.
      await proxy.up();
      await expect.poll(() => heard.length, { timeout: 15_000, interval: 200 }).toBe(2);
      const openedAt = states.filter((s) => s.state === "open").at(-1)?.at ?? 0;
      const joinsSent = sent.filter((s) => s.text.includes('"join"') && s.at >= openedAt);
      expect(joinsSent).toHaveLength(1);

      // The first heartbeat 25 s after the connection opened; the server answers, so the connection stays.
      await expect
        .poll(() => sent.filter((s) => s.text === '{"type":"heartbeat"}' && s.at > openedAt).length, {
          timeout: 30_000,
          interval: 200,
        })
        .toBe(1);
      const beat = sent.find((s) => s.text === '{"type":"heartbeat"}' && s.at > openedAt)?.at ?? 0;
      console.info(`realtime: first heartbeat ${seconds(beat - openedAt)} s after the connection opened`);
      expect(seconds(beat - openedAt)).toBeGreaterThanOrEqual(24.9);
      expect(seconds(beat - openedAt)).toBeLessThan(26.5);
      expect(client.state).toBe("open");
    } finally {
      client.stop();
      await proxy.close();
    }
  });

  test("across two instances on PostgreSQL: a lead sent to one reaches the inbox on the other; presence is shared", async ({
    skip,
  }) => {
    const { a, b, sql, stop } = await twoInstances(postgresUrl(skip), "asimov_realtime", {
      LOG_LEVEL: "warn",
    });
    const clients: RealtimeClient[] = [];
    try {
      const open = async (
        server: ServerProcess,
        cookie?: string,
        onState?: (state: RealtimeState) => void,
      ) => {
        const client = new RealtimeClient({
          url: `${server.base.replace("http", "ws")}${REALTIME_PATH}`,
          WebSocket: browserSocket(cookie ?? (await adminCookie(server.base)), server.base),
          onState,
        });
        clients.push(client);
        client.start();
        return client;
      };
      const onB = await open(b);
      const events: number[] = [];
      let joined = false;
      onB.subscribe("leads", { event: () => events.push(performance.now()), joined: () => (joined = true) });
      await expect.poll(() => joined, { timeout: 10_000 }).toBe(true);

      const sentAt = performance.now();
      const response = await fetch(`${a.base}/contact`, {
        method: "POST",
        headers: { Origin: a.base, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: "Realtime Lead",
          email: "realtime@example.com",
          interest: "consulting",
          message: "Across instances.",
        }),
      });
      expect(response.status).toBe(200);
      await expect.poll(() => events.length, { timeout: 5_000, interval: 20 }).toBe(1);
      const [heardAt = 0] = events;
      console.info(`realtime: a lead sent to A was heard on B after ${Math.round(heardAt - sentAt)} ms`);
      expect(heardAt - sentAt, "the lead reached the other instance's inbox within 1 s").toBeLessThan(1_000);

      // The administrator has the pricing page open on B, Dana on A: each sees both; Dana leaves, B sees one.
      const [pricing] = await sql<{ id: string }[]>`select id from pages where path = '/pricing'`;
      const topic = `doc:page:${pricing?.id}` as const;
      let stoppedAt = 0;
      const onA = await open(a, await editorCookie(sql, a.base), (state) => {
        if (state === "stopped") stoppedAt = performance.now();
      });
      const seen: string[][] = [[], []];
      const names = (members: PresentMember[]) => members.map((m) => m.name).sort();
      const leave = onA.subscribe(topic, { presence: (members) => (seen[0] = names(members)) });
      onB.subscribe(topic, { presence: (members) => (seen[1] = names(members)) });
      const both = ["Administrator", "Dana"];
      await expect.poll(() => seen, { timeout: 10_000 }).toEqual([both, both]);
      leave();
      await expect.poll(() => seen[1], { timeout: 10_000 }).toEqual(["Administrator"]);

      // Dana is removed from the team (her row goes, as the Team screen's removal does): her open connection is
      // closed as signed out within 5 s, and her tab stops trying.
      const removedAt = performance.now();
      await sql`delete from admin_users where user_id = (select id from auth_user where email = 'dana@example.com')`;
      await expect.poll(() => stoppedAt, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
      console.info(`realtime: removed member's connection closed after ${seconds(stoppedAt - removedAt)} s`);
      expect(stoppedAt - removedAt).toBeLessThan(5_000);
    } finally {
      for (const client of clients) client.stop();
      await stop();
    }
  });
});
