import { describe, expect, it } from "vitest";
import { CAPABILITIES, can, isRole, ROLES, rolesWith } from "./roles";

describe("roles", () => {
  it("gives the owner and administrators every capability", () => {
    for (const capability of CAPABILITIES) {
      expect(can("owner", capability)).toBe(true);
      expect(can("administrator", capability)).toBe(true);
    }
  });

  it("keeps content, leads and administration apart", () => {
    expect(can("editor", "content.publish.any")).toBe(true);
    expect(can("editor", "settings.manage")).toBe(false);
    expect(can("author", "content.publish.own")).toBe(true);
    expect(can("author", "content.edit.any")).toBe(false);
    expect(can("contributor", "content.publish.own")).toBe(false);
    expect(can("contributor", "content.preview")).toBe(true);
    expect(can("sales", "leads.export")).toBe(true);
    expect(can("sales", "content.view")).toBe(false);
    expect(rolesWith("team.manage")).toEqual(["owner", "administrator"]);
  });

  it("gives every member their own account and nothing to an unknown role", () => {
    for (const role of ROLES) expect(can(role, "account.own")).toBe(true);
    expect(isRole("admin")).toBe(false);
    expect(can("admin", "dashboard.view")).toBe(false);
    expect(can(undefined, "dashboard.view")).toBe(false);
  });
});
