import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { contactRequests, formSubmissions, subscribers } from "~/db/schema";
import { containsPattern } from "~/db/sql-helpers.server";
import { setupTestDatabase } from "../../tests/support/test-db";
import {
  countContactsByStatus,
  countLeads,
  deleteContactRequest,
  listContactRequests,
  listSubscribers,
  setContactStatus,
} from "./contacts-admin.server";
import { exportCsv } from "./contacts-export.server";
import { listenForNotices, type RealtimeNotice } from "./realtime-events.server";

setupTestDatabase();
const who = { actor: "model-test@example.com" };

async function seed() {
  await db()
    .insert(contactRequests)
    .values([
      {
        name: "Ada Lovelace",
        email: "ada@engines.example",
        organization: "Analytical Co",
        interest: "consulting",
        message: "Hi",
      },
      {
        name: "Grace Hopper",
        email: "grace@navy.example",
        organization: "COBOL, Inc.",
        interest: "training",
        message: 'She said "hello",\nthen left',
        utmSource: "newsletter",
        sourcePage: "/pricing",
      },
      {
        name: "100% Real_Name",
        email: "percent@x.example",
        organization: null,
        interest: "other",
        message: '=HYPERLINK("http://evil")',
      },
    ]);
  await db()
    .insert(subscribers)
    .values([{ email: "ada.fan@example.com" }, { email: "someone@else.example", purpose: "newsletter" }]);
  await db()
    .insert(formSubmissions)
    .values([
      {
        email: "demo@corp.example",
        name: "Demo Person",
        purpose: "demo_request",
        subject: "Lead from hero_section",
        sourceSection: "hero_section",
      },
    ]);
}

describe("lead inbox search", () => {
  it("matches contacts by name, email or organization, case-insensitively, as a substring", async () => {
    await seed();
    const names = async (q: string) => (await listContactRequests({ q })).map((c) => c.name).sort();
    expect(await names("")).toHaveLength(3);
    expect(await names("LOVELACE")).toEqual(["Ada Lovelace"]);
    expect(await names("navy.EXAMPLE")).toEqual(["Grace Hopper"]);
    expect(await names("cobol")).toEqual(["Grace Hopper"]);
    expect(await names("analytical")).toEqual(["Ada Lovelace"]);
    expect(await names("nobody")).toEqual([]);
    // The message is not searched.
    expect(await names("hyperlink")).toEqual([]);
  });

  it("takes % and _ literally", async () => {
    expect((await listContactRequests({ q: "100%" })).map((c) => c.name)).toEqual(["100% Real_Name"]);
    expect((await listContactRequests({ q: "%" })).map((c) => c.name)).toEqual(["100% Real_Name"]);
    expect((await listContactRequests({ q: "l_name" })).map((c) => c.name)).toEqual(["100% Real_Name"]);
    expect(await listContactRequests({ q: "a_a" })).toEqual([]);
    expect(containsPattern("a%b_c\\")).toBe("%a\\%b\\_c\\\\%");
  });

  it("matches subscribers by email only", async () => {
    expect((await listSubscribers({ q: "ADA" })).map((s) => s.email)).toEqual(["ada.fan@example.com"]);
    expect(await listSubscribers({ q: "newsletter" })).toEqual([]);
  });

  it("counts what matches, and the contacts per status", async () => {
    expect(await countLeads("")).toEqual({ contacts: 3, subscribers: 2, submissions: 1, forms: 0 });
    expect(await countLeads("ada")).toEqual({ contacts: 1, subscribers: 1, submissions: 0, forms: 0 });
    expect((await countContactsByStatus()).new).toBe(3);
  });
});

describe("status and deletion", () => {
  it("changes a status and reports the previous one", async () => {
    const [grace] = await listContactRequests({ q: "grace" });
    expect(await setContactStatus(grace?.id ?? "", "qualified", who)).toEqual({ before: "new" });
    expect((await countContactsByStatus()).qualified).toBe(1);
    expect(await setContactStatus("00000000-0000-0000-0000-000000000000", "closed", who)).toBeUndefined();
  });

  it("announces on the leads topic when a lead's status changes or it is deleted, once committed", async () => {
    const heard: RealtimeNotice[] = [];
    const unlisten = await listenForNotices((notice) => heard.push(notice));
    const [row] = await db()
      .insert(contactRequests)
      .values({ name: "Temp", email: "t@x.example", interest: "other", message: "m" })
      .returning();
    const id = row?.id ?? "";
    await setContactStatus(id, "qualified", who);
    await expect.poll(() => heard.length).toBe(1);
    expect(await deleteContactRequest(id, who)).toEqual({ id });
    await expect.poll(() => heard.length).toBe(2);
    // Nothing changed, nothing announced.
    expect(await deleteContactRequest(id, who)).toBeUndefined();
    expect(await setContactStatus(id, "closed", who)).toBeUndefined();
    await unlisten();
    expect(heard).toEqual([
      { topic: "leads", event: "changed" },
      { topic: "leads", event: "changed" },
    ]);
  });
});

describe("CSV export", () => {
  it("exports contacts with attribution columns, escaped and neutralised", async () => {
    const csv = await exportCsv("contacts");
    const [header] = csv.split("\r\n");
    expect(header).toBe(
      "id,created_at,name,email,organization,interest,message,status,source_page,source_section,referrer,landing_page,utm_source,utm_medium,utm_campaign,utm_term,utm_content",
    );
    expect(csv).toContain('"COBOL, Inc."');
    expect(csv).toContain('"She said ""hello"",\nthen left"');
    expect(csv).toContain(",/pricing,");
    expect(csv).toContain(",newsletter,");
    expect(csv).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(csv).not.toMatch(/,=HYPERLINK/);
  });

  it("honours the search and exports subscribers and submissions", async () => {
    const contacts = await exportCsv("contacts", "ada");
    expect(contacts.trim().split("\r\n")).toHaveLength(2);
    const subs = await exportCsv("subscribers");
    expect(subs.split("\r\n")[0]).toMatch(/^id,created_at,email,purpose,status,source_page/);
    const submissions = await exportCsv("submissions");
    expect(submissions).toContain("demo_request");
    expect(submissions).toContain("hero_section");
  });
});
