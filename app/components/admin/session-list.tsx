// The administrator's signed-in sessions on the security page: device, address, when signed in and last active,
// "This device", and signing out one other session or all others. Each asks first: with JavaScript in a
// dialog; without it, the button asks the server for a confirmation step.
import { LogOut, MonitorSmartphone } from "lucide-react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { formatWhen } from "~/components/admin/api-key-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/lib/utils";

interface SessionRow {
  id: string;
  device: string;
  ip: string | null;
  signedInAt: Date | string;
  lastSeenAt: Date | string;
  current: boolean;
}

/** A pending confirmation (the no-JavaScript path): one session, or all the others. */
export type SessionConfirmation = { scope: "one"; id: string; device: string } | { scope: "others" };

const REVOKE_ONE_QUESTION = "Sign out this session? That browser will have to sign in again.";
const REVOKE_OTHERS_QUESTION = "Sign out all other sessions? Every other browser will have to sign in again.";

/** A button that asks before posting `fields`: a dialog once hydrated, else a server-side confirmation step. */
function ConfirmedAction({
  fields,
  question,
  label,
  confirmLabel,
  accessibleLabel,
}: {
  fields: Record<string, string>;
  question: string;
  label: string;
  confirmLabel: string;
  accessibleLabel?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const button = (type: "button" | "submit") => (
    <Button type={type} variant="outline" size="sm" disabled={busy} aria-label={accessibleLabel}>
      <LogOut aria-hidden />
      {label}
    </Button>
  );
  if (hydrated) {
    return (
      <ConfirmDialog
        title={label}
        description={question}
        confirmLabel={confirmLabel}
        onConfirm={() => submit(fields, { method: "post" })}
        trigger={button("button")}
      />
    );
  }
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={name === "intent" ? `ask-${value}` : value} />
      ))}
      {button("submit")}
    </Form>
  );
}

function ConfirmPanel({ confirmation }: { confirmation: SessionConfirmation }) {
  const question = confirmation.scope === "one" ? REVOKE_ONE_QUESTION : REVOKE_OTHERS_QUESTION;
  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-session-question"
      className="mb-4 rounded-lg border border-red-200 bg-red-50 p-4"
    >
      <p id="confirm-session-question" className="text-sm font-medium text-red-900">
        {confirmation.scope === "one" ? `${confirmation.device}: ${question}` : question}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input
            type="hidden"
            name="intent"
            value={confirmation.scope === "one" ? "revoke-session" : "revoke-others"}
          />
          {confirmation.scope === "one" ? (
            <input type="hidden" name="sessionId" value={confirmation.id} />
          ) : null}
          <Button type="submit" variant="destructive" size="sm">
            {confirmation.scope === "one" ? "Sign out session" : "Sign out all others"}
          </Button>
        </Form>
        <Link to="/admin/security" className={cn(buttonVariants({ variant: "outline", size: "sm" }))}>
          Cancel
        </Link>
      </div>
    </div>
  );
}

export function SessionList({
  sessions,
  confirmation,
  error,
}: {
  sessions: SessionRow[] | null;
  confirmation?: SessionConfirmation;
  error?: string;
}) {
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <Card className="mt-6 max-w-3xl">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle className="flex items-center gap-2">
            <MonitorSmartphone className="size-5 text-slate-500" aria-hidden />
            Signed-in sessions
          </CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            Browsers signed in as the administrator. Sign out any you do not recognise.
          </p>
        </div>
        {others > 0 ? (
          <ConfirmedAction
            fields={{ intent: "revoke-others" }}
            question={REVOKE_OTHERS_QUESTION}
            label="Sign out all others"
            confirmLabel="Sign out all others"
          />
        ) : null}
      </CardHeader>
      <CardContent>
        {error ? (
          <p
            role="alert"
            className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            {error}
          </p>
        ) : null}
        {confirmation ? <ConfirmPanel confirmation={confirmation} /> : null}
        {sessions === null ? (
          <p className="text-sm text-slate-700">
            Your sessions could not be listed.{" "}
            <Link to="/admin-auth" className="font-medium text-brand-700 underline">
              Sign in again
            </Link>{" "}
            to see them.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="session-list">
            {sessions.map((s) => (
              <li
                key={s.id}
                data-testid="session-row"
                className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {s.device}
                    {s.current ? <Badge variant="success">This device</Badge> : null}
                  </p>
                  <dl className="grid gap-x-6 gap-y-0.5 text-xs text-slate-600 sm:flex sm:flex-wrap">
                    <div className="flex gap-1">
                      <dt>Address:</dt>
                      <dd>{s.ip ?? "Unknown"}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>Signed in:</dt>
                      <dd>{formatWhen(s.signedInAt)}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>Last active:</dt>
                      <dd>{formatWhen(s.lastSeenAt)}</dd>
                    </div>
                  </dl>
                </div>
                {s.current ? null : (
                  <ConfirmedAction
                    fields={{ intent: "revoke-session", sessionId: s.id }}
                    question={REVOKE_ONE_QUESTION}
                    label="Sign out this session"
                    confirmLabel="Sign out session"
                    accessibleLabel={`Sign out this session: ${s.device}, ${s.ip ?? "unknown address"}`}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
