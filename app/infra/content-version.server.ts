// Version counters caches key on. "What the public site shows": every content, settings, showcase or social-link
// write bumps it, so cached pages and API reads change on the very next request — also on other instances sharing
// the database, because the counter lives in the database (app_meta), not in this process. The API keys have a
// counter of their own, so verified keys can be remembered until a key changes.
//
// How a process knows the current version (docs/decisions/020-serving-from-memory.md):
// - PGlite: only this process can write, so the version is read once and then followed in memory.
// - PostgreSQL: every bump also sends a NOTIFY on VERSIONS_CHANNEL (in the same statement, delivered at commit).
//   followVersions() LISTENs on a connection of its own and keeps the versions in memory, so a cache hit needs no
//   query. The memory is trusted only while it is proven live: this process NOTIFYs itself every PING_INTERVAL_MS
//   through the pool, and each ping that comes back over the listening connection renews the trust for
//   TRUST_MS (PostgreSQL delivers notifications in commit order, so a returning ping also proves every bump
//   committed before it was sent has arrived). After a reconnect the versions are read again before they are
//   trusted. Whenever the memory is not trusted (not listening yet, the connection dropped, pings late), each
//   lookup reads the row as before (one primary-key read shared by the requests of one event-loop turn).
import { randomBytes } from "node:crypto";
import { logger } from "~/infra/logger.server";
import {
  bumpVersion,
  readVersion,
  soleWriter,
  VERSIONS_CHANNEL,
  type VersionWriter,
  versionNotifications,
} from "~/models/content-version.server";

type Listener = (version: number) => void;

const PING_INTERVAL_MS = 500;
/** How long a returned ping keeps the in-memory versions trusted: a silently dead connection is noticed by then. */
const TRUST_MS = 1500;
/** Without a returned ping for this long, the LISTEN is set up again. */
const RESUBSCRIBE_MS = 5000;

/** PostgreSQL's notification stream as seen by this process (PGlite never uses it). */
const follower = {
  /** Incremented each time the LISTEN is (re-)established; the versions must be re-read after each. */
  epoch: 0,
  /** The epoch whose versions have been read after its LISTEN. */
  readEpoch: -1,
  /** Local time until which the in-memory versions are trusted (the last returned ping's send time + TRUST_MS). */
  trustedUntil: 0,
  timer: undefined as NodeJS.Timeout | undefined,
  unlisten: [] as (() => Promise<void>)[],
};

function trusted(): boolean {
  return follower.readEpoch === follower.epoch && Date.now() < follower.trustedUntil;
}

/**
 * A counter in app_meta that writers bump and caches key on. Bumps are seen by this process at once (listeners)
 * and by other instances through the notification (or their next read when they are not following).
 */
function versionCounter(key: string) {
  const listeners = new Set<Listener>();
  /** The highest version this process knows of (undefined until first read). */
  let known: number | undefined;
  let nextRead: Promise<number> | undefined;

  /** Versions only grow, so whatever arrives (a read, a notification, our own bump) can only move it forward. */
  function learn(version: number) {
    if (known !== undefined && version <= known) return;
    known = version;
    for (const listener of listeners) listener(version);
  }

  async function current(): Promise<number> {
    const version = await readVersion(key);
    learn(version);
    return version;
  }

  /**
   * Requests that arrive in the same turn of the event loop share one read of the row. The read starts after all
   * of them arrived, so each still sees every write committed before it arrived; under load this turns one query
   * per request into one per turn.
   */
  function sharedRead(): Promise<number> {
    nextRead ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        nextRead = undefined;
        current().then(resolve, reject);
      });
    });
    return nextRead;
  }

  /** The version a cache may use without waiting, or undefined when it has to be read (see the file comment). */
  function knownNow(): number | undefined {
    if (known === undefined) return undefined;
    if (soleWriter()) return known;
    return trusted() ? known : undefined;
  }

  return {
    key,
    learn,
    /** Call after every write the counter stands for (in the same request, after the commit). */
    async changed(): Promise<number> {
      const version = await bumpVersion(key);
      learn(version);
      return version;
    },
    /**
     * Bumps inside the caller's transaction, so the new version commits together with the write it stands for:
     * no moment (and no crash) leaves the write committed and caches keyed on the old version. Call the answered
     * function after the commit, so this process learns the version at once (other instances hear the NOTIFY,
     * which PostgreSQL sends at the commit).
     */
    async changedIn(tx: VersionWriter): Promise<() => void> {
      const version = await bumpVersion(key, tx);
      return () => learn(version);
    },
    /** The current version (0 before the first write), read from the database. */
    current,
    knownNow,
    /** The version a cache must match: from memory when it can be trusted (knownNow), else read. */
    async now(): Promise<number> {
      const version = knownNow();
      if (version !== undefined) return version;
      return soleWriter() ? current() : sharedRead();
    },
    /** Subscribers hear about every new version: this instance's bumps at once, others' when notified or read. */
    onChanged(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What the public site shows: every content, settings, showcase or social-link write bumps it. */
const content = versionCounter("content_version");
/** The content API keys: every create, activation change or deletion bumps it. */
const apiKeys = versionCounter("api_keys_version");
const counters = [content, apiKeys];

export const contentChanged = content.changed;
/** The content version's bump inside a transaction (see `changedIn`); call the answer after the commit. */
export const contentChangedIn = content.changedIn;
export const currentContentVersion = content.current;
export const contentVersionNow = content.now;
/** The content version when it is known without a query (PGlite; PostgreSQL while following), else undefined. */
export const contentVersionKnown = content.knownNow;
export const onContentChanged = content.onChanged;
export const apiKeysChanged = apiKeys.changed;
export const apiKeysVersionNow = apiKeys.now;
export const apiKeysVersionKnown = apiKeys.knownNow;

/**
 * PostgreSQL: LISTENs for version bumps of every instance and pings itself so the in-memory versions can be
 * trusted (see the file comment). PGlite: reads the versions once. Called at start-up; failures are logged and
 * leave the per-request reads in charge until the subscription is back.
 */
export async function followVersions(): Promise<void> {
  const notifications = versionNotifications();
  if (!notifications) {
    await Promise.all(counters.map((c) => c.current()));
    return;
  }
  const { listen, notify } = notifications;
  const pingChannel = `asimov_ping_${randomBytes(6).toString("hex")}`;
  const onListen = () => {
    // (Re-)subscribed: bumps missed while the connection was down are only in the table.
    const epoch = ++follower.epoch;
    Promise.all(counters.map((c) => c.current())).then(
      () => {
        if (follower.epoch === epoch) follower.readEpoch = epoch;
      },
      (error) => logger.warn({ err: error }, "versions: read after LISTEN failed"),
    );
  };
  const onVersion = (payload: string) => {
    const at = payload.lastIndexOf(":");
    const counter = counters.find((c) => c.key === payload.slice(0, at));
    const version = Number(payload.slice(at + 1));
    if (counter && Number.isFinite(version)) counter.learn(version);
  };
  const onPing = (payload: string) => {
    const sentAt = Number(payload);
    if (Number.isFinite(sentAt)) follower.trustedUntil = Math.max(follower.trustedUntil, sentAt + TRUST_MS);
  };
  /** (Re-)subscribes both channels; the driver re-subscribes after a reconnect, this covers a lost subscription. */
  const subscribe = async () => {
    await Promise.all(follower.unlisten.splice(0).map((u) => u().catch(() => {})));
    try {
      follower.unlisten.push((await listen(VERSIONS_CHANNEL, onVersion, onListen)).unlisten);
      follower.unlisten.push((await listen(pingChannel, onPing)).unlisten);
    } catch (error) {
      logger.warn(
        { err: error },
        "versions: LISTEN failed; cache lookups read the version until it succeeds",
      );
    }
  };
  await subscribe();
  let wasTrusted = trusted();
  let lastSubscribe = Date.now();
  let subscribing = false;
  const tick = () => {
    notify(pingChannel, String(Date.now())).catch(() => {
      // The database is unreachable: the trust runs out and lookups read (and fail) as without notifications.
    });
    const now = trusted();
    if (now !== wasTrusted) {
      if (now) logger.info("versions: following PostgreSQL notifications");
      else logger.warn("versions: notifications stopped; cache lookups read the version until they are back");
      wasTrusted = now;
    }
    // Nothing has come back for a while: subscribe again (the old subscription may be gone for good).
    if (
      !now &&
      !subscribing &&
      Date.now() - Math.max(follower.trustedUntil, lastSubscribe) > RESUBSCRIBE_MS
    ) {
      subscribing = true;
      lastSubscribe = Date.now();
      subscribe().finally(() => {
        subscribing = false;
      });
    }
  };
  tick();
  follower.timer = setInterval(tick, PING_INTERVAL_MS);
  follower.timer.unref();
}

/** Stops the pings and the LISTEN (shut-down). */
export async function stopFollowingVersions(): Promise<void> {
  clearInterval(follower.timer);
  follower.timer = undefined;
  follower.trustedUntil = 0;
  const unlisten = follower.unlisten.splice(0);
  await Promise.all(unlisten.map((u) => u().catch(() => {})));
}

export interface VersionedCacheOptions<T> {
  /** The most bytes the entries may take together, as `sizeOf` counts them; the least recently used go first. */
  maxBytes?: number;
  /** An entry's bytes (its key included); required with maxBytes. */
  sizeOf?: (key: string, value: T) => number;
}

/**
 * A bounded in-memory cache whose entries are valid only at the content version they were made at. Used for
 * public pages (page cache, bounded in bytes as well) and content API reads. Least recently used first out: the
 * map's order is the order of use (a hit moves its entry to the end), so making room takes the first entries.
 */
export class VersionedCache<T> {
  readonly #entries = new Map<string, { version: number; value: T; bytes: number }>();
  #bytes = 0;
  readonly maxBytes: number;
  readonly #sizeOf?: (key: string, value: T) => number;
  /** `onDrop` hears about every value replaced, evicted or deleted. */
  constructor(
    readonly maxEntries: number,
    readonly onDrop?: (value: T) => void,
    { maxBytes = Number.POSITIVE_INFINITY, sizeOf }: VersionedCacheOptions<T> = {},
  ) {
    this.maxBytes = maxBytes;
    this.#sizeOf = sizeOf;
  }

  /** How many entries, and the bytes they take as `sizeOf` counts them (0 without it). */
  get size(): number {
    return this.#entries.size;
  }
  get bytes(): number {
    return this.#bytes;
  }

  /** The entry for `key` if it was made at `version` (and marks it recently used). */
  get(key: string, version: number): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The entry for `key` whatever its version: better than nothing while the database is unreachable. */
  stale(key: string): T | undefined {
    return this.#entries.get(key)?.value;
  }

  /** The keys of every entry, whatever its version. */
  keys(): string[] {
    return [...this.#entries.keys()];
  }

  /**
   * Stores `value`; past maxEntries or maxBytes, the least recently used entries make room. A value larger than
   * maxBytes on its own is not stored.
   */
  set(key: string, version: number, value: T) {
    this.#drop(key);
    const bytes = this.#sizeOf?.(key, value) ?? 0;
    if (bytes > this.maxBytes) {
      this.onDrop?.(value);
      return;
    }
    this.#entries.set(key, { version, value, bytes });
    this.#bytes += bytes;
    this.#makeRoom();
  }

  /** Counts `key`'s entry again after it grew or shrank (a compressed copy added), making room if needed. */
  resized(key: string) {
    const entry = this.#entries.get(key);
    if (!entry || !this.#sizeOf) return;
    const bytes = this.#sizeOf(key, entry.value);
    this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.#makeRoom();
  }

  #makeRoom() {
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) return;
      this.#drop(key);
    }
  }

  #drop(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    this.onDrop?.(entry.value);
  }
}
