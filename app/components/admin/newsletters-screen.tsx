// The Newsletters screen's tabs: the sends with their progress, the suppression list (with "Lift" after a
// confirmation naming the consequence), the import of a subscriber list, and the newsletter's settings.
import { Mail, Plus, ShieldOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { ListRow } from "~/components/admin/list-row";
import { ImportPanel, type ImportView } from "~/components/admin/newsletters-import";
import { SwitchField } from "~/components/admin/settings-panels";
import { useFocusBack } from "~/components/admin/use-focus-back";
import { useUrlTab } from "~/components/admin/use-url-tab";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input, Label, Select } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useActionToast } from "~/components/ui/toaster";
import { formatStamp } from "~/lib/dates";
import type { ActionResult } from "~/lib/forms";
import type { NewsletterSettings } from "~/lib/newsletter-settings";
import { type NewsletterStatus, SUBSCRIPTION_LABELS, type SubscriptionStatus } from "~/lib/newsletter-status";

export interface SendProgressView {
  recipients: number;
  sent: number;
  failed: number;
  bounced: number;
  skipped: number;
  remaining: number;
  unsubscribed: number;
  opened: number;
  conversions: number;
  rate: number;
}

interface Props {
  newsletters: {
    id: string;
    subject: string;
    status: NewsletterStatus;
    scheduledAt: string | null;
    startedAt: string | null;
    createdAt: string;
    progress: SendProgressView | null;
  }[];
  suppressed: { id: string; email: string; subscription: SubscriptionStatus; changedAt: string }[];
  settings: NewsletterSettings;
  posts: { id: string; title: string }[];
  lastImport: ImportView | null;
  mailConfigured: boolean;
}

export const STATUS_LABELS: Record<NewsletterStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
};

const STATUS_BADGE = {
  draft: "neutral",
  scheduled: "warning",
  sending: "default",
  paused: "warning",
  sent: "success",
} as const;

export function StatusBadge({ status }: { status: NewsletterStatus }) {
  return <Badge variant={STATUS_BADGE[status]}>{STATUS_LABELS[status]}</Badge>;
}

const TABS = ["sends", "suppressed", "import", "settings"] as const;

export function NewslettersScreen(props: Props) {
  const [tab, setTab] = useUrlTab(TABS);
  return (
    <div>
      <AdminPageHeader
        title="Newsletters"
        description="Write to your confirmed subscribers, send now or at a set time, and follow each send."
        actions={
          <Form method="post">
            <input type="hidden" name="intent" value="create" />
            <Button type="submit">
              <Plus aria-hidden />
              New newsletter
            </Button>
          </Form>
        }
      />
      {props.mailConfigured ? null : (
        <p
          role="status"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Mail is not configured (SMTP_URL), so nothing can be sent and sign-ups are not asked to confirm.
        </p>
      )}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Newsletters">
          <TabsTrigger value="sends">Sends ({props.newsletters.length})</TabsTrigger>
          <TabsTrigger value="suppressed">Suppressed ({props.suppressed.length})</TabsTrigger>
          <TabsTrigger value="import">Import</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="sends">
          <FromPost posts={props.posts} />
          <SendList rows={props.newsletters} />
        </TabsContent>
        <TabsContent value="suppressed">
          <SuppressionList rows={props.suppressed} />
        </TabsContent>
        <TabsContent value="import">
          <ImportPanel last={props.lastImport} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsForm settings={props.settings} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function FromPost({ posts }: { posts: Props["posts"] }) {
  const busy = useNavigation().formData?.get("intent") === "from-post";
  if (!posts.length) return null;
  return (
    <Form method="post" className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end">
      <input type="hidden" name="intent" value="from-post" />
      <div className="min-w-0 flex-1">
        <Label htmlFor="from-post">Send a blog post</Label>
        <Select id="from-post" name="postId" required>
          {posts.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Creating…" : "Make a newsletter of it"}
      </Button>
    </Form>
  );
}

export function progressText(p: SendProgressView): string {
  return `${p.sent} sent, ${p.failed + p.bounced} failed, ${p.remaining} remaining`;
}

function SendList({ rows }: { rows: Props["newsletters"] }) {
  return (
    <section
      aria-labelledby="sends-heading"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id="sends-heading"
        className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900"
      >
        Sends
      </h2>
      {rows.length === 0 ? (
        <div className="px-4 py-10 text-center">
          <p className="font-medium text-slate-900">No newsletters yet.</p>
          <p className="mt-1 text-sm text-slate-600">Start one with “New newsletter”, or send a blog post.</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map((row) => (
            <ListRow
              key={row.id}
              testId="newsletter-row"
              actions={
                <Button asChild variant="outline" size="sm">
                  <Link to={`/admin/newsletters/${row.id}`} aria-label={`Open ${row.subject}`}>
                    <Mail aria-hidden />
                    Open
                  </Link>
                </Button>
              }
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <StatusBadge status={row.status} />
                  <p className="break-words font-semibold text-slate-900">{row.subject}</p>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {row.status === "scheduled" && row.scheduledAt
                    ? `Goes out ${formatStamp(row.scheduledAt)}`
                    : row.progress
                      ? `${row.progress.recipients} recipients: ${progressText(row.progress)}`
                      : `Created ${formatStamp(row.createdAt)}`}
                </p>
              </div>
            </ListRow>
          ))}
        </ul>
      )}
    </section>
  );
}

const LIFT_FETCHER = "lift-suppression";

function SuppressionList({ rows }: { rows: Props["suppressed"] }) {
  const action = useFetcher<ActionResult>({ key: LIFT_FETCHER });
  useActionToast(action.data);
  // The lifted row goes, and the focus its button had with it: the keyboard goes on from the list's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const { note } = useFocusBack(action.state !== "idle", () => heading.current);
  return (
    <section
      aria-labelledby="suppressed-heading"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="border-b border-slate-200 px-4 py-3">
        <h2
          id="suppressed-heading"
          ref={heading}
          tabIndex={-1}
          className="scroll-mt-20 text-lg font-semibold text-slate-900 lg:scroll-mt-4"
        >
          Suppressed addresses
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Never sent to: they unsubscribed, their mail server refused them, or they marked a newsletter as
          spam.
        </p>
        <HandUnsubscribe />
      </div>
      {rows.length === 0 ? (
        <p className="px-4 py-10 text-center font-medium text-slate-900">No suppressed addresses.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map((row) => (
            <ListRow
              key={row.id}
              testId="suppressed-row"
              busy={action.state !== "idle" && action.formData?.get("id") === row.id}
              actions={
                <ConfirmDialog
                  title="Lift the suppression"
                  description={`${row.email} will receive every newsletter from now on. Only do this if the person asked you to, in writing: mailing someone who unsubscribed or complained breaks the law in many countries and harms your sender reputation.`}
                  confirmLabel="Lift suppression"
                  onConfirm={() => {
                    note(document.activeElement);
                    action.submit({ intent: "lift", id: row.id }, { method: "post" });
                  }}
                  trigger={
                    <Button variant="outline" size="sm">
                      <ShieldOff aria-hidden />
                      Lift<span className="sr-only"> the suppression of {row.email}</span>
                    </Button>
                  }
                />
              }
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <Badge variant={row.subscription === "unsubscribed" ? "neutral" : "danger"}>
                    {SUBSCRIPTION_LABELS[row.subscription]}
                  </Badge>
                  <p className="break-all text-sm text-slate-900">{row.email}</p>
                </div>
                <p className="mt-1 text-xs text-slate-600">Since {formatStamp(row.changedAt)}</p>
              </div>
            </ListRow>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Unsubscribing by hand someone who asked by mail: the "unsubscribe" mails of List-Unsubscribe reach the sender
 * address with the subscriber's address in their subject.
 */
function HandUnsubscribe() {
  const fetcher = useFetcher<ActionResult & { intent?: string }>();
  useActionToast(fetcher.data);
  const { onSubmit } = useFocusBack(fetcher.state !== "idle");
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  const values = fetcher.data?.ok === false ? fetcher.data.values : undefined;
  const form = useRef<HTMLFormElement>(null);
  // An empty field after each success, ready for the next address.
  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset();
  }, [fetcher.data]);
  return (
    <fetcher.Form ref={form} method="post" onSubmit={onSubmit} className="mt-3">
      <input type="hidden" name="intent" value="unsubscribe" />
      <Field
        id="hand-unsubscribe"
        label="Unsubscribe an address"
        hint="When someone asks by mail: those mails reach your sender address with the address in their subject."
        error={errors.email}
      >
        {(aria) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...aria}
              type="email"
              name="email"
              defaultValue={values?.email ?? ""}
              autoComplete="off"
              required
              className="sm:flex-1"
            />
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Unsubscribing…" : "Unsubscribe"}
            </Button>
          </div>
        )}
      </Field>
    </fetcher.Form>
  );
}

/** The newsletter's switches on the Newsletters screen, in order. */
const NEWSLETTER_SWITCHES = [
  {
    key: "newsletterDoubleOptIn",
    label: "Confirm sign-ups (double opt-in)",
    description:
      "New subscribers get a link to confirm; only confirmed addresses receive newsletters. Turn off only if you collect consent another way.",
  },
  {
    key: "newsletterClickTracking",
    label: "Count clicks",
    description:
      "Links go through a redirect on this site that counts them and tags the visit as coming from the newsletter.",
  },
  {
    key: "newsletterOpenTracking",
    label: "Count opens",
    description:
      "Adds an invisible image to each message. Unreliable (many mail apps block or preload images) and intrusive; off unless you need it.",
  },
] as const;

function SettingsForm({ settings }: { settings: NewsletterSettings }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const { onSubmit } = useFocusBack(fetcher.state !== "idle");
  const [values, setValues] = useState(settings);
  const toggle = (key: keyof NewsletterSettings) => (checked: boolean) =>
    setValues((v) => ({ ...v, [key]: checked }));
  return (
    <fetcher.Form
      method="post"
      onSubmit={onSubmit}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <input type="hidden" name="intent" value="settings" />
      {NEWSLETTER_SWITCHES.map(({ key, label, description }) => (
        <SwitchField
          key={key}
          id={key}
          name={key}
          label={label}
          description={description}
          checked={values[key]}
          onCheckedChange={toggle(key)}
        />
      ))}
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Saving…" : "Save settings"}
      </Button>
    </fetcher.Form>
  );
}
