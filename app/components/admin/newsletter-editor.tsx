// One newsletter: the compose form (saved by every action, so a test, a send or a schedule uses what is on the
// screen; every save carries the version the form loaded, and one against a newer version shows the conflict
// notice and keeps what was typed; "History" lists the draft's revisions, and a restored one is put in the form),
// the preview at phone and desktop width (newsletter-preview.tsx), and, once it goes out, live progress with pause
// and resume and the results per link (newsletter-results.tsx). While a send is scheduled or going out the page
// reloads its data every 2 seconds.
import { ArrowLeft, CalendarClock, Save, Send, Trash2 } from "lucide-react";
import { Fragment, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { BlockEditor } from "~/components/admin/block-editor";
import { useBrowserDraft } from "~/components/admin/browser-draft";
import { useDocumentLive } from "~/components/admin/document-live";
import { EditorNotices } from "~/components/admin/editor-notices";
import { HistoryDialog } from "~/components/admin/history-dialog";
import { Preview } from "~/components/admin/newsletter-preview";
import { Clicks, Progress } from "~/components/admin/newsletter-results";
import { type SendProgressView, StatusBadge } from "~/components/admin/newsletters-screen";
import { useTopic } from "~/components/admin/realtime";
import { focusLost, useFocusBack } from "~/components/admin/use-focus-back";
import { useSaveVersion } from "~/components/admin/use-save-version";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field, LengthCounter } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { useActionToast } from "~/components/ui/toaster";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import { type RichBlock, toRichBlocks } from "~/lib/content";
import { formatStamp } from "~/lib/dates";
import { type ActionResult, formValues } from "~/lib/forms";
import { newsletterSnapshotOfForm } from "~/lib/newsletter-conflict";
import { NEWSLETTER_LIMITS } from "~/lib/newsletter-form";
import type { NewsletterStatus } from "~/lib/newsletter-status";
import { sendTopic } from "~/lib/realtime-protocol";
import { NEWSLETTER_FIELDS } from "~/lib/revision-fields";

interface Props {
  newsletter: {
    id: string;
    subject: string;
    preheader: string;
    blocks: RichBlock[];
    status: NewsletterStatus;
    audience: { sourcePage?: string | null; signedUpFrom?: string | null; signedUpTo?: string | null };
    scheduledAt: string;
    startedAt: string | null;
    finishedAt: string | null;
    fromPost: boolean;
    version: string;
    /** The draft as loaded, in the conflict notice's shape (app/lib/newsletter-conflict.ts). */
    loaded: Record<string, unknown>;
  };
  preview: { html: string; text: string };
  progress: SendProgressView | null;
  clicks: { url: string; clicks: number }[];
  sources: string[];
  reach: number;
  timeZone: string;
  adminEmail: string;
  mailConfigured: boolean;
}

export function NewsletterEditor(props: Props) {
  const { newsletter } = props;
  const editable = newsletter.status === "draft" || newsletter.status === "scheduled";
  const live =
    newsletter.status === "sending" || newsletter.status === "scheduled" || newsletter.status === "paused";
  // A send's progress as it goes out (the sending job announces each batch, on whichever instance sends).
  const revalidator = useRevalidator();
  const reload = () => {
    if (revalidator.state === "idle") void revalidator.revalidate();
  };
  useTopic(live ? sendTopic(newsletter.id) : undefined, { event: reload, joined: reload });
  // "Send now" takes the compose form, and the focus with it, away: the keyboard goes on from the progress.
  const progressHeading = useRef<HTMLHeadingElement>(null);
  const wasEditable = useRef(editable);
  useEffect(() => {
    if (wasEditable.current && !editable && focusLost()) progressHeading.current?.focus();
    wasEditable.current = editable;
  }, [editable]);

  return (
    <div className="space-y-6">
      <Link
        to="/admin/newsletters"
        className="inline-flex min-h-10 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        All newsletters
      </Link>
      <AdminPageHeader
        title={newsletter.subject}
        description={
          newsletter.status === "scheduled"
            ? `Scheduled for ${newsletter.scheduledAt.replace("T", " ")} (${props.timeZone})`
            : newsletter.startedAt
              ? `Started ${formatStamp(newsletter.startedAt)}${newsletter.finishedAt ? `, finished ${formatStamp(newsletter.finishedAt)}` : ""}`
              : "Not sent yet."
        }
        actions={<StatusBadge status={newsletter.status} />}
      />
      {props.progress || !editable ? <Progress {...props} headingRef={progressHeading} /> : null}
      {editable ? <Compose {...props} /> : null}
      <Preview preview={props.preview} />
      {props.clicks.length ? <Clicks clicks={props.clicks} /> : null}
    </div>
  );
}

function Compose({ newsletter, sources, reach, timeZone, adminEmail, mailConfigured }: Props) {
  const fetcher = useFetcher<ActionResult & { intent?: string }>();
  useActionToast(fetcher.data);
  const formRef = useRef<HTMLFormElement>(null);
  const fid = useId();
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  const values = fetcher.data?.ok === false ? fetcher.data.values : undefined;
  const [subject, setSubject] = useState(values?.subject ?? newsletter.subject);
  const [preheader, setPreheader] = useState(values?.preheader ?? newsletter.preheader);
  const busy = fetcher.state !== "idle";
  const busyWith = busy ? String(fetcher.formData?.get("intent") ?? "") : "";
  // "Cancel schedule" is gone once the schedule is: the focus goes to the time to schedule for, whether the page's
  // fresh copy came with the end of the action or after it (a revalidation the live channel started meanwhile).
  const focusScheduleFor = useCallback(() => document.getElementById(`${fid}-at`), [fid]);
  const { onSubmit } = useFocusBack(busy, focusScheduleFor);
  const scheduled = newsletter.status === "scheduled";
  const wasScheduled = useRef(scheduled);
  useEffect(() => {
    if (wasScheduled.current && !scheduled && focusLost()) focusScheduleFor()?.focus();
    wasScheduled.current = scheduled;
  }, [scheduled, focusScheduleFor]);
  const submit = (intent: string, base?: string) => {
    if (!formRef.current) return;
    const form = new FormData(formRef.current);
    form.set("intent", intent);
    if (base) form.set("base", base);
    fetcher.submit(form, { method: "post" });
  };
  const formNow = () =>
    formRef.current ? newsletterSnapshotOfForm(formValues(new FormData(formRef.current))) : newsletter.loaded;
  const { base, conflict, takeTheirs, take } = useSaveVersion(newsletter.version, fetcher.data, formNow);
  // A teammate's draft, once loaded: the fields the form does not hold itself start again from it.
  const [theirs, setTheirs] = useState<{ draft: Record<string, unknown>; times: number } | null>(null);
  const startValue = (key: string, stored: string | null | undefined) =>
    theirs ? String(theirs.draft[key] ?? "") : (values?.[key] ?? stored ?? "");
  const fill = useCallback((draft: Record<string, unknown>) => {
    setSubject(String(draft.subject ?? ""));
    setPreheader(String(draft.preheader ?? ""));
    setTheirs((t) => ({ draft, times: (t?.times ?? 0) + 1 }));
  }, []);
  // Typed and not saved yet: leaving asks first. A save (its answer brings the version it stored) or a version
  // taken in settles it.
  const [dirty, setDirty] = useState(false);
  const savedVersion = fetcher.data?.version;
  useEffect(() => {
    if (savedVersion) setDirty(false);
  }, [savedVersion]);
  const loadTheirs = () => {
    takeTheirs(fill);
    setDirty(false);
  };
  // What is typed, kept in this browser until saved or discarded (read once the block editor has written the body).
  const [typed, setTyped] = useState<Record<string, unknown>>(base.content);
  const edited = () => {
    setDirty(true);
    setTimeout(() => setTyped(formNow()), 0);
  };
  const draft = useBrowserDraft(`newsletter:${newsletter.id}`, { value: typed, base, unsaved: dirty });
  const restoreDraft = () => {
    const found = draft.restore();
    if (!found) return;
    take(found.base.version, found.base.content);
    fill(found.value);
    setTyped(found.value);
    setDirty(true);
  };
  // Who else has the draft open, and a teammate's save as it happens; loading theirs takes the page's fresh copy.
  const live = useDocumentLive("newsletter", newsletter.id, base.version, newsletter.version);
  const { arrived, taken } = live;
  useEffect(() => {
    if (!arrived) return;
    taken();
    fill(newsletter.loaded);
    take(newsletter.version, newsletter.loaded);
    setDirty(false);
  }, [arrived, taken, take, fill, newsletter.version, newsletter.loaded]);
  return (
    <>
      <EditorNotices
        kind="newsletter"
        unsaved={dirty}
        timeZone={timeZone}
        draft={{ offer: draft.offer, onRestore: restoreDraft, onDiscard: draft.discard }}
        live={live}
        conflict={conflict}
        subject={{ noun: "newsletter", fields: NEWSLETTER_FIELDS }}
        loaded={base.content}
        mine={() => (values ? newsletterSnapshotOfForm(values) : formNow())}
        busy={busy}
        onLoadTheirs={loadTheirs}
        // A normal save that carries their version: it goes through, with its audit entry.
        onSaveMine={() => conflict && submit("save", conflict.version)}
      />
      <fetcher.Form
        ref={formRef}
        method="post"
        onSubmit={onSubmit}
        onChange={edited}
        onInput={edited}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-2"
        aria-labelledby={`${fid}-heading`}
      >
        <h2 id={`${fid}-heading`} className="text-lg font-semibold text-slate-900 md:col-span-2">
          Compose
        </h2>
        <input type="hidden" name="base" value={base.version} />
        <Fragment key={theirs?.times ?? 0}>
          <Field
            id={`${fid}-subject`}
            label="Subject"
            error={errors.subject}
            className="md:col-span-2"
            aside={<LengthCounter length={subject.length} limit={NEWSLETTER_LIMITS.subject} />}
          >
            {(aria) => (
              <Input
                {...aria}
                name="subject"
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                required
              />
            )}
          </Field>
          <Field
            id={`${fid}-preheader`}
            label="Preheader"
            hint="The line mail apps show after the subject."
            error={errors.preheader}
            className="md:col-span-2"
            aside={<LengthCounter length={preheader.length} limit={NEWSLETTER_LIMITS.preheader} />}
          >
            {(aria) => (
              <Input
                {...aria}
                name="preheader"
                value={preheader}
                onChange={(e) => setPreheader(e.target.value)}
              />
            )}
          </Field>
          <div className="md:col-span-2">
            <Field id={`${fid}-body`} labelId={`${fid}-body-label`} label="Body" error={errors.body}>
              {() => (
                <BlockEditor
                  id={`${fid}-body`}
                  labelId={`${fid}-body-label`}
                  name="body"
                  initialBlocks={theirs ? toRichBlocks(theirs.draft.body) : newsletter.blocks}
                />
              )}
            </Field>
            {newsletter.fromPost ? (
              <p className="mt-1.5 text-xs text-slate-600">
                A “Read it on our site” button to the post ends the message.
              </p>
            ) : null}
          </div>
          <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-3">
            <legend className="mb-2 text-sm font-semibold text-slate-900">
              Audience: confirmed subscribers ({reach} now)
            </legend>
            <Field id={`${fid}-source`} label="Signed up on" error={errors.sourcePage}>
              {(aria) => (
                <Select
                  {...aria}
                  name="sourcePage"
                  defaultValue={startValue("sourcePage", newsletter.audience.sourcePage)}
                >
                  <option value="">Any page</option>
                  {sources.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id={`${fid}-from`} label="Signed up from" error={errors.signedUpFrom}>
              {(aria) => (
                <Input
                  {...aria}
                  type="date"
                  name="signedUpFrom"
                  defaultValue={startValue("signedUpFrom", newsletter.audience.signedUpFrom)}
                />
              )}
            </Field>
            <Field id={`${fid}-to`} label="Signed up until" error={errors.signedUpTo}>
              {(aria) => (
                <Input
                  {...aria}
                  type="date"
                  name="signedUpTo"
                  defaultValue={startValue("signedUpTo", newsletter.audience.signedUpTo)}
                />
              )}
            </Field>
          </fieldset>
        </Fragment>
        <div className="flex flex-wrap gap-2 md:col-span-2">
          <Button type="submit" name="intent" value="save" variant="outline" disabled={busy}>
            <Save aria-hidden />
            {busyWith === "save" ? "Saving…" : "Save draft"}
          </Button>
          <HistoryDialog
            title="Newsletter history"
            description="Every save of the draft keeps a revision. Restoring one brings back its subject, preheader, body and audience."
            source={{
              endpoint: `/admin/newsletters/${newsletter.id}/revisions`,
              fields: NEWSLETTER_FIELDS,
              confirm: REVISION_MESSAGES.restoreConfirmFields,
            }}
            timeZone={timeZone}
            onRestored={(restored) => {
              if (restored.version) live.awaitVersion(restored.version);
            }}
          />
          <ConfirmDialog
            title="Delete newsletter"
            description="Are you sure you want to delete this newsletter? This action cannot be undone."
            onConfirm={() => submit("delete")}
            trigger={
              <Button type="button" variant="ghost" className="text-red-700 hover:bg-red-50" disabled={busy}>
                <Trash2 aria-hidden />
                Delete
              </Button>
            }
          />
        </div>
        <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <legend className="px-1 text-sm font-semibold text-slate-900">Send a test</legend>
          <Field id={`${fid}-test`} label="To" error={errors.to}>
            {(aria) => <Input {...aria} type="email" name="to" defaultValue={values?.to ?? adminEmail} />}
          </Field>
          <Button
            type="submit"
            name="intent"
            value="test"
            variant="outline"
            disabled={busy || !mailConfigured}
          >
            <Send aria-hidden />
            {busyWith === "test" ? "Sending…" : "Send test"}
          </Button>
        </fieldset>
        <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <legend className="px-1 text-sm font-semibold text-slate-900">Send</legend>
          <Field id={`${fid}-at`} label={`Schedule for (${timeZone})`} error={errors.scheduledAt}>
            {(aria) => (
              <Input
                {...aria}
                type="datetime-local"
                name="scheduledAt"
                defaultValue={values?.scheduledAt ?? newsletter.scheduledAt}
              />
            )}
          </Field>
          <Button
            type="submit"
            name="intent"
            value="schedule"
            variant="outline"
            disabled={busy || !mailConfigured}
          >
            <CalendarClock aria-hidden />
            {busyWith === "schedule"
              ? "Scheduling…"
              : newsletter.status === "scheduled"
                ? "Reschedule"
                : "Schedule"}
          </Button>
          {newsletter.status === "scheduled" ? (
            <Button
              type="submit"
              name="intent"
              value="unschedule"
              variant="ghost"
              disabled={busy}
              className="sm:col-span-2"
            >
              Cancel schedule
            </Button>
          ) : null}
          <div className="sm:col-span-2">
            <ConfirmDialog
              title="Send now"
              description={`Send “${subject}” now to ${reach} confirmed ${reach === 1 ? "subscriber" : "subscribers"}? A sent message cannot be called back.`}
              confirmLabel="Send now"
              onConfirm={() => submit("send")}
              trigger={
                <Button type="button" disabled={busy || !mailConfigured}>
                  <Send aria-hidden />
                  {busyWith === "send" ? "Starting…" : "Send now"}
                </Button>
              }
            />
          </div>
        </fieldset>
      </fetcher.Form>
    </>
  );
}
