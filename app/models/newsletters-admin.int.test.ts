// Two members composing one newsletter: a save of the draft carries the version its form loaded, and a save against
// a newer one is refused and changes nothing (the draft, its audit trail); the refusal says who saved it and how they
// left it. "Save mine over theirs" is a normal, audited save. Scheduling does not move the draft's version.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, newsletters } from "~/db/schema";
import { addMember, memberContext } from "../../tests/support/members";
import { setupTestDatabase } from "../../tests/support/test-db";
import { StaleEditError, versionOf } from "./edit-conflicts.server";
import {
  createNewsletter,
  getNewsletter,
  newsletterConflict,
  scheduleNewsletter,
  updateNewsletter,
} from "./newsletters-admin.server";

const test = setupTestDatabase();

const draft = (subject: string) => ({
  subject,
  preheader: "This month",
  body: [{ type: "paragraph", data: { text: `${subject} body` } }],
  audience: { sourcePage: "/pricing" },
});

async function updates(id: string) {
  const rows = await db()
    .select({ actor: auditLog.actor })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "newsletter.update")));
  return rows.map((r) => r.actor);
}

describe("newsletter drafts", () => {
  it("refuses a save against a newer version, changing nothing, and says who saved what", async () => {
    const database = test.handle().db;
    const dana = await addMember(database, {
      name: "Dana Price",
      email: "dana-nl@example.com",
      role: "editor",
    });
    const sam = await addMember(database, { name: "Sam Lee", email: "sam-nl@example.com", role: "editor" });
    const created = await createNewsletter(draft("March"), memberContext(sam));
    const loaded = versionOf(created);

    const danas = await updateNewsletter(created.id, draft("March, by Dana"), memberContext(dana), loaded);
    expect(danas).not.toBe(false);
    expect(danas).not.toBe(loaded);
    const stored = await getNewsletter(created.id);
    expect(stored && versionOf(stored)).toBe(danas);

    const refused = await updateNewsletter(
      created.id,
      draft("March, by Sam"),
      memberContext(sam),
      loaded,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StaleEditError);
    expect(await getNewsletter(created.id)).toEqual(stored);
    expect(await updates(created.id)).toEqual([dana.email]);

    const conflict = await newsletterConflict(created.id, refused as StaleEditError);
    expect(conflict).toEqual({
      version: danas,
      savedBy: "Dana Price",
      theirs: {
        subject: "March, by Dana",
        preheader: "This month",
        body: [{ type: "paragraph", data: { text: "March, by Dana body" } }],
        sourcePage: "/pricing",
        signedUpFrom: "",
        signedUpTo: "",
      },
    });

    // "Save mine over theirs": the same save, carrying their version, goes through and is audited.
    const over = await updateNewsletter(
      created.id,
      draft("March, by Sam"),
      memberContext(sam),
      conflict.version,
    );
    expect(over).not.toBe(false);
    expect((await getNewsletter(created.id))?.subject).toBe("March, by Sam");
    expect(await updates(created.id)).toEqual([dana.email, sam.email]);
  });

  it("scheduling keeps the draft's version; a newsletter going out is not saved at all", async () => {
    const who = { actor: "admin@example.com" };
    const created = await createNewsletter(draft("April"), who);
    const saved = await updateNewsletter(created.id, draft("April 2"), who, versionOf(created));
    if (!saved) throw new Error("not saved");
    expect(await scheduleNewsletter(created.id, new Date(Date.now() + 3_600_000), who)).toBe(true);
    const again = await updateNewsletter(created.id, draft("April 3"), who, saved);
    expect(again).not.toBe(false);
    await db().update(newsletters).set({ status: "sending" }).where(eq(newsletters.id, created.id));
    expect(await updateNewsletter(created.id, draft("April 4"), who, again || undefined)).toBe(false);
  });
});
