// The back office's one realtime connection per tab (app/lib/realtime-client.ts), opened by the admin layout and
// shared by every screen: a screen subscribes to the topics it shows (useTopic) and reads who else has a document
// open (usePresence). When the server ends the session, the page's data is loaded again, which sends a signed-out
// member to the sign-in page.
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { RealtimeClient, type TopicListener } from "~/lib/realtime-client";
import { type PresentMember, REALTIME_PATH, type Topic } from "~/lib/realtime-protocol";

interface Realtime {
  client: RealtimeClient | undefined;
  /** The signed-in member's id: presence lists everyone else. */
  memberId: string;
}

const RealtimeContext = createContext<Realtime>({ client: undefined, memberId: "" });

export function RealtimeProvider({ memberId, children }: { memberId: string; children: ReactNode }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [client, setClient] = useState<RealtimeClient>();

  useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    const url = new URL(REALTIME_PATH, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const next = new RealtimeClient({
      url: url.href,
      onSignedOut: () => void revalidate.current(),
    });
    next.start();
    setClient(next);
    return () => next.stop();
  }, []);

  return <RealtimeContext.Provider value={{ client, memberId }}>{children}</RealtimeContext.Provider>;
}

/** The signed-in member's id, as the realtime channel knows it. */
export const useRealtimeMember = (): string => useContext(RealtimeContext).memberId;

/**
 * Listens on `topic` while the component is mounted (none when `topic` is undefined). The listener may change
 * between renders without joining again.
 */
export function useTopic(topic: Topic | undefined, listener: TopicListener): void {
  const { client } = useContext(RealtimeContext);
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => {
    if (!client || !topic) return;
    return client.subscribe(topic, {
      event: (event, data) => current.current.event?.(event, data),
      presence: (members) => current.current.presence?.(members),
      refused: (message) => current.current.refused?.(message),
      joined: () => current.current.joined?.(),
    });
  }, [client, topic]);
}

/** The other members who have the document of `topic` open right now (this member's other tabs not counted). */
export function usePresence(topic: Topic | undefined, onEvent?: TopicListener["event"]): PresentMember[] {
  const { memberId } = useContext(RealtimeContext);
  const [others, setOthers] = useState<PresentMember[]>([]);
  useTopic(topic, {
    presence: (members) => setOthers(members.filter((m) => m.id !== memberId)),
    event: onEvent,
  });
  return others;
}

/** "Dana is editing", "Dana and Sam are editing", "Dana, Sam and 2 others are editing". */
function editingSentence(members: PresentMember[]): string {
  const names = members.map((m) => m.name);
  if (names.length === 0) return "";
  if (names.length === 1) return `${names[0]} is editing`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are editing`;
  const rest = names.length - 2;
  return `${names[0]}, ${names[1]} and ${rest} ${rest === 1 ? "other" : "others"} are editing`;
}

/** Who else has the document open, as a quiet line beside its title. */
export function PresenceLine({ members }: { members: PresentMember[] }) {
  const sentence = editingSentence(members);
  return (
    <p
      className="flex items-center gap-2 text-sm text-muted-foreground"
      aria-live="polite"
      data-testid="presence"
    >
      {sentence ? (
        <>
          <span aria-hidden="true" className="inline-block size-2 rounded-full bg-emerald-500" />
          {sentence}
        </>
      ) : null}
    </p>
  );
}
