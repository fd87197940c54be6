import { Check, GraduationCap } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { pageMeta, siteInfo } from "~/lib/seo";
import { faqPageJsonLd } from "~/lib/structured-data";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteInfo(matches);
  return pageMeta(site, {
    title: "Pricing",
    description:
      "Simple plans for AI companies: Startup $9/month, Growth $19/month, Scale and Enterprise. Every plan starts with a free 14-day trial, no credit card.",
    path: "/pricing",
    jsonLd: [faqPageJsonLd(FAQ.map((item) => ({ question: item.q, answer: item.a })))],
  });
};

interface Plan {
  name: string;
  price: string;
  period?: string;
  description: string;
  features: string[];
  popular?: boolean;
  cta: { label: string; to: string };
}

const PLANS: Plan[] = [
  {
    name: "Startup",
    price: "$9",
    period: "/month",
    description: "For small teams landing their first repeatable deals.",
    features: [
      "Up to 3 users",
      "1,000 lead generation credits/month",
      "CRM pipeline",
      "AI proposal drafts",
      "Email support",
    ],
    cta: { label: "Start Free Trial", to: "/contact" },
  },
  {
    name: "Growth",
    price: "$19",
    period: "/month",
    description: "For growing teams that want automation and insight.",
    features: [
      "Up to 10 users",
      "5,000 lead generation credits/month",
      "Everything in Startup",
      "Growth and workflow automation",
      "Revenue intelligence dashboards",
      "Priority support",
    ],
    popular: true,
    cta: { label: "Start Free Trial", to: "/contact" },
  },
  {
    name: "Scale",
    price: "Contact Us",
    description: "For revenue organisations running several teams.",
    features: [
      "Unlimited users",
      "Everything in Growth",
      "Advanced analytics and coaching",
      "Custom integrations",
      "Dedicated success manager",
    ],
    cta: { label: "Contact Sales", to: "/contact" },
  },
  {
    name: "Enterprise",
    price: "Custom",
    description: "For companies with security, compliance and scale needs.",
    features: [
      "Everything in Scale",
      "SSO and advanced permissions",
      "Custom AI models and data residency",
      "Uptime SLA",
      "24/7 premium support",
    ],
    cta: { label: "Contact Sales", to: "/contact" },
  },
];

const FAQ = [
  {
    q: "Is there a free trial?",
    a: "Yes. Every plan starts with a free 14-day trial, and no credit card is required to begin.",
  },
  {
    q: "What are lead generation credits?",
    a: "Credits are used when Asimov finds and enriches a new lead for you. Startup includes 1,000 credits a month and Growth includes 5,000.",
  },
  {
    q: "Can I change plans later?",
    a: "Yes. You can upgrade or downgrade at any time; changes apply from your next billing period.",
  },
  {
    q: "Which tools does Asimov integrate with?",
    a: "Asimov connects to more than 50 tools, including popular CRMs, email, calendars, Slack and Microsoft Teams.",
  },
  {
    q: "What support do you offer?",
    a: "Every plan includes support from our team, with 24/7 premium support on Enterprise. We reply to every message within 24 hours.",
  },
];

export default function Pricing() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Simple, transparent pricing
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
            Start with a free 14-day trial. No credit card required.
          </p>
        </div>
      </section>

      <section aria-label="Plans" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {PLANS.map((plan) => (
            <li
              key={plan.name}
              className={cn(
                "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm",
                plan.popular ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200",
              )}
            >
              {plan.popular ? (
                <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-semibold text-white">
                  Most Popular
                </p>
              ) : null}
              <h2 className="text-xl font-bold text-slate-900">{plan.name}</h2>
              <p className="mt-2 text-sm text-slate-700">{plan.description}</p>
              <p className="mt-6">
                <span className="text-4xl font-extrabold text-slate-900">{plan.price}</span>
                {plan.period ? <span className="text-slate-700">{plan.period}</span> : null}
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-800">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              <Link
                to={plan.cta.to}
                className={cn(buttonVariants({ variant: plan.popular ? "default" : "outline" }), "mt-8")}
                aria-label={`${plan.cta.label}: ${plan.name} plan`}
              >
                {plan.cta.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-slate-700">
          Not sure which plan fits?{" "}
          <Link to="/features" className="font-semibold text-brand-700 underline">
            Compare all features
          </Link>
        </p>
      </section>

      <section aria-labelledby="faq-heading" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
          <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Frequently asked questions
          </h2>
          <div className="mt-10 space-y-3">
            {FAQ.map((item) => (
              <details key={item.q} className="group rounded-xl border border-slate-200 bg-white p-5">
                <summary className="flex min-h-6 cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900">
                  {item.q}
                  <span aria-hidden className="text-brand-700 transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="mt-3 text-slate-700">{item.a}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="academy-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <div className="flex flex-col items-start gap-6 rounded-2xl bg-brand-900 p-8 text-white md:flex-row md:items-center md:justify-between">
            <div className="flex gap-4">
              <GraduationCap className="size-10 shrink-0 text-brand-200" aria-hidden />
              <div>
                <h2 id="academy-heading" className="text-2xl font-bold">
                  Learn with the Asimov Academy
                </h2>
                <p className="mt-2 text-brand-100">
                  Free courses, videos and playbooks on AI-driven sales — included with every plan.
                </p>
              </div>
            </div>
            <div className="flex flex-wrap gap-3">
              <Link to="/academy" className={buttonVariants({ variant: "inverted" })}>
                Explore the Academy
              </Link>
              <Link
                to="/contact"
                className={cn(
                  buttonVariants({ variant: "outline" }),
                  "border-white bg-transparent text-white hover:bg-brand-800",
                )}
              >
                Talk to Sales
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
