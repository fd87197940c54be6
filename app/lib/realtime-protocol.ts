// The back office's realtime channel: what travels over it and its timings, shared by the browser's client
// (app/lib/realtime-client.ts) and the server's hub (app/infra/realtime-hub.server.ts). One WebSocket per tab at
// REALTIME_PATH; every frame is one JSON object of at most MAX_FRAME_BYTES.
//
// Topics a screen joins:
// - "leads": a lead was added, restored or deleted (the inbox, a person's page, the dashboard's counters);
// - "doc:<kind>:<id>": one document's presence (who has it open) and its saves: a page, post, academy item,
//   newsletter or form by its id, a tab of the settings screen by its name ("doc:settings:seo"), the site navigation
//   ("doc:navigation:site");
// - "send:<id>": a newsletter send's progress.

import { SETTINGS_TABS } from "./settings-tabs";

export const REALTIME_PATH = "/admin/realtime";

/** The client says it is alive this often; the server answers each heartbeat. */
export const HEARTBEAT_MS = 25_000;
/** Delays before the 1st, 2nd, 3rd and every later reconnect attempt; back to the first once a connection opens. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** The server closes a connection it has heard nothing from (not even a heartbeat) for this long. */
export const SILENCE_LIMIT_MS = 2 * HEARTBEAT_MS + 10_000;

export const MAX_FRAME_BYTES = 4_096;
export const MAX_TOPICS_PER_CONNECTION = 32;
export const MAX_CONNECTIONS_PER_MEMBER = 20;

/** Close codes the client acts on (4000-4999 are the application's own). */
export const CLOSE = {
  /** The session ended (signed out, revoked, member removed): the client stops and lets the page re-check. */
  signedOut: 4401,
  /** Too many tabs of one member: this one stops reconnecting. */
  tooManyConnections: 4429,
  /** A frame that is not one of ours (not JSON, unknown type, too many topics). */
  malformed: 1008,
  /** The server is restarting: reconnect as usual. */
  goingAway: 1001,
} as const;

/** Documents stored as rows of their own, named by id. */
const ROW_KINDS = ["page", "blog", "academy", "newsletter", "form"] as const;
export const DOCUMENT_KINDS = [...ROW_KINDS, "settings", "navigation"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The one site navigation's name in its topic. */
export const NAVIGATION_DOCUMENT = "site";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const DOCUMENT = [
  `(?:${ROW_KINDS.join("|")}):${UUID}`,
  `settings:(?:${SETTINGS_TABS.join("|")})`,
  `navigation:${NAVIGATION_DOCUMENT}`,
].join("|");
const TOPIC = new RegExp(`^(?:leads|doc:(?:${DOCUMENT})|send:${UUID})$`);

export type Topic = "leads" | `doc:${DocumentKind}:${string}` | `send:${string}`;

export function isTopic(value: unknown): value is Topic {
  return typeof value === "string" && value.length <= 80 && TOPIC.test(value);
}

export const documentTopic = (kind: DocumentKind, id: string): Topic => `doc:${kind}:${id}`;
export const sendTopic = (newsletterId: string): Topic => `send:${newsletterId}`;

/** A member as presence shows them. */
export interface PresentMember {
  id: string;
  name: string;
}

/** A document saved by someone: who, when, and the version the save made. */
export interface SavedEvent {
  by: PresentMember;
  at: string;
  version: string;
}

export type ClientFrame =
  | { type: "join"; topic: Topic }
  | { type: "leave"; topic: Topic }
  | { type: "heartbeat" };

export type ServerFrame =
  | { type: "joined"; topic: Topic }
  | { type: "refused"; topic: string; message: string }
  | { type: "left"; topic: Topic; message: string }
  | { type: "heartbeat" }
  | { type: "event"; topic: Topic; event: string; data: unknown }
  | { type: "presence"; topic: Topic; members: PresentMember[] };

/** The client frame in `text`, or undefined when it is not one (the server then closes the connection). */
export function parseClientFrame(text: string): ClientFrame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { type, topic } = value as { type?: unknown; topic?: unknown };
  if (type === "heartbeat") return { type };
  if ((type === "join" || type === "leave") && isTopic(topic)) return { type, topic };
  return undefined;
}
