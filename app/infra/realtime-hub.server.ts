// The server's end of the back office's realtime channel (protocol: app/lib/realtime-protocol.ts). It holds this
// instance's open connections and the topics each joined, and hands every notice that arrives on the database's
// REALTIME_CHANNEL (app/models/realtime-events.server.ts; sent by any instance, at the commit of the change it
// describes) to the connections of its topic.
//
// - Who: the upgrade (server/realtime.ts) admits an active member only; each join asks again, with the session read
//   from the database, whether that member's role may open the topic. Every SWEEP_MS all connections' sessions are
//   read in one query: a session signed out, revoked or expired, or a member removed or deactivated, closes the
//   connection (CLOSE.signedOut); a role change leaves the topics the new role may not open.
// - Presence: for each document topic, the members with it open on this instance are announced on join and leave,
//   and again every HEARTBEAT_MS; each instance keeps what the others announced for PRESENCE_TTL_MS and tells its
//   connections the union when it changes (a tab that joins is told at once).
// - Limits: MAX_CONNECTIONS_PER_MEMBER, MAX_TOPICS_PER_CONNECTION, MAX_FRAME_BYTES (the WebSocket server closes an
//   oversized frame's connection with 1009); a frame that is not ours closes its connection with CLOSE.malformed.
import { randomUUID } from "node:crypto";
import type { RawData, WebSocket } from "ws";
import type { AdminIdentity } from "~/auth/guard.server";
import { type Capability, can, type Role } from "~/auth/roles";
import { logger } from "~/infra/logger.server";
import {
  CLOSE,
  HEARTBEAT_MS,
  MAX_CONNECTIONS_PER_MEMBER,
  MAX_TOPICS_PER_CONNECTION,
  type PresentMember,
  parseClientFrame,
  type ServerFrame,
  SILENCE_LIMIT_MS,
  type Topic,
} from "~/lib/realtime-protocol";
import {
  listenForNotices,
  liveSessions,
  publish,
  type RealtimeNotice,
} from "~/models/realtime-events.server";

const log = logger.child({ component: "realtime" });

/** How often every connection's session and role are read again (a sign-out is felt within this). */
export const realtimeTiming = { sweepMs: 2_000 };
const PRESENCE_TTL_MS = 2 * HEARTBEAT_MS + 10_000;

interface Connection {
  socket: WebSocket;
  member: PresentMember;
  sessionId: string;
  role: Role;
  topics: Set<Topic>;
  lastHeard: number;
}

/** The capability a topic needs. */
function capabilityFor(topic: Topic): Capability {
  if (topic === "leads") return "leads.view";
  if (topic.startsWith("send:") || topic.startsWith("doc:newsletter:")) return "newsletters.manage";
  if (topic.startsWith("doc:page:") || topic.startsWith("doc:navigation:")) return "pages.manage";
  if (topic.startsWith("doc:form:")) return "forms.manage";
  if (topic.startsWith("doc:settings:")) return "settings.manage";
  return "content.view";
}

const mayJoin = (role: Role, topic: Topic): boolean => can(role, capabilityFor(topic));

const isDocument = (topic: Topic) => topic.startsWith("doc:");

const hub = {
  instance: randomUUID(),
  connections: new Set<Connection>(),
  byTopic: new Map<Topic, Set<Connection>>(),
  /** Document topic → instance → the members it announced, when, and the announcement's number. */
  presence: new Map<Topic, Map<string, { members: PresentMember[]; at: number; seq: number }>>(),
  /** Numbers this instance's announcements: they may commit out of order (pooled connections), the newest wins. */
  seq: 0,
  /**
   * Document topic → the presence frame its connections were last sent: an announcement that changes nothing (the
   * periodic refresh, a member's second tab) is not sent to every connection again.
   */
  told: new Map<Topic, string>(),
  timers: [] as NodeJS.Timeout[],
  unlisten: undefined as (() => Promise<void>) | undefined,
};

function send(connection: Connection, frame: ServerFrame): void {
  sendText(connection, JSON.stringify(frame));
}

/** A frame serialized once for all the connections it goes to. */
function sendText(connection: Connection, text: string): void {
  if (connection.socket.readyState === 1) connection.socket.send(text);
}

function close(connection: Connection, code: number, reason: string): void {
  connection.socket.close(code, reason);
  drop(connection);
}

/** Forgets the connection and its topics (closed by either side). */
function drop(connection: Connection): void {
  if (!hub.connections.delete(connection)) return;
  for (const topic of [...connection.topics]) leave(connection, topic);
}

function leave(connection: Connection, topic: Topic): void {
  if (!connection.topics.delete(topic)) return;
  const members = hub.byTopic.get(topic);
  members?.delete(connection);
  if (members?.size === 0) {
    hub.byTopic.delete(topic);
    hub.told.delete(topic);
  }
  if (isDocument(topic)) announcePresence(topic);
}

/** The members with `topic` open on this instance, each once. */
function localMembers(topic: Topic): PresentMember[] {
  const seen = new Map<string, PresentMember>();
  for (const c of hub.byTopic.get(topic) ?? []) seen.set(c.member.id, c.member);
  return [...seen.values()];
}

/** Tells every instance (this one too) who has `topic` open here; `ask` asks the others to answer in kind. */
function announcePresence(topic: Topic, ask = false): void {
  const notice: RealtimeNotice = {
    topic,
    event: "presence",
    data: { members: localMembers(topic), ask, seq: ++hub.seq },
    from: hub.instance,
  };
  publish(notice).catch((error) => log.warn({ err: error, topic }, "presence not announced"));
}

function presenceArrived(notice: RealtimeNotice): void {
  const { members, ask, seq = 0 } = notice.data as { members: PresentMember[]; ask?: boolean; seq?: number };
  const from = notice.from ?? "";
  const topic = notice.topic;
  let byInstance = hub.presence.get(topic);
  if (!byInstance) {
    byInstance = new Map();
    hub.presence.set(topic, byInstance);
  }
  const known = byInstance.get(from);
  // An older announcement that arrived after a newer one says nothing new.
  if (known && known.seq > seq) return;
  byInstance.set(from, { members, at: Date.now(), seq });
  if (ask && from !== hub.instance && hub.byTopic.has(topic)) announcePresence(topic);
  tellPresence(topic);
}

/**
 * Sends the union of every instance's members of `topic` to this instance's connections on it, when it differs
 * from what they were last sent; to `only` (a connection that just joined) whatever it is.
 */
function tellPresence(topic: Topic, only?: Connection): void {
  const connections = hub.byTopic.get(topic);
  if (!connections) return;
  const union = new Map<string, PresentMember>();
  const now = Date.now();
  for (const entry of hub.presence.get(topic)?.values() ?? []) {
    if (now - entry.at > PRESENCE_TTL_MS) continue;
    for (const member of entry.members) union.set(member.id, member);
  }
  const frame: ServerFrame = { type: "presence", topic, members: [...union.values()] };
  const text = JSON.stringify(frame);
  if (only) {
    sendText(only, text);
    return;
  }
  if (hub.told.get(topic) === text) return;
  hub.told.set(topic, text);
  for (const c of connections) sendText(c, text);
}

function noticeArrived(notice: RealtimeNotice): void {
  if (notice.event === "presence") {
    presenceArrived(notice);
    return;
  }
  const connections = hub.byTopic.get(notice.topic);
  if (!connections) return;
  const frame: ServerFrame = { type: "event", topic: notice.topic, event: notice.event, data: notice.data };
  const text = JSON.stringify(frame);
  for (const c of connections) sendText(c, text);
}

async function join(connection: Connection, topic: Topic): Promise<void> {
  if (connection.topics.has(topic)) return send(connection, { type: "joined", topic });
  if (connection.topics.size >= MAX_TOPICS_PER_CONNECTION) {
    return send(connection, { type: "refused", topic, message: "Too many open subscriptions on this tab." });
  }
  // The session and role as they are now, not as they were when the connection opened.
  const role = (await liveSessions([connection.sessionId])).get(connection.sessionId);
  if (!hub.connections.has(connection)) return;
  if (!role) return close(connection, CLOSE.signedOut, "Signed out");
  connection.role = role;
  if (!mayJoin(role, topic)) {
    return send(connection, { type: "refused", topic, message: "Your role does not open this." });
  }
  connection.topics.add(topic);
  let members = hub.byTopic.get(topic);
  if (!members) {
    members = new Set();
    hub.byTopic.set(topic, members);
  }
  members.add(connection);
  send(connection, { type: "joined", topic });
  if (!isDocument(topic)) return;
  // Who is here already, at once; the others hear of this member when its announcement arrives (if it changes
  // what they were told: not for a member's second tab).
  tellPresence(topic, connection);
  announcePresence(topic, true);
}

function received(connection: Connection, data: RawData, isBinary: boolean): void {
  connection.lastHeard = Date.now();
  const frame = isBinary ? undefined : parseClientFrame(data.toString());
  if (!frame) close(connection, CLOSE.malformed, "Malformed message");
  else if (frame.type === "heartbeat") send(connection, { type: "heartbeat" });
  else if (frame.type === "leave") leave(connection, frame.topic);
  else
    join(connection, frame.topic).catch((error) => {
      log.warn({ err: error, topic: frame.topic }, "join failed");
      send(connection, { type: "refused", topic: frame.topic, message: "Live updates are unavailable." });
    });
}

/** How many connections `userId` has open on this instance. */
function connectionsOf(userId: string): number {
  let n = 0;
  for (const c of hub.connections) if (c.member.id === userId) n++;
  return n;
}

/** The back-office connections open on this instance (/metrics). */
export function realtimeConnectionCount(): number {
  return hub.connections.size;
}

/** Takes an upgraded WebSocket of the member `admin` into the hub. */
export function attach(socket: WebSocket, admin: AdminIdentity): void {
  if (connectionsOf(admin.userId) >= MAX_CONNECTIONS_PER_MEMBER) {
    socket.close(CLOSE.tooManyConnections, "Too many open tabs");
    return;
  }
  const connection: Connection = {
    socket,
    member: { id: admin.userId, name: admin.name || admin.email },
    sessionId: admin.sessionId,
    role: admin.role,
    topics: new Set(),
    lastHeard: Date.now(),
  };
  hub.connections.add(connection);
  socket.on("message", (data, isBinary) => received(connection, data, isBinary));
  socket.on("close", () => drop(connection));
  socket.on("error", (error) => {
    log.debug({ err: error }, "connection error");
    drop(connection);
  });
}

/** Closes what is signed out, narrows what lost a role, ends what went silent. */
async function sweep(): Promise<void> {
  if (hub.connections.size === 0) return;
  const now = Date.now();
  for (const c of [...hub.connections]) {
    if (now - c.lastHeard > SILENCE_LIMIT_MS) {
      c.socket.terminate();
      drop(c);
    }
  }
  const roles = await liveSessions([...new Set([...hub.connections].map((c) => c.sessionId))]);
  for (const c of [...hub.connections]) {
    const role = roles.get(c.sessionId);
    if (!role) {
      close(c, CLOSE.signedOut, "Signed out");
      continue;
    }
    c.role = role;
    for (const topic of [...c.topics]) {
      if (mayJoin(role, topic)) continue;
      leave(c, topic);
      send(c, { type: "left", topic, message: "Your role no longer opens this." });
    }
  }
}

/** Listens for notices and starts the sweep and the presence refresh (start-up). */
export async function startRealtime(): Promise<void> {
  hub.unlisten = await listenForNotices(noticeArrived);
  const sweeping = setInterval(() => {
    sweep().catch((error) => log.warn({ err: error }, "session sweep failed; connections kept"));
  }, realtimeTiming.sweepMs);
  const refreshing = setInterval(() => {
    for (const topic of hub.byTopic.keys()) if (isDocument(topic)) announcePresence(topic);
    const now = Date.now();
    for (const [topic, byInstance] of hub.presence) {
      for (const [from, entry] of byInstance) if (now - entry.at > PRESENCE_TTL_MS) byInstance.delete(from);
      if (byInstance.size === 0) hub.presence.delete(topic);
    }
  }, HEARTBEAT_MS);
  hub.timers.push(sweeping, refreshing);
  for (const timer of hub.timers) timer.unref();
}

/** Closes every connection (the clients reconnect to another instance or after the restart) and stops listening. */
export async function stopRealtime(): Promise<void> {
  for (const timer of hub.timers.splice(0)) clearInterval(timer);
  for (const c of [...hub.connections]) close(c, CLOSE.goingAway, "Server restarting");
  await hub.unlisten?.().catch(() => {});
  hub.unlisten = undefined;
  hub.presence.clear();
  hub.told.clear();
}
