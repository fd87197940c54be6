// The demo's academy items (seeded by app/db/seed.server.ts): the lessons as text.

export interface DemoAcademyItem {
  title: string;
  slug: string;
  description: string;
  summary: string;
  category: string;
  tags: string[];
  difficulty: "beginner" | "intermediate" | "advanced";
  durationMinutes: number;
  thumbnailUrl: string | null;
  videoUrl: string | null;
  audioUrl: string | null;
  isFeatured: boolean;
  status: "published" | "draft" | "archived";
  author: string | null;
  daysAgo: number;
  viewCount: number;
}

export const demoAcademyItems: DemoAcademyItem[] = [
  {
    title: "Setting Up Your Asimov Workspace",
    slug: "setting-up-your-asimov-workspace",
    description:
      "A guided tour of your first hour in Asimov, from connecting email and calendar to creating your first pipeline.",
    summary:
      "We walk through workspace settings, pipeline stages and the integrations most teams enable on day one. By the end you will have a working pipeline with your first deals and a weekly digest scheduled.",
    category: "Getting Started",
    tags: ["onboarding", "setup", "integrations"],
    difficulty: "beginner",
    durationMinutes: 12,
    thumbnailUrl: "/demo/academy-1.svg",
    videoUrl: "/demo/showcase-loop.mp4",
    audioUrl: null,
    isFeatured: true,
    status: "published",
    author: "Maya Chen",
    daysAgo: 60,
    viewCount: 2140,
  },
  {
    title: "Importing Your Pipeline From a Spreadsheet",
    slug: "importing-your-pipeline-from-a-spreadsheet",
    description:
      "Move deals, contacts and notes out of a spreadsheet and into Asimov without losing history.",
    summary:
      "Learn how to map spreadsheet columns to deal fields, handle duplicate contacts and preserve close dates. We also cover the three clean-up steps that make forecasting reliable from week one.",
    category: "Getting Started",
    tags: ["import", "pipeline", "data-quality"],
    difficulty: "beginner",
    durationMinutes: 8,
    thumbnailUrl: null,
    videoUrl: null,
    audioUrl: "/demo/academy-intro.wav",
    isFeatured: false,
    status: "published",
    author: null,
    daysAgo: 45,
    viewCount: 860,
  },
  {
    title: "Connecting the Legacy Email Plugin",
    slug: "connecting-the-legacy-email-plugin",
    description:
      "Install and configure the original desktop email plugin for logging conversations to deals.",
    summary:
      "This guide covers the retired desktop plugin. Workspaces created after March now use the native inbox sync instead, which needs no installation.",
    category: "Getting Started",
    tags: ["email", "integrations"],
    difficulty: "beginner",
    durationMinutes: 5,
    thumbnailUrl: null,
    videoUrl: null,
    audioUrl: null,
    isFeatured: false,
    status: "archived",
    author: "Daniel Okafor",
    daysAgo: 88,
    viewCount: 312,
  },
  {
    title: "Running a Discovery Call That Feeds Your Proposal",
    slug: "running-a-discovery-call-that-feeds-your-proposal",
    description:
      "A call structure that captures exactly what a strong proposal needs: outcome, stakeholders, budget signal and risks.",
    summary:
      "We break a forty-five minute discovery call into four segments and show how each one maps to a section of the proposal. You will leave with a reusable checklist your whole team can follow.",
    category: "Sales Playbooks",
    tags: ["discovery", "proposals", "playbook", "calls"],
    difficulty: "intermediate",
    durationMinutes: 24,
    thumbnailUrl: "/demo/academy-2.svg",
    videoUrl: "https://www.youtube.com/watch?v=ysz5S6PUM-U",
    audioUrl: "/demo/academy-intro.wav",
    isFeatured: true,
    status: "published",
    author: "Priya Raman",
    daysAgo: 21,
    viewCount: 1580,
  },
  {
    title: "Multi-Threading Enterprise Deals",
    slug: "multi-threading-enterprise-deals",
    description:
      "How to build relationships across a buying committee so a deal survives when your champion goes quiet.",
    summary:
      "This session covers stakeholder mapping, earning introductions without going around your champion, and tracking engagement by role. It includes examples from six-figure AI implementation deals.",
    category: "Sales Playbooks",
    tags: ["enterprise", "stakeholders", "deal-risk"],
    difficulty: "advanced",
    durationMinutes: 35,
    thumbnailUrl: "/demo/academy-3.svg",
    videoUrl: null,
    audioUrl: "/demo/academy-intro.wav",
    isFeatured: false,
    status: "published",
    author: "Tomás Herrera",
    daysAgo: 30,
    viewCount: 690,
  },
  {
    title: "Recovering Stalled Deals",
    slug: "recovering-stalled-deals",
    description: "A step-by-step playbook for re-engaging opportunities that have gone quiet.",
    summary:
      "Use stall alerts to spot fading deals early, then reset the conversation around the buyer's outcome. We share three email frameworks that get honest answers instead of polite maybes.",
    category: "Sales Playbooks",
    tags: ["deal-risk", "follow-up", "playbook"],
    difficulty: "intermediate",
    durationMinutes: 18,
    thumbnailUrl: null,
    videoUrl: null,
    audioUrl: null,
    isFeatured: false,
    status: "draft",
    author: null,
    daysAgo: 3,
    viewCount: 12,
  },
  {
    title: "Your First AI-Generated Proposal",
    slug: "your-first-ai-generated-proposal",
    description:
      "Generate, edit and send a client-ready proposal from your discovery notes in under twenty minutes.",
    summary:
      "We start from a real discovery checklist and walk through generating a draft, editing scope and pricing, and sharing a tracked link. You will also see which sections should always get a human review.",
    category: "AI Proposals",
    tags: ["proposals", "ai", "quickstart"],
    difficulty: "beginner",
    durationMinutes: 15,
    thumbnailUrl: "/demo/academy-3.svg",
    videoUrl: "https://www.youtube.com/watch?v=M7lc1UVf-VE",
    audioUrl: null,
    isFeatured: true,
    status: "published",
    author: "Maya Chen",
    daysAgo: 14,
    viewCount: 1920,
  },
  {
    title: "Building Reusable Proposal Templates",
    slug: "building-reusable-proposal-templates",
    description:
      "Turn your best past proposals into templates that keep your voice, structure and pricing logic consistent.",
    summary:
      "Learn how to structure template sections, define variables for scope options and lock the clauses legal has approved. Teams that invest an afternoon here typically halve their editing time.",
    category: "AI Proposals",
    tags: ["templates", "proposals", "brand-voice", "pricing"],
    difficulty: "intermediate",
    durationMinutes: 28,
    thumbnailUrl: "/demo/academy-1.svg",
    videoUrl: null,
    audioUrl: null,
    isFeatured: false,
    status: "published",
    author: null,
    daysAgo: 26,
    viewCount: 740,
  },
  {
    title: "Reading the Revenue Intelligence Dashboard",
    slug: "reading-the-revenue-intelligence-dashboard",
    description:
      "What each panel on the revenue intelligence dashboard means and which numbers deserve your attention first.",
    summary:
      "We explain pipeline coverage, stage conversion and forecast confidence, and how to spot where the model and your reps disagree. The session ends with a five-minute weekly routine for managers.",
    category: "Revenue Analytics",
    tags: ["analytics", "dashboards", "forecasting"],
    difficulty: "intermediate",
    durationMinutes: 20,
    thumbnailUrl: "/demo/academy-2.svg",
    videoUrl: "https://www.youtube.com/watch?v=jNQXAC9IVRw",
    audioUrl: null,
    isFeatured: false,
    status: "published",
    author: "Daniel Okafor",
    daysAgo: 10,
    viewCount: 980,
  },
  {
    title: "Building a Forecast Model Your CFO Trusts",
    slug: "building-a-forecast-model-your-cfo-trusts",
    description:
      "Combine close probability, start dates and revenue ramp into a services forecast that holds up in a board meeting.",
    summary:
      "This advanced session shows how to weight deal signals, back-test them against last quarter and separate bookings from recognised revenue. It is aimed at RevOps leads and finance partners working together.",
    category: "Revenue Analytics",
    tags: ["forecasting", "finance", "revops", "modelling", "board-reporting"],
    difficulty: "advanced",
    durationMinutes: 45,
    thumbnailUrl: null,
    videoUrl: null,
    audioUrl: "/demo/academy-intro.wav",
    isFeatured: false,
    status: "published",
    author: "Priya Raman",
    daysAgo: 7,
    viewCount: 420,
  },
];
