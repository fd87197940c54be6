// The inbox's three counters (docs/product.md, Contacts inbox): Contact Requests, Newsletter Subscribers,
// Total Leads = their sum.
import { Mail, UserPlus, Users } from "lucide-react";

export function ContactsStats({ contacts, subscribers }: { contacts: number; subscribers: number }) {
  const cards = [
    { label: "Contact Requests", value: contacts, icon: Mail },
    { label: "Newsletter Subscribers", value: subscribers, icon: UserPlus },
    { label: "Total Leads", value: contacts + subscribers, icon: Users },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {cards.map(({ label, value, icon: Icon }) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <dt className="flex items-center justify-between text-sm font-medium text-slate-700">
            {label}
            <Icon className="size-5 text-brand-600" aria-hidden />
          </dt>
          <dd className="mt-2 text-3xl font-bold text-slate-900" data-testid={`stat-${label}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
