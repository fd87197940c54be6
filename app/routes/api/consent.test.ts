// POST /api/consent (the no-JavaScript path of the cookie banner): it sends the visitor back where they were, and
// only ever to a page of this site.
import { describe, expect, it } from "vitest";
import { action } from "./consent";

async function post(redirectTo: string) {
  const body = new URLSearchParams({ consent: "accepted", redirect_to: redirectTo });
  const request = new Request("http://localhost:3000/api/consent", { method: "POST", body });
  return (await action({ request } as never)) as Response;
}

describe("POST /api/consent", () => {
  it("sets the cookie and returns to the page the visitor was on", async () => {
    const response = await post("/pricing?plan=pro#top");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/pricing?plan=pro#top");
    expect(response.headers.get("set-cookie")).toMatch(/^cookie_consent=accepted;/);
  });

  it("never redirects to another site, however the path is spelled", async () => {
    for (const target of [
      "//evil.example/",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "",
    ]) {
      const response = await post(target);
      expect(response.status, target).toBe(303);
      expect(response.headers.get("location"), target).toBe("/");
    }
  });
});
