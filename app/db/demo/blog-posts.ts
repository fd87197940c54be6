// The demo's blog posts (seeded by app/db/seed.server.ts): the articles as text.
import { type Block, h2, h3, ol, p, quote, ul } from "./blocks";

export interface DemoBlogPost {
  title: string;
  slug: string;
  excerpt: string;
  blocks: Block[];
  author: string;
  category: string;
  tags: string[];
  status: "published" | "draft";
  daysAgo: number;
  metaTitle: string;
  metaDescription: string;
  featuredImage: string | null;
}

export const demoBlogPosts: DemoBlogPost[] = [
  {
    title: "What 40 Services Firms Taught Us About AI Proposals",
    slug: "what-40-services-firms-taught-us-about-ai-proposals",
    excerpt:
      "We sat in on proposal reviews at forty consultancies and AI agencies. The teams winning more deals treat the model as a first-draft engine, not a ghostwriter.",
    author: "Maya Chen",
    category: "AI & Automation",
    tags: ["proposals", "ai", "win-rate", "discovery"],
    status: "published",
    daysAgo: 2,
    metaTitle: "AI Proposals: What 40 Services Firms Taught Us | Asimov",
    metaDescription:
      "We studied proposal reviews at forty services firms. Here is what separates teams that win more with AI-drafted proposals from teams that just ship more paper.",
    featuredImage: "/demo/blog-1.svg",
    blocks: [
      p(
        "Over the last two quarters we sat in on proposal reviews at forty services firms using Asimov: boutique AI consultancies, data engineering shops and a few 200-person digital agencies. We wanted to answer one question. When AI writes the first draft of a proposal, what separates the teams that win more from the teams that simply ship more paper?",
      ),
      p(
        "The short answer is that speed alone does not move win rates. The firms that improved close rates by double digits changed how they scope work before a single paragraph gets generated. The model amplifies whatever discovery you give it, good or bad.",
      ),
      h2("Discovery notes are the real prompt"),
      p(
        "Teams that fed the proposal engine structured discovery (stakeholder map, success metric, budget signal, known risks) got drafts their partners edited lightly. Teams that pasted a call transcript and hoped for the best spent longer editing than they would have spent writing from scratch. In our sample, structured inputs cut median editing time from 94 minutes to 31.",
      ),
      h3("What the strongest inputs had in common"),
      ul(
        "A single measurable outcome the buyer said out loud, quoted verbatim",
        "Named stakeholders with their role in the decision, not just their job title",
        "Two or three scoping options with explicit trade-offs instead of one fixed price",
        "Delivery risks the seller raised first, before procurement could",
      ),
      p(
        "The last point surprised us. Proposals that named delivery risks up front, such as data access, change management or model drift, were accepted at a higher rate than those that stayed relentlessly upbeat. Buyers of AI services have been burned before, and candour reads as competence.",
      ),
      h2("Keep a human on pricing and commitments"),
      p(
        "Every high-performing firm drew the same line. The model drafts narrative, context and methodology, but a person owns price, timeline and anything that reads like a guarantee. Several had tried letting the system suggest pricing from historical deals and pulled back after it anchored on outdated rate cards.",
      ),
      quote(
        "The first draft used to take a senior consultant a full afternoon. Now it takes twenty minutes, and that afternoon goes into the scoping call instead.",
        "Head of Growth, 60-person data consultancy",
      ),
      p(
        "The practical takeaway is unglamorous. Before you tune templates or tone of voice, tighten the discovery checklist your team completes after the first call. Asimov's proposal workspace now ships with that checklist built in, and it is the feature customers most often tell us they would keep if they could only keep one.",
      ),
    ],
  },
  {
    title: "The Pipeline Review Your Team Actually Wants to Attend",
    slug: "the-pipeline-review-your-team-actually-wants-to-attend",
    excerpt:
      "Most pipeline reviews are status meetings in disguise. Here is a thirty-minute format that focuses on risk, ends with clear asks and gives reps their hour back.",
    author: "Daniel Okafor",
    category: "Sales Strategy",
    tags: ["pipeline", "sales-management", "meetings", "forecasting"],
    status: "published",
    daysAgo: 9,
    metaTitle: "A Pipeline Review Format Your Sales Team Will Actually Like",
    metaDescription:
      "Stop walking the whole opportunity list. This thirty-minute pipeline review format focuses on exceptions, surfaces risk early and ends with clear asks for help.",
    featuredImage: "/demo/blog-2.svg",
    blocks: [
      p(
        "Most weekly pipeline reviews follow the same script. A manager shares a screen, scrolls through a list of opportunities and asks each rep whether the close date is still real. Forty-five minutes later the forecast has barely moved and everyone has lost an hour of selling time.",
      ),
      p(
        "It does not have to work that way. The strongest revenue teams we work with treat the pipeline review as a working session about risk, not a status meeting about dates. Here is the format they tend to converge on.",
      ),
      h2("Review exceptions, not the whole list"),
      p(
        "If a deal is progressing on schedule, with a champion engaged and a next step booked, there is nothing to discuss. Reviewing it anyway trains reps to perform rather than think. Filter the board to deals that changed stage, slipped a date, went quiet for more than ten days or grew in value by more than a quarter. That usually leaves six to ten opportunities, which is exactly the right amount for thirty minutes.",
      ),
      h3("A thirty-minute agenda that works"),
      ol(
        "Five minutes on the number: committed, best case and the gap to target",
        "Fifteen minutes on flagged deals, two minutes each, led by the rep who owns them",
        "Five minutes on pipeline created this week and where it came from",
        "Five minutes on one specific ask for help: an executive sponsor, a reference or a technical resource",
      ),
      p(
        "The last item matters more than it looks. When reviews end with explicit requests, managers stop acting as auditors and start acting as resources. Reps notice the difference within a couple of weeks, and the meeting stops feeling like an interrogation.",
      ),
      h2("Let the data do the interrogating"),
      p(
        'Questions like "when did you last speak to the economic buyer?" should not need to be asked out loud. Activity capture and deal scoring can surface that before the meeting starts, so the conversation moves straight to what to do about it. In Asimov, the review view highlights missing stakeholders and stale next steps automatically, and reps add context before the call rather than during it.',
      ),
      quote(
        "We went from an hour of 'is this still happening?' to thirty minutes of 'here is how we unblock it.' Our forecast accuracy followed.",
        "VP Sales, AI implementation partner",
      ),
      p(
        "Try the format for three weeks before judging it. The first session will feel suspiciously short. By the third, you will wonder why you ever walked the whole list.",
      ),
    ],
  },
  {
    title: "Forecasting Without the Spreadsheet Theater",
    slug: "forecasting-without-the-spreadsheet-theater",
    excerpt:
      "Services revenue depends on signatures, start dates and staffing. A forecast that only models bookings hides the lever you can actually pull.",
    author: "Priya Raman",
    category: "Revenue Operations",
    tags: ["forecasting", "revops", "services", "revenue-intelligence"],
    status: "published",
    daysAgo: 17,
    metaTitle: "Revenue Forecasting Without the Spreadsheet Theater | Asimov",
    metaDescription:
      "Services firms need forecasts that model close probability, start dates and ramp separately. The signals worth weighting, and how to make disagreement visible.",
    featuredImage: "/demo/blog-3.svg",
    blocks: [
      p(
        "Every quarter, somewhere around week eight, a familiar ritual begins. Revenue operations exports the CRM, managers add their own columns, leadership applies a haircut based on instinct, and the final forecast lives in a spreadsheet that three people understand. It looks rigorous. It rarely is.",
      ),
      p(
        "For services firms the problem is sharper. Revenue depends on signed statements of work, start dates and staffing availability, not just closed-won opportunities. A deal can close on time and still push revenue into the next quarter because the delivery team is not ready to start.",
      ),
      h2("Forecast the revenue, not just the bookings"),
      p(
        "The most reliable forecasts we see model three things separately: the probability a deal closes, the likely start date, and how revenue ramps once work begins. Blending them into one number hides the lever you can actually pull. If the risk is staffing, no amount of sales pressure will fix it.",
      ),
      h3("Signals worth weighting"),
      ul(
        "Stage age compared with your historical median for deals of that size",
        "Whether a mutual action plan exists and has been updated in the last two weeks",
        "Multi-threading: the number of engaged contacts on the buyer side",
        "Legal and procurement involvement, which usually adds two to four weeks",
        "Resourcing confirmation from the delivery lead for the proposed start date",
      ),
      p(
        "Notice that only one of these signals depends on what the rep believes. The rest come from activity the buyer and your own delivery team generate, which makes them far harder to inflate at the end of a quarter. None of these are exotic, either. What changes outcomes is applying them consistently to every deal, every week, rather than whenever someone remembers. That is exactly the kind of job automation is good at.",
      ),
      quote(
        "Our forecast used to be a negotiation. Now it is a conversation about the three or four deals where the model and the rep disagree.",
        "Director of Revenue Operations, analytics consultancy",
      ),
      h2("Make disagreement visible"),
      p(
        "A model-driven forecast is not meant to replace rep judgment. It is meant to show where judgment and evidence diverge. When a rep calls a deal committed and the signals say otherwise, that is the conversation worth having. Asimov's revenue intelligence view flags those gaps so managers spend their time on the handful of deals that decide the quarter.",
      ),
      p(
        "Start small. Pick two signals, apply them to last quarter's closed deals and see how well they would have predicted the outcome. You will learn more from that exercise than from another round of spreadsheet edits.",
      ),
    ],
  },
  {
    title: "Five Signals That a Deal Is Quietly Stalling",
    slug: "five-signals-that-a-deal-is-quietly-stalling",
    excerpt:
      "Deals rarely die in one dramatic moment. They fade. These five early warnings show up in the activity data weeks before an opportunity is marked lost.",
    author: "Tomás Herrera",
    category: "Sales Strategy",
    tags: ["deal-risk", "pipeline", "coaching"],
    status: "published",
    daysAgo: 26,
    metaTitle: "Five Early Warning Signals That a Deal Is Quietly Stalling",
    metaDescription:
      "Slower replies, rescheduled meetings, no new contacts. Five early warning signs that a deal is stalling, and what reps should do when they start to stack up.",
    featuredImage: null,
    blocks: [
      p(
        "Deals rarely die in a single dramatic moment. They fade. Replies slow down, the champion stops forwarding your emails internally, and the close date slides one week at a time until someone finally marks the opportunity lost. By then, the chance to recover it has usually passed.",
      ),
      p(
        "We analysed activity patterns across several thousand closed opportunities in Asimov workspaces to find the early warnings that appear before a deal visibly stalls. These five showed up again and again.",
      ),
      h2("The early warnings"),
      ol(
        "Response time from the buyer doubles compared with the first month of the deal",
        "Meetings are rescheduled more than once, especially by the champion",
        "No new contacts from the buyer side join the conversation after discovery",
        "The buyer stops asking questions about implementation and onboarding",
        "The close date moves without a stated reason or a new milestone",
      ),
      p(
        "Any one of these on its own can be noise. People go on holiday and calendars get messy. Two or more together within a fortnight were associated with a sharply lower win rate in our data, and that is the point where a rep should change approach rather than keep following up.",
      ),
      p(
        "It is also worth looking at which signals never appear. Deals where the buyer introduced a procurement contact unprompted, or asked for a draft contract before the proposal was final, closed at nearly twice the average rate. Absence of bad news is not the same as momentum, so look for positive signals too.",
      ),
      h3("What to do when the signals stack up"),
      p(
        "Resist the instinct to send another check-in email. Instead, reset the conversation around the buyer's outcome. Ask directly whether the priority has changed, offer a smaller first phase, or request a short call with the economic buyer to confirm timing. A clear no is far more useful than a polite maybe that lingers in the forecast for another month.",
      ),
      quote(
        "The best thing a rep can do with a stalling deal is make it easier for the buyer to tell the truth.",
        "Enterprise sales coach and Asimov advisor",
      ),
      h2("Make the signals automatic"),
      p(
        "Tracking these patterns by hand does not scale beyond a handful of accounts. Asimov watches email, calendar and CRM activity and raises a stall alert when the signals combine, along with a suggested next step based on what worked for similar deals. Reps keep full control of what they send. The system simply makes sure nothing fades away without someone noticing.",
      ),
    ],
  },
  {
    title: "Automate the Handoff Not the Relationship",
    slug: "automate-the-handoff-not-the-relationship",
    excerpt:
      "Outreach is the most visible place to automate and the most dangerous. Start with the handoffs where clients end up repeating themselves.",
    author: "Maya Chen",
    category: "AI & Automation",
    tags: ["workflow-automation", "handoffs", "customer-experience", "delivery"],
    status: "published",
    daysAgo: 41,
    metaTitle: "Automate the Handoff, Not the Client Relationship | Asimov",
    metaDescription:
      "Where revenue automation helps services firms most: the handoffs between marketing, sales and delivery, not outreach. A practical guide to where to begin first.",
    featuredImage: "/demo/blog-4.svg",
    blocks: [
      p(
        "When services firms start automating their revenue process, the instinct is to begin with outreach: sequences, follow-ups and auto-generated emails. It is the most visible work, so it feels like the obvious place to save time. In our experience it is also where automation does the most damage to trust.",
      ),
      p(
        "The better starting point is the handoffs, the moments where information moves from one person or system to another and quietly gets lost. Nobody builds a relationship through a handoff, but plenty of relationships are damaged by a bad one.",
      ),
      h2("Where handoffs break"),
      ul(
        "Marketing to sales, when a form fill arrives without context about what the prospect actually read",
        "Sales to solutions, when a technical lead joins a call without the discovery notes",
        "Closed deal to delivery, when the kickoff team re-asks questions the buyer already answered",
        "Delivery back to account management, when expansion signals never reach the person who owns the renewal",
      ),
      p(
        'Each of these is a small tax on the buyer\'s patience. None of them looks serious in isolation, and none of them shows up in a win-loss report. Together they explain why so many clients describe their vendor as "great people, chaotic process."',
      ),
      h3("What good automation looks like here"),
      p(
        "Good handoff automation is mostly summarisation and routing. When a deal moves to closed-won, Asimov compiles the discovery notes, proposal scope, stakeholder map and open risks into a kickoff brief and assigns it to the delivery lead, with a checklist of what has already been promised. Nothing is sent to the client automatically. The people stay in front, and the system makes sure they are prepared.",
      ),
      quote(
        "Our clients stopped saying 'as I mentioned to your sales team.' That one sentence disappearing was worth the whole rollout.",
        "COO, machine learning consultancy",
      ),
      h2("Keep the human moments human"),
      p(
        "There are places automation should stay out of entirely: the first substantive reply to an inbound lead, any conversation about price, and anything that follows bad news. Drafting assistance is fine. Sending without review is not.",
      ),
      p(
        "The same principle applies internally. A delivery lead who receives a clear brief spends the kickoff building trust instead of rebuilding context, and the account manager who inherits the relationship six months later can see every promise that was made along the way.",
      ),
      p(
        "If you are deciding where to begin, map every handoff in your revenue process on a single page and mark the ones where a client has ever had to repeat themselves. Automate those first. The outreach can wait.",
      ),
    ],
  },
  {
    title: "A Practical Guide to Revenue Operations for Agencies",
    slug: "a-practical-guide-to-revenue-operations-for-agencies",
    excerpt:
      "You do not need a ten-person RevOps team. You need four agreed numbers, three required fields and a Monday email everyone reads.",
    author: "Priya Raman",
    category: "Revenue Operations",
    tags: ["revops", "agencies", "metrics", "utilisation", "process"],
    status: "published",
    daysAgo: 63,
    metaTitle: "Revenue Operations for Agencies: A Practical Starter Guide",
    metaDescription:
      "RevOps for agencies and consultancies without a dedicated team: the four numbers to agree on, a five-step rollout sequence and why process comes before tools.",
    featuredImage: "/demo/blog-2.svg",
    blocks: [
      p(
        "Revenue operations started in software companies with large sales teams and a dedicated analyst for every function. Most agencies and consultancies do not look like that. They have a handful of partners who sell, a delivery team that also sells, and a spreadsheet that an operations manager maintains on Sunday evenings.",
      ),
      p(
        "That does not mean RevOps is out of reach. It means it has to be lighter, more opinionated and focused on the few numbers that actually run a services business.",
      ),
      h2("Start with four numbers"),
      p(
        "Before buying tools or hiring, agree on definitions for pipeline coverage, win rate by service line, average time from first call to signed statement of work, and the utilisation forecast for the next ninety days. If partners cannot agree on how each one is calculated, no dashboard will help.",
      ),
      h3("A rollout sequence that fits a small team"),
      ol(
        "Clean up stages so each one reflects a buyer action, not a seller hope",
        "Require three fields on every opportunity: service line, estimated start date and decision maker",
        "Connect the CRM to your resourcing plan so sales can see capacity before promising dates",
        "Automate a weekly digest for partners instead of building dashboards nobody opens",
        "Review the definitions every quarter and retire any metric nobody acted on",
      ),
      p(
        "The third step is the one most agencies skip, and it is the one that pays back fastest. Selling work you cannot staff is how margins quietly disappear. When partners can see that the data engineering bench is fully booked until the end of next month, they stop promising two-week starts and begin shaping deals around realistic dates.",
      ),
      p(
        "The fourth step matters for a different reason. Partners rarely log in to dashboards, but they do read a short email that lists new opportunities, deals at risk and capacity for the coming month. Meet them where they already are.",
      ),
      quote(
        "RevOps for us is not a department. It is a shared set of definitions and a Monday email that everybody reads.",
        "Managing Partner, 35-person AI studio",
      ),
      h2("Tools follow process"),
      p(
        "Asimov was built with this kind of team in mind: pipeline, proposals and revenue reporting in one place, with sensible defaults for services businesses. But the order matters. Teams that configure a tool before agreeing on definitions end up redoing the setup within a quarter. Teams that start with the four numbers are usually running cleanly within a few weeks.",
      ),
      p(
        "If you only do one thing this month, write down how your firm defines a qualified opportunity and share it with everyone who sells. It is a small step, and almost everything else in revenue operations depends on it.",
      ),
    ],
  },
  {
    title: "Building a Coaching Loop With Call Intelligence",
    slug: "building-a-coaching-loop-with-call-intelligence",
    excerpt:
      "Most teams record every call and review almost none. A lightweight weekly loop turns recordings into habits.",
    author: "Tomás Herrera",
    category: "Sales Strategy",
    tags: ["coaching", "call-intelligence", "enablement"],
    status: "draft",
    daysAgo: 5,
    metaTitle: "Building a Sales Coaching Loop With Call Intelligence Tools",
    metaDescription:
      "Call recordings only help if someone learns from them. How to pick one skill a month, surface the right moments and turn weekly one-to-ones into real coaching.",
    featuredImage: null,
    blocks: [
      p(
        "Call recordings are only useful if someone learns from them. Most teams record everything and review almost nothing, so the library grows while the habits stay the same.",
      ),
      h2("From recordings to habits"),
      p(
        "A coaching loop needs three parts: a small number of skills to focus on, a way to find the moments in calls where those skills were used or missed, and a regular time to talk about them.",
      ),
      ul(
        "Pick one skill per month, such as quantifying business impact during discovery",
        "Let call intelligence surface three example moments per rep each week",
        "Spend fifteen minutes of every one-to-one on those moments",
      ),
      quote(
        "Coaching works when it is specific, frequent and about the next call, not the last quarter.",
        "Sales enablement lead, Asimov customer",
      ),
      p(
        "We are collecting results from customers running this loop and will share the numbers in a follow-up post.",
      ),
    ],
  },
];
