// The browser's end of the realtime channel (app/lib/realtime-protocol.ts): one WebSocket per tab, shared by every
// screen through app/components/admin/realtime.tsx. Screens subscribe to topics; the client joins a topic while
// at least one subscriber wants it and joins them all again after a reconnect. A heartbeat goes out every
// HEARTBEAT_MS; one left unanswered until the next means the connection is dead, so it is closed and, like any
// other loss, retried after 1, 2, 5, then every 10 s. Plain TypeScript with the WebSocket and timers passed in, so
// it runs in tests against a real server.
import {
  CLOSE,
  type ClientFrame,
  HEARTBEAT_MS,
  type PresentMember,
  RECONNECT_DELAYS_MS,
  type ServerFrame,
  type Topic,
} from "./realtime-protocol";

export type RealtimeState = "connecting" | "open" | "closed" | "stopped";

export interface TopicListener {
  event?(event: string, data: unknown): void;
  presence?(members: PresentMember[]): void;
  /** The server refused or ended the subscription (e.g. the member's role changed). */
  refused?(message: string): void;
  /** The topic is joined (again, after a reconnect: whatever happened meanwhile was missed). */
  joined?(): void;
}

export interface RealtimeClientOptions {
  url: string;
  WebSocket?: typeof WebSocket;
  heartbeatMs?: number;
  reconnectDelaysMs?: readonly number[];
  onState?(state: RealtimeState): void;
  /** The server ended the session (signed out, removed): the page should re-check who is signed in. */
  onSignedOut?(): void;
}

export class RealtimeClient {
  readonly #options: Required<Omit<RealtimeClientOptions, "onState" | "onSignedOut">> & RealtimeClientOptions;
  readonly #listeners = new Map<Topic, Set<TopicListener>>();
  #socket: WebSocket | undefined;
  #attempt = 0;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #awaitingHeartbeat = false;
  #state: RealtimeState = "closed";

  constructor(options: RealtimeClientOptions) {
    this.#options = {
      WebSocket: globalThis.WebSocket,
      heartbeatMs: HEARTBEAT_MS,
      reconnectDelaysMs: RECONNECT_DELAYS_MS,
      ...options,
    };
  }

  get state(): RealtimeState {
    return this.#state;
  }

  start(): void {
    if (this.#state === "stopped" || this.#socket) return;
    this.#connect();
  }

  /** Closes for good (the page unloads, or the session ended). */
  stop(): void {
    this.#setState("stopped");
    clearTimeout(this.#retry);
    this.#stopHeartbeat();
    this.#socket?.close(1000, "Closed by the page");
    this.#socket = undefined;
  }

  /** Listens on `topic`, joining it if nobody did yet; the answer stops listening (and leaves when nobody is left). */
  subscribe(topic: Topic, listener: TopicListener): () => void {
    let set = this.#listeners.get(topic);
    if (!set) {
      set = new Set();
      this.#listeners.set(topic, set);
      this.#send({ type: "join", topic });
    }
    set.add(listener);
    return () => {
      const current = this.#listeners.get(topic);
      if (!current?.delete(listener) || current.size > 0) return;
      this.#listeners.delete(topic);
      this.#send({ type: "leave", topic });
    };
  }

  /** The delay before the next reconnect attempt. */
  #nextDelay(): number {
    const delays = this.#options.reconnectDelaysMs;
    return delays[Math.min(this.#attempt, delays.length - 1)] ?? 10_000;
  }

  #connect(): void {
    this.#setState("connecting");
    const socket = new this.#options.WebSocket(this.#options.url);
    this.#socket = socket;
    socket.onopen = () => {
      if (this.#socket !== socket) return;
      this.#attempt = 0;
      this.#setState("open");
      for (const topic of this.#listeners.keys()) this.#send({ type: "join", topic });
      this.#startHeartbeat();
    };
    socket.onmessage = (message) => {
      if (this.#socket !== socket || typeof message.data !== "string") return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(message.data) as ServerFrame;
      } catch {
        return;
      }
      this.#receive(frame);
    };
    // A failed connection is followed by "close", which retries; the error itself says nothing more.
    socket.onerror = () => {};
    socket.onclose = (event) => this.#lost(socket, event.code);
  }

  /** The connection `socket` is gone (closed, or found dead): retry after the next delay, unless told not to. */
  #lost(socket: WebSocket, code: number): void {
    if (this.#socket !== socket) return;
    this.#socket = undefined;
    this.#stopHeartbeat();
    if (this.#state === "stopped") return;
    if (code === CLOSE.signedOut || code === CLOSE.tooManyConnections) {
      this.#setState("stopped");
      if (code === CLOSE.signedOut) this.#options.onSignedOut?.();
      return;
    }
    this.#setState("closed");
    const delay = this.#nextDelay();
    this.#attempt++;
    this.#retry = setTimeout(() => this.#connect(), delay);
  }

  #receive(frame: ServerFrame): void {
    if (frame.type === "heartbeat") {
      this.#awaitingHeartbeat = false;
      return;
    }
    const listeners = this.#listeners.get(frame.topic as Topic);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      if (frame.type === "event") listener.event?.(frame.event, frame.data);
      else if (frame.type === "presence") listener.presence?.(frame.members);
      else if (frame.type === "joined") listener.joined?.();
      else listener.refused?.(frame.message);
    }
  }

  #send(frame: ClientFrame): void {
    if (this.#socket?.readyState === 1) this.#socket.send(JSON.stringify(frame));
  }

  #startHeartbeat(): void {
    this.#awaitingHeartbeat = false;
    this.#heartbeat = setInterval(() => {
      // The last heartbeat got no answer in a whole period: the connection is dead even if the socket says not.
      if (this.#awaitingHeartbeat) {
        // A dead connection may never fire "close": the reconnect starts now.
        const socket = this.#socket;
        if (!socket) return;
        socket.close(4000, "Heartbeat unanswered");
        this.#lost(socket, 4000);
        return;
      }
      this.#awaitingHeartbeat = true;
      this.#send({ type: "heartbeat" });
    }, this.#options.heartbeatMs);
  }

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  #setState(state: RealtimeState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#options.onState?.(state);
  }
}
