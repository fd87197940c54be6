import { describe, expect, it } from "vitest";
import { CAPABILITIES, can, contentRefusal, forbiddenMessage, isRole, ROLES, rolesWith } from "./roles";

describe("roles", () => {
  it("gives the owner every capability, and administrators all but the owner's backups", () => {
    for (const capability of CAPABILITIES) {
      expect(can("owner", capability)).toBe(true);
      expect(can("administrator", capability)).toBe(capability !== "backups.manage");
    }
    expect(rolesWith("backups.manage")).toEqual(["owner"]);
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

  it("names who may do a thing, in words", () => {
    expect(forbiddenMessage("team.manage")).toBe(
      "Only owners and administrators can do this. Ask the owner or an administrator if you need it.",
    );
    expect(forbiddenMessage("backups.manage")).toBe("Only the owner can do this.");
    expect(forbiddenMessage("content.publish.own")).toMatch(
      /^Only owners, administrators, editors and authors /,
    );
  });

  it("limits authors and contributors to their own items, and contributors to drafts", () => {
    const me = "11111111-1111-1111-1111-111111111111";
    const mine = { createdBy: me, status: "draft" };
    const mineLive = { createdBy: me, status: "published" };
    const theirs = { createdBy: "22222222-2222-2222-2222-222222222222", status: "draft" };
    const old = { createdBy: null, status: "published" };
    const author = { userId: me, role: "author" as const };
    const contributor = { userId: me, role: "contributor" as const };
    const editor = { userId: me, role: "editor" as const };
    expect(contentRefusal(author, mine, "publish")).toBeNull();
    expect(contentRefusal(author, mineLive, "delete")).toBeNull();
    expect(contentRefusal(author, theirs, "edit")).toBe("content.edit.any");
    expect(contentRefusal(author, old, "publish")).toBe("content.publish.any");
    expect(contentRefusal(contributor, mine, "edit")).toBeNull();
    expect(contentRefusal(contributor, mine, "delete")).toBeNull();
    expect(contentRefusal(contributor, mine, "publish")).toBe("content.publish.own");
    expect(contentRefusal(contributor, mineLive, "edit")).toBe("content.publish.own");
    expect(contentRefusal(contributor, mineLive, "delete")).toBe("content.publish.own");
    for (const act of ["edit", "publish", "delete"] as const)
      expect(contentRefusal(editor, old, act)).toBeNull();
  });
});
