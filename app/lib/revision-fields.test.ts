// The field lists of the histories: a settings tab's revisions keep its values as they are, so none of them may be
// a secret (docs/decisions/054-revisions-for-newsletters-and-settings.md); and the summary a history entry shows.
import { describe, expect, it } from "vitest";
import {
  changedSummary,
  NEWSLETTER_FIELDS,
  REVISION_FIELDS,
  SETTINGS_TAB_FIELDS,
  settingsTabFields,
} from "./revision-fields";
import { SETTING_KEYS } from "./settings";
import { SETTINGS_TAB_IDS, SETTINGS_TABS } from "./settings-tabs";

const SECRET = /secret|password|token|api.?key|private|credential/i;

describe("revision fields", () => {
  it("lists only known settings, none of them a secret kept in clear in a revision", () => {
    const fields = Object.values(SETTINGS_TAB_FIELDS).flat();
    for (const f of fields) {
      expect(SETTING_KEYS, f.key).toContain(f.key);
      expect(`${f.key} ${f.label}`).not.toMatch(SECRET);
    }
  });

  it("gives every settings tab its own fixed id", () => {
    const ids = SETTINGS_TABS.map((tab) => SETTINGS_TAB_IDS[tab]);
    expect(new Set(ids).size).toBe(SETTINGS_TABS.length);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("names the changed fields with the form's labels", () => {
    expect(changedSummary(NEWSLETTER_FIELDS, ["body", "subject"])).toBe("Subject and Body");
    expect(changedSummary(settingsTabFields("seo", []), ["metaKeywords", "siteTitle", "x"])).toBe(
      "Site title and Meta keywords",
    );
    const links = [{ id: "a1", platform: "LinkedIn" }];
    expect(changedSummary(settingsTabFields("social", links), ["socialUrl.a1", "socialActive.a1"])).toBe(
      "LinkedIn URL and LinkedIn active",
    );
    expect(changedSummary(REVISION_FIELDS.blog, ["title", "excerpt", "status"])).toBe(
      "Title, Excerpt and Status",
    );
  });
});
