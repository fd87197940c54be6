// The pages the site starts with: the landing page and the pricing page, as blocks holding the text they have
// always had. Start-up adds them when their path has no page yet (never over a page the team has edited), so a new
// demo and an upgraded site both serve them from the pages table (docs/decisions/033-pages-built-from-blocks.md).
import type { PageBlock } from "./types";

export interface BuiltInPage {
  path: string;
  title: string;
  metaTitle: string | null;
  metaDescription: string | null;
  blocks: PageBlock[];
}

const home: PageBlock[] = [
  {
    id: "hero",
    type: "hero",
    layout: "split",
    badge: "Free 14-day trial · No credit card required",
    headline: "The intelligent revenue engine for AI companies",
    text: "Asimov brings your pipeline, proposals, automation and forecasting into one AI-native platform, so your team spends its time closing instead of chasing.",
    actions: [
      { label: "Get Started Free", kind: "signup" },
      { label: "Request Demo", kind: "demo" },
      { label: "View Pricing", kind: "link", href: "/pricing" },
    ],
    checks: ["Free 14-day trial", "No credit card", "24/7 support"],
    showcase: true,
  },
  {
    id: "claims",
    type: "claims",
    heading: "Results our customers see",
    items: [
      { value: "300%", label: "average revenue increase" },
      { value: "50%", label: "shorter sales cycle" },
      { value: "24/7", label: "support" },
      { value: "50+", label: "integrations" },
    ],
  },
  {
    id: "features",
    type: "features",
    anchor: "features",
    heading: "One platform for your whole revenue engine",
    intro: "Seven connected areas that share one source of truth about every lead, deal and client.",
    items: [
      {
        icon: "line-chart",
        title: "CRM Pipeline",
        text: "A pipeline built for services deals: stages, owners and stall alerts that surface risk before the quarter closes.",
      },
      {
        icon: "file-text",
        title: "AI Proposals",
        text: "Turn discovery notes into a client-ready first draft in minutes, with your scope, pricing and voice.",
      },
      {
        icon: "rocket",
        title: "Growth Automation",
        text: "Sequences, follow-ups and lead routing that run themselves, so no qualified lead waits for a reply.",
      },
      {
        icon: "bot",
        title: "Revenue Intelligence",
        text: "Forecasts you can staff against, built from real deal activity instead of gut feeling.",
      },
      {
        icon: "workflow",
        title: "Workflow Automation",
        text: "Hand-offs from sales to delivery, approvals and reminders, wired together without code.",
      },
      {
        icon: "bar-chart",
        title: "Analytics",
        text: "Win rates, cycle times and revenue by channel on dashboards your whole team understands.",
      },
      {
        icon: "graduation-cap",
        title: "Coaching",
        text: "Call insights and playbooks that help every rep sell like your best one.",
      },
    ],
    extrasHeading: "And everything else you need",
    extras: [
      "Lead scoring and enrichment",
      "Email and LinkedIn sequences",
      "Meeting scheduling with round-robin",
      "Custom dashboards and reports",
      "Role-based access and audit trail",
      "Slack and Microsoft Teams alerts",
      "Open API and webhooks",
      "50+ native integrations",
    ],
  },
  {
    id: "testimonials",
    type: "testimonials",
    heading: "Loved by revenue teams at AI companies",
    items: [
      {
        quote:
          "Proposals that took our partners a week now go out in a day. Our win rate is up and nobody misses the late nights.",
        name: "Priya Raman",
        role: "Managing Partner, Northwind AI Consulting",
        rating: 5,
      },
      {
        quote:
          "Asimov replaced three tools and a spreadsheet. For the first time our forecast matched what we actually closed.",
        name: "Daniel Okafor",
        role: "VP Revenue, Lattice Labs",
        rating: 5,
      },
      {
        quote:
          "The automations paid for themselves in the first month. Every inbound lead gets an answer in minutes, not days.",
        name: "Sofia Marquez",
        role: "Head of Growth, Brightpath Analytics",
        rating: 5,
      },
    ],
  },
  {
    id: "cta",
    type: "cta",
    style: "band",
    icon: "",
    heading: "Ready to grow revenue with AI?",
    text: "Start your free 14-day trial today. No credit card required, cancel any time.",
    actions: [
      { label: "Start Free Trial", kind: "signup" },
      { label: "View Pricing", kind: "link", href: "/pricing" },
    ],
  },
];

const pricing: PageBlock[] = [
  {
    id: "title",
    type: "hero",
    layout: "centered",
    badge: "",
    headline: "Simple, transparent pricing",
    text: "Start with a free 14-day trial. No credit card required.",
    actions: [],
    checks: [],
    showcase: false,
  },
  {
    id: "plans",
    type: "pricing",
    label: "Plans",
    highlightLabel: "Most Popular",
    plans: [
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
        highlighted: false,
        cta: { label: "Start Free Trial", href: "/contact" },
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
        highlighted: true,
        cta: { label: "Start Free Trial", href: "/contact" },
      },
      {
        name: "Scale",
        price: "Contact Us",
        period: "",
        description: "For revenue organisations running several teams.",
        features: [
          "Unlimited users",
          "Everything in Growth",
          "Advanced analytics and coaching",
          "Custom integrations",
          "Dedicated success manager",
        ],
        highlighted: false,
        cta: { label: "Contact Sales", href: "/contact" },
      },
      {
        name: "Enterprise",
        price: "Custom",
        period: "",
        description: "For companies with security, compliance and scale needs.",
        features: [
          "Everything in Scale",
          "SSO and advanced permissions",
          "Custom AI models and data residency",
          "Uptime SLA",
          "24/7 premium support",
        ],
        highlighted: false,
        cta: { label: "Contact Sales", href: "/contact" },
      },
    ],
    note: "Not sure which plan fits?",
    noteLink: { label: "Compare all features", href: "/features" },
  },
  {
    id: "faq",
    type: "faq",
    heading: "Frequently asked questions",
    items: [
      {
        question: "Is there a free trial?",
        answer: "Yes. Every plan starts with a free 14-day trial, and no credit card is required to begin.",
      },
      {
        question: "What are lead generation credits?",
        answer:
          "Credits are used when Asimov finds and enriches a new lead for you. Startup includes 1,000 credits a month and Growth includes 5,000.",
      },
      {
        question: "Can I change plans later?",
        answer: "Yes. You can upgrade or downgrade at any time; changes apply from your next billing period.",
      },
      {
        question: "Which tools does Asimov integrate with?",
        answer:
          "Asimov connects to more than 50 tools, including popular CRMs, email, calendars, Slack and Microsoft Teams.",
      },
      {
        question: "What support do you offer?",
        answer:
          "Every plan includes support from our team, with 24/7 premium support on Enterprise. We reply to every message within 24 hours.",
      },
    ],
  },
  {
    id: "academy",
    type: "cta",
    style: "card",
    icon: "graduation-cap",
    heading: "Learn with the Asimov Academy",
    text: "Free courses, videos and playbooks on AI-driven sales — included with every plan.",
    actions: [
      { label: "Explore the Academy", kind: "link", href: "/academy" },
      { label: "Talk to Sales", kind: "link", href: "/contact" },
    ],
  },
];

export const BUILT_IN_PAGES: readonly BuiltInPage[] = [
  // The landing page's head is the site's own: site title and description from the SEO settings.
  { path: "/", title: "Home", metaTitle: null, metaDescription: null, blocks: home },
  {
    path: "/pricing",
    title: "Pricing",
    metaTitle: null,
    metaDescription:
      "Simple plans for AI companies: Startup $9/month, Growth $19/month, Scale and Enterprise. Every plan starts with a free 14-day trial, no credit card.",
    blocks: pricing,
  },
];
