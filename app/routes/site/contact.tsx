import { CheckCircle2, Clock, Mail, MapPin, Phone } from "lucide-react";
import { data, redirect } from "react-router";
import { ContactForm } from "~/components/site/contact-form";
import { requestInfo } from "~/infra/request-context.server";
import type { LeadResponse } from "~/lib/lead-schema";
import { pageMeta, siteInfo } from "~/lib/seo";
import { siteFormTexts } from "~/models/builtin-forms.server";
import { getSettings } from "~/models/settings.server";
import { submitLead } from "~/routes/support/lead-submission.server";
import type { Route } from "./+types/contact";

/**
 * Where a sent no-JavaScript submission lands (Post/Redirect/Get): the contact page saying it was sent. The same
 * query as /api/leads's redirect for plain forms, so a contact request sent there from this page says so too. An
 * anonymous GET like any other: the page cache serves it without rendering.
 */
const SENT_PATH = "/contact?lead=ok";

/** What the page shows at SENT_PATH: the success message of a sent contact request, above an empty form. */
const sentNotice = (message: string): LeadResponse => ({ ok: true, toast: { type: "success", message } });

// The form's texts are the team's (Forms → Contact form), read here so the page carries them as data: its heading,
// introduction, labels, button and success message.
export async function loader({ request }: Route.LoaderArgs) {
  const [settings, texts] = await Promise.all([getSettings(), siteFormTexts()]);
  return {
    sent: new URL(request.url).searchParams.get("lead") === "ok",
    formEnabled: settings.contactFormEnabled,
    texts: texts.contact,
    contact: {
      email: settings.contactEmail,
      phone: settings.contactPhone,
      address: settings.companyAddress,
    },
  };
}

/**
 * The no-JavaScript path: the browser posts the form here. A stored request is answered with a 303 to SENT_PATH,
 * a cached page, so a success costs no render (and a reload does not post again); a refusal renders the page with
 * the message and everything the visitor typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // A contact form the administrator turned off (Settings) is checked in the lead's own transaction.
  const outcome = await submitLead("contact", request, form, requestInfo(context).ip);
  if (outcome.status === 404) throw data("Not Found", { status: 404 });
  if (outcome.status === 200) {
    return redirect(`${SENT_PATH}#contact-form`, {
      status: 303,
      headers: { "Cache-Control": "no-store", ...outcome.headers },
    });
  }
  return data(
    { ...outcome.body, status: outcome.status },
    { status: outcome.status, headers: { "Cache-Control": "no-store", ...outcome.headers } },
  );
}

/** A refused no-JavaScript submission keeps its answer's headers (Retry-After on 429 and 503, no-store). */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteInfo(matches), {
    title: "Contact Us",
    description:
      "Talk to the Asimov team about AI revenue generation, sales automation or a custom AI solution. We reply within 24 hours.",
    path: "/contact",
  });

const HOURS = [
  { days: "Monday - Friday", time: "9:00 AM - 6:00 PM EST" },
  { days: "Saturday", time: "10:00 AM - 2:00 PM EST" },
  { days: "Sunday", time: "Closed" },
];

const REASONS = [
  "Proven results: customers see a 300% average revenue increase",
  "Sales cycles 50% shorter with AI proposals and automation",
  "Built for AI companies and services firms",
  "24/7 support and 50+ integrations",
  "Free 14-day trial, no credit card required",
];

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, formEnabled, sent, texts } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Get in Touch</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
            Tell us about your revenue goals. Our team replies within 24 hours.
          </p>
        </div>
      </section>
      <section className="mx-auto grid max-w-7xl gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="lg:col-span-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 className="text-2xl font-bold text-slate-900">{texts.heading}</h2>
            {texts.intro ? <p className="mt-1 text-sm text-slate-700">{texts.intro}</p> : null}
            <div className="mt-6 scroll-mt-40" id="contact-form">
              {formEnabled ? (
                <ContactForm
                  texts={texts}
                  result={actionData ?? (sent ? sentNotice(texts.success) : undefined)}
                />
              ) : (
                <p
                  role="status"
                  className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-800"
                >
                  Our contact form is currently unavailable. Please reach us by email or phone — we still
                  reply within 24 hours.
                </p>
              )}
            </div>
          </div>
        </div>
        <aside className="space-y-6" aria-label="Contact details">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-bold text-slate-900">Contact information</h2>
            <ul className="mt-4 space-y-4 text-sm text-slate-700">
              <li className="flex gap-3">
                <Mail className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
                <span>
                  <span className="block font-semibold text-slate-900">Email</span>
                  <a className="text-brand-700 underline" href={`mailto:${contact.email}`}>
                    {contact.email}
                  </a>
                </span>
              </li>
              <li className="flex gap-3">
                <Phone className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
                <span>
                  <span className="block font-semibold text-slate-900">Phone</span>
                  <a
                    className="text-brand-700 underline"
                    href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}
                  >
                    {contact.phone}
                  </a>
                </span>
              </li>
              <li className="flex gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
                <span>
                  <span className="block font-semibold text-slate-900">Office</span>
                  <span>{contact.address}</span>
                </span>
              </li>
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <Clock className="size-5 text-brand-600" aria-hidden /> Business hours
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              {HOURS.map((h) => (
                <div key={h.days} className="flex justify-between gap-4">
                  <dt className="text-slate-700">{h.days}</dt>
                  <dd className="font-medium text-slate-900">{h.time}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
              We reply to every message within 24 hours.
            </p>
          </div>
          <div className="rounded-2xl bg-slate-900 p-6 text-white">
            <h2 className="text-lg font-bold">Why choose Asimov?</h2>
            <ul className="mt-4 space-y-3 text-sm text-slate-200">
              {REASONS.map((r) => (
                <li key={r} className="flex gap-2">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-400" aria-hidden />
                  {r}
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </section>
    </>
  );
}
