// A member's role on the Team screen: the role chosen in the row's select and the version of the member it was chosen
// on, sent with "Change role". When someone else changed the member after the screen was loaded, nothing changes and
// the row shows who changed it, when and to what (a compact form of the editors' conflict notice); the choice stays,
// now on their version, so confirming again gives the role anyway.
import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { Role } from "~/auth/roles";
import { useActionToast } from "~/components/ui/toaster";
import type { EditConflict, EditVersion } from "~/lib/edit-conflict";
import { roleConflictMessage, type TeamActionResult } from "~/lib/team";

export interface VersionedMember {
  userId: string;
  name: string;
  role: Role;
  version: EditVersion;
}

interface Choice {
  role: Role;
  /** The member's role when the choice was begun (what the member saw), and the version it was at. */
  seen: Role;
  base: EditVersion;
}

export function useRoleChange(member: VersionedMember) {
  const fetcher = useFetcher<TeamActionResult>();
  const conflict = fetcher.state === "idle" ? (fetcher.data?.conflict ?? null) : null;
  // The row shows a refusal itself; other answers (changed, a rule refused it) are toasts.
  useActionToast(fetcher.data?.conflict ? undefined : fetcher.data);
  const [choice, setChoice] = useState<Choice>({
    role: member.role,
    seen: member.role,
    base: member.version,
  });
  // A new version of the row (a revalidation) is taken in while the select shows the role as it was, or when the
  // row now has the chosen role; a choice under way keeps the version it was made on, so a change made meanwhile
  // is refused rather than overwritten.
  useEffect(() => {
    setChoice((c) =>
      c.role === c.seen || c.role === member.role
        ? { role: member.role, seen: member.role, base: member.version }
        : c,
    );
  }, [member.role, member.version]);
  const { revalidate } = useRevalidator();
  const handled = useRef<EditConflict | null>(null);
  useEffect(() => {
    if (!conflict || handled.current === conflict) return;
    handled.current = conflict;
    const theirs = conflict.theirs.role as Role;
    setChoice((c) => ({ ...c, seen: theirs, base: conflict.version }));
    // The rest of the row (the role badge) shows their change too.
    void revalidate();
  }, [conflict, revalidate]);
  return {
    role: choice.role,
    choose: (role: Role) => setChoice((c) => ({ ...c, role })),
    submit: () =>
      fetcher.submit(
        { intent: "role", id: member.userId, role: choice.role, base: choice.base },
        { method: "post" },
      ),
    busy: fetcher.state !== "idle",
    conflict,
  };
}

/** What the row says when its role change was refused: who changed the member, when, and to what. */
export function RoleConflictNotice({ name, conflict }: { name: string; conflict: EditConflict | null }) {
  if (!conflict) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-amber-400 bg-amber-50 p-2 text-sm text-slate-900"
      data-testid="role-conflict"
    >
      {roleConflictMessage(name, conflict)}
    </p>
  );
}
