// /admin: real figures from the database, quick actions, and the latest audit entries.
import { BarChart3, BookOpen, Eye, FileText, Inbox, Mail, Settings, TrendingUp, Users } from "lucide-react";
import { Link } from "react-router";
import { adminFor } from "~/auth/admin-context.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { StatCard } from "~/components/admin/stat-card";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatRecent } from "~/lib/dates";
import { latestAudit } from "~/models/audit.server";
import { dashboardStats } from "~/models/dashboard.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard · Admin · Asimov" }];
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

const quickActions = [
  { to: "/admin/contacts", label: "View contacts", icon: Users },
  { to: "/admin/blog", label: "Manage blog", icon: FileText },
  { to: "/admin/academy", label: "Manage academy", icon: BookOpen },
  { to: "/admin/analytics", label: "View analytics", icon: BarChart3 },
  { to: "/admin/settings", label: "Site settings", icon: Settings },
] as const;

const nf = new Intl.NumberFormat("en-US");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, audit } = loaderData;
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Overview of your website" />
      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          label="Blog posts"
          icon={FileText}
          value={nf.format(stats.posts.total)}
          detail={`${nf.format(stats.posts.published)} published · ${nf.format(stats.posts.draft)} draft${stats.posts.archived ? ` · ${nf.format(stats.posts.archived)} archived` : ""}`}
        />
        <StatCard
          label="Academy content"
          icon={BookOpen}
          value={nf.format(stats.academy.total)}
          detail={`${nf.format(stats.academy.published)} published`}
        />
        <StatCard
          label="Total views"
          icon={Eye}
          value={nf.format(stats.totalViews)}
          detail="Academy content views"
        />
        <StatCard
          label="Contact requests"
          icon={Inbox}
          value={nf.format(stats.contacts.total)}
          detail={`${nf.format(stats.contacts.new)} new`}
        />
        <StatCard
          label="Subscribers"
          icon={Mail}
          value={nf.format(stats.subscribers)}
          detail="Newsletter subscribers"
        />
        <StatCard
          label="Leads (last 7 days)"
          icon={TrendingUp}
          value={nf.format(stats.leadsLast7Days)}
          detail="Contact requests, subscribers and demo requests"
        />
      </section>

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
