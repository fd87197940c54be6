// Every action an audit writer records reads as a sentence (never the dotted name): the literal actions are found
// in the source, so a new one without a sentence fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { actorLabel, auditSentence } from "./audit-sentences";

const APP = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The literal actions of the audit writers, and the computed ones spelled out. */
function knownActions(): string[] {
  const found = new Set<string>();
  for (const file of sources(APP)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(
      /(?:action: |audit\(tx, who, |auditKey\(who, |changed\(who, )"([a-z_]+\.[a-z_.]+)"/g,
    ))
      if (m[1]) found.add(m[1]);
    for (const m of text.matchAll(/"([a-z_]+\.(?:activate|deactivate))"/g)) if (m[1]) found.add(m[1]);
  }
  // better-auth's audited paths (app/auth/hooks.server.ts) end in .success, .failure or .second_factor_required.
  const hooks = readFileSync(path.join(APP, "auth/hooks.server.ts"), "utf8");
  for (const m of hooks.matchAll(/": "(auth\.[a-z_.]+)"/g)) {
    if (m[1]) for (const suffix of ["success", "failure"]) found.add(`${m[1]}.${suffix}`);
  }
  found.add("auth.sign_in.second_factor_required");
  for (const kind of ["blog", "academy"]) {
    for (const verb of [
      "create",
      "update",
      "publish",
      "draft",
      "delete",
      "publish_scheduled",
      "preview_create",
      "preview_revoke",
    ])
      found.add(`${kind}.${verb}`);
  }
  return [...found].sort();
}

describe("audit sentences", () => {
  it("has a sentence for every action the audit writers record", () => {
    const actions = knownActions();
    expect(actions.length).toBeGreaterThan(60);
    const missing = actions.filter((action) => {
      const sentence = auditSentence({ who: "Priya", action, details: { title: "T" } });
      return sentence.includes(action) || sentence.startsWith("Priya: ") || sentence.includes("_");
    });
    expect(missing).toEqual([]);
  });

  it("reads like the team talks", () => {
    const title = "Forecasting without the spreadsheet theater";
    expect(auditSentence({ who: "Priya", action: "blog.publish", details: { title } })).toBe(
      `Priya published "${title}"`,
    );
    expect(
      auditSentence({
        who: "Priya",
        action: "blog.update",
        details: { title, statusFrom: "published", statusTo: "draft" },
      }),
    ).toBe(`Priya unpublished "${title}"`);
    expect(
      auditSentence({
        who: "Sam",
        action: "lead.assign",
        entity: "form_submission",
        details: { assigneeName: "Ada" },
      }),
    ).toBe("Sam assigned a demo or dialog lead to Ada");
    expect(auditSentence({ who: "Sam", action: "team.member_removed" })).toBe("Sam: team: member removed");
    expect(
      auditSentence({
        who: "Olivia",
        action: "team.invitation.revoked",
        details: { email: "guest@example.com", reason: "inviter_removed", invitedBy: "ivy@example.com" },
      }),
    ).toBe("Olivia withdrew the invitation to guest@example.com made by ivy@example.com, who left the team");
    expect(
      auditSentence({
        who: actorLabel("system"),
        action: "team.owner.demoted",
        details: { email: "old@example.com", owner: "new@example.com" },
      }),
    ).toBe("The system made old@example.com an administrator when new@example.com became the owner");
  });

  it("names the sites that may embed a form when a save changed them", () => {
    const form = (details: Record<string, unknown>) =>
      auditSentence({ who: "Olivia", action: "form.update", details: { name: "Partners", ...details } });
    expect(form({})).toBe('Olivia edited the form "Partners"');
    expect(form({ allowedOrigins: ["https://partner.example", "http://localhost:4000"] })).toBe(
      'Olivia edited the form "Partners"; sites that may embed it: https://partner.example, http://localhost:4000',
    );
    expect(form({ allowedOrigins: [] })).toBe(
      'Olivia edited the form "Partners"; no other site may embed it',
    );
  });

  it("says what a settings save changed, before and after, so an earlier value can be read back", () => {
    const saved = (details: Record<string, unknown>) =>
      auditSentence({ who: "Priya", action: "settings.save", details });
    expect(
      saved({
        before: { metaKeywords: "revenue", blogEnabled: true },
        after: { metaKeywords: "revenue, ai", blogEnabled: false },
        socialLinks: [{ id: "x" }],
      }),
    ).toBe(
      'Priya saved the site settings: Meta keywords "revenue" → "revenue, ai"; Blog on → off; 1 social link changed',
    );
    expect(saved({ before: {}, after: {}, socialLinks: [] })).toBe("Priya saved the site settings");
    expect(saved({ before: { chatWidget: "" }, after: { chatWidget: "x".repeat(200) } })).toMatch(
      /Chat widget embed code "" → "x{119}…"$/,
    );
  });

  it("names actors that are not members", () => {
    expect(actorLabel(null)).toBe("Someone");
    expect(actorLabel("anonymous")).toBe("Someone");
    expect(actorLabel("scheduler")).toBe("The publication scheduler");
    expect(actorLabel("api-key:ak_1")).toBe("An API key (ak_1…)");
    expect(actorLabel("owner@example.com", "Olivia")).toBe("Olivia");
    expect(actorLabel("former@example.com", null)).toBe("former@example.com");
  });
});
