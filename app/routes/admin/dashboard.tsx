// /admin: real figures from the database, quick actions, and the latest audit entries.
import { BookOpen, Eye, FileText, Inbox, Mail, Settings, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { adminFor } from "~/auth/admin-context.server";
import { AdminPageHeader, adminNav } from "~/components/admin/admin-shell";
import { formatCount, StatGrid } from "~/components/admin/stat-card";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { adminTitle } from "~/lib/brand";
import { formatRecent } from "~/lib/dates";
import { latestAudit } from "~/models/audit.server";
import { dashboardStats } from "~/models/dashboard.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: adminTitle("Dashboard") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor({ request, context });
  const [stats, audit] = await Promise.all([dashboardStats(), latestAudit(10)]);
  return {
    stats,
    audit: audit.map((a) => ({
      id: a.id,
      at: a.at,
      actor: a.actor,
      action: a.action,
      entity: a.entity,
      title: typeof a.details?.title === "string" ? a.details.title : null,
    })),
  };
}

// Shortcuts to sections of the side navigation, with its icons.
const quickActions = (
  [
    ["/admin/contacts", "View contacts"],
    ["/admin/blog", "Manage blog"],
    ["/admin/academy", "Manage academy"],
    ["/admin/analytics", "View analytics"],
    ["/admin/settings", "Site settings"],
  ] as const
).map(([to, label]) => ({ to, label, icon: adminNav.find((item) => item.to === to)?.icon ?? Settings }));

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, audit } = loaderData;
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Overview of your website" />
      <StatGrid
        label="Statistics"
        columns={3}
        figures={[
          {
            label: "Blog posts",
            icon: FileText,
            value: stats.posts.total,
            detail: `${formatCount(stats.posts.published)} published · ${formatCount(stats.posts.draft)} draft${stats.posts.archived ? ` · ${formatCount(stats.posts.archived)} archived` : ""}`,
          },
          {
            label: "Academy content",
            icon: BookOpen,
            value: stats.academy.total,
            detail: `${formatCount(stats.academy.published)} published`,
          },
          { label: "Total views", icon: Eye, value: stats.totalViews, detail: "Academy content views" },
          {
            label: "Contact requests",
            icon: Inbox,
            value: stats.contacts.total,
            detail: `${formatCount(stats.contacts.new)} new`,
          },
          { label: "Subscribers", icon: Mail, value: stats.subscribers, detail: "Newsletter subscribers" },
          {
            label: "Leads (last 7 days)",
            icon: TrendingUp,
            value: stats.leadsLast7Days,
            detail: "Contact requests, subscribers and demo requests",
          },
        ]}
      />

      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_2fr]">
        <Card>
          <CardHeader>
            <CardTitle>Quick actions</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2">
              {quickActions.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    prefetch="intent"
                    className={buttonVariants({ variant: "outline", className: "w-full justify-start" })}
                  >
                    <Icon aria-hidden />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Recent activity</CardTitle>
          </CardHeader>
          <CardContent>
            {audit.length === 0 ? (
              <p className="text-sm text-slate-600">No activity recorded yet.</p>
            ) : (
              <ol className="divide-y divide-slate-100" data-testid="audit-list">
                {audit.map((entry) => (
                  <li
                    key={entry.id}
                    className="flex flex-col gap-0.5 py-2.5 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
                  >
                    <span className="min-w-0 break-words text-slate-800">
                      <span className="font-medium">{describeAction(entry.action)}</span>
                      {entry.title ? <> · {entry.title}</> : null}
                    </span>
                    <span className="shrink-0 text-xs text-slate-600">
                      {entry.actor ?? "system"} ·{" "}
                      <time dateTime={entry.at.toISOString()}>{formatRecent(entry.at)}</time>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

const ACTION_LABELS: Record<string, string> = {
  "blog.create": "Blog post created",
  "blog.update": "Blog post updated",
  "blog.delete": "Blog post deleted",
  "blog.publish": "Blog post published",
  "blog.draft": "Blog post drafted",
  "academy.create": "Academy content created",
  "academy.update": "Academy content updated",
  "academy.delete": "Academy content deleted",
  "academy.publish": "Academy content published",
  "academy.draft": "Academy content drafted",
};

/** A readable label for known actions; other modules' actions show their dotted name. */
function describeAction(action: string) {
  return ACTION_LABELS[action] ?? action;
}
