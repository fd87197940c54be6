import {
  BarChart3,
  Bot,
  CheckCircle2,
  FileText,
  GraduationCap,
  LineChart,
  Rocket,
  Star,
  Workflow,
} from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { ShowcaseCarousel } from "~/components/site/showcase-carousel";
import { buttonVariants } from "~/components/ui/button-variants";
import { pageMeta, siteInfo } from "~/lib/seo";
import { listActiveShowcase } from "~/models/showcase.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/home";

// The demo dialog (Radix) is not part of the page's first JavaScript: it loads when Request Demo is first hovered,
// focused or clicked. Should it fail to load (offline, a new release), Request Demo does what it does without
// JavaScript: it goes to the contact page.
const loadContactDialog = () => import("~/components/site/contact-dialog");
const ContactDialog = lazy(() =>
  loadContactDialog().then(
    (m) => ({ default: m.ContactDialog }),
    () => {
      window.location.assign("/contact");
      return new Promise<never>(() => {});
    },
  ),
);
const preloadContactDialog = () => void loadContactDialog().catch(() => {});

export async function loader() {
  return { showcase: await listActiveShowcase() };
}

/** The landing page's head is the site's own: site title and description from the SEO settings. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteInfo(matches);
  return pageMeta(site, {
    title: site.siteTitle,
    fullTitle: true,
    description: site.siteDescription,
    path: "/",
  });
};

const FEATURES = [
  {
    icon: LineChart,
    title: "CRM Pipeline",
    text: "A pipeline built for services deals: stages, owners and stall alerts that surface risk before the quarter closes.",
  },
  {
    icon: FileText,
    title: "AI Proposals",
    text: "Turn discovery notes into a client-ready first draft in minutes, with your scope, pricing and voice.",
  },
  {
    icon: Rocket,
    title: "Growth Automation",
    text: "Sequences, follow-ups and lead routing that run themselves, so no qualified lead waits for a reply.",
  },
  {
    icon: Bot,
    title: "Revenue Intelligence",
    text: "Forecasts you can staff against, built from real deal activity instead of gut feeling.",
  },
  {
    icon: Workflow,
    title: "Workflow Automation",
    text: "Hand-offs from sales to delivery, approvals and reminders, wired together without code.",
  },
  {
    icon: BarChart3,
    title: "Analytics",
    text: "Win rates, cycle times and revenue by channel on dashboards your whole team understands.",
  },
  {
    icon: GraduationCap,
    title: "Coaching",
    text: "Call insights and playbooks that help every rep sell like your best one.",
  },
];

const EXTRAS = [
  "Lead scoring and enrichment",
  "Email and LinkedIn sequences",
  "Meeting scheduling with round-robin",
  "Custom dashboards and reports",
  "Role-based access and audit trail",
  "Slack and Microsoft Teams alerts",
  "Open API and webhooks",
  "50+ native integrations",
];

const CLAIMS = [
  { value: "300%", label: "average revenue increase" },
  { value: "50%", label: "shorter sales cycle" },
  { value: "24/7", label: "support" },
  { value: "50+", label: "integrations" },
];

const TESTIMONIALS = [
  {
    quote:
      "Proposals that took our partners a week now go out in a day. Our win rate is up and nobody misses the late nights.",
    name: "Priya Raman",
    role: "Managing Partner, Northwind AI Consulting",
  },
  {
    quote:
      "Asimov replaced three tools and a spreadsheet. For the first time our forecast matched what we actually closed.",
    name: "Daniel Okafor",
    role: "VP Revenue, Lattice Labs",
  },
  {
    quote:
      "The automations paid for themselves in the first month. Every inbound lead gets an answer in minutes, not days.",
    name: "Sofia Marquez",
    role: "Head of Growth, Brightpath Analytics",
  },
];

function SignupLink({ children, className }: { children: React.ReactNode; className?: string }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <a href={root?.productSignupUrl ?? "#"} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** A landing section's title; `className` sets its colour (and alignment). No cn here: see the budget spec. */
function SectionHeading({
  id,
  className = "text-slate-900",
  children,
}: {
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className={`text-3xl font-bold tracking-tight sm:text-4xl ${className}`}>
      {children}
    </h2>
  );
}

/**
 * Request Demo: without JavaScript a link to the contact page; once hydrated, a button opening the demo dialog.
 * Its own component, so that becoming a button after hydration re-renders this button, not the whole page.
 */
function RequestDemo() {
  const [demoOpen, setDemoOpen] = useState(false);
  // Mounted from the first opening on, so that closing it runs normally (focus back to Request Demo).
  const [demoMounted, setDemoMounted] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) {
    return (
      <a href="/contact" className={buttonVariants({ size: "lg", variant: "outline" })}>
        Request Demo
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className={buttonVariants({ size: "lg", variant: "outline" })}
        onClick={() => {
          setDemoMounted(true);
          setDemoOpen(true);
        }}
        onPointerEnter={preloadContactDialog}
        onFocus={preloadContactDialog}
        aria-haspopup="dialog"
      >
        Request Demo
      </button>
      {demoMounted ? (
        <Suspense fallback={null}>
          <ContactDialog
            open={demoOpen}
            onOpenChange={setDemoOpen}
            purpose="demo_request"
            sourceSection="hero_section"
          />
        </Suspense>
      ) : null}
    </>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24 lg:px-8">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
              Free 14-day trial · No credit card required
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
              The intelligent revenue engine for AI companies
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">
              Asimov brings your pipeline, proposals, automation and forecasting into one AI-native platform,
              so your team spends its time closing instead of chasing.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <SignupLink className={buttonVariants({ size: "lg" })}>Get Started Free</SignupLink>
              <RequestDemo />
              <Link to="/pricing" className={buttonVariants({ size: "lg", variant: "ghost" })}>
                View Pricing
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
              <li className="flex items-center gap-2">
                <CheckCircle2 className="size-4 text-green-700" aria-hidden /> Free 14-day trial
              </li>
              <li className="flex items-center gap-2">
                <CheckCircle2 className="size-4 text-green-700" aria-hidden /> No credit card
              </li>
              <li className="flex items-center gap-2">
                <CheckCircle2 className="size-4 text-green-700" aria-hidden /> 24/7 support
              </li>
            </ul>
          </div>
          <ShowcaseCarousel items={loaderData.showcase} />
        </div>
      </section>

      <section aria-labelledby="claims-heading" className="border-y border-slate-200 bg-white">
        <h2 id="claims-heading" className="sr-only">
          Results our customers see
        </h2>
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 text-center sm:px-6 lg:grid-cols-4 lg:px-8">
          {CLAIMS.map((c) => (
            <div key={c.label} className="flex flex-col">
              <dt className="text-sm text-slate-700">{c.label}</dt>
              <dd className="order-first text-4xl font-extrabold text-brand-700">{c.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <SectionHeading id="features-heading">One platform for your whole revenue engine</SectionHeading>
            <p className="mt-4 text-lg text-slate-700">
              Seven connected areas that share one source of truth about every lead, deal and client.
            </p>
          </div>
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <f.icon className="size-8 text-brand-600" aria-hidden />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-700">{f.text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-16 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
            <h3 className="text-xl font-bold text-slate-900">And everything else you need</h3>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {EXTRAS.map((x) => (
                <li key={x} className="flex items-start gap-2 text-sm text-slate-800">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                  {x}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <SectionHeading id="testimonials-heading" className="text-center text-slate-900">
            Loved by revenue teams at AI companies
          </SectionHeading>
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <li key={t.name}>
                <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6">
                  <div className="flex gap-0.5 text-amber-500" role="img" aria-label="5 out of 5 stars">
                    {[1, 2, 3, 4, 5].map((n) => (
                      <Star key={n} className="size-4 fill-current" aria-hidden />
                    ))}
                  </div>
                  <blockquote className="mt-4 flex-1 text-slate-800">“{t.quote}”</blockquote>
                  <figcaption className="mt-6">
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-700">{t.role}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-brand-800">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 lg:px-8">
          <SectionHeading id="cta-heading" className="text-white">
            Ready to grow revenue with AI?
          </SectionHeading>
          <p className="mt-4 text-lg text-brand-100">
            Start your free 14-day trial today. No credit card required, cancel any time.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <SignupLink className={buttonVariants({ size: "lg", variant: "inverted" })}>
              Start Free Trial
            </SignupLink>
            {/* buttonVariants does not merge: text-base! keeps the size this link had with cn (the base's text-sm
                would win over size lg's text-base in the stylesheet, as it does on the other large buttons here). */}
            <Link
              to="/pricing"
              className={buttonVariants({ size: "lg", variant: "outlineInverted", className: "text-base!" })}
            >
              View Pricing
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
