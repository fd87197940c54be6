// Reliability under load: 1,000 contact submissions from 50 concurrent clients against the production
// server store exactly 1,000 rows and never answer 5xx. Each submission comes from its own client address, so the
// normal per-address rate limit stays on.
import { randomBytes } from "node:crypto";
import { expect, test, uniqueIp } from "./support/fixtures";

const TOTAL = 1000;
const CLIENTS = 50;

test("1,000 contact submissions from 50 concurrent clients: 1,000 rows, no 5xx", async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = `load${randomBytes(4).toString("hex")}`;
  const statuses: number[] = [];
  let next = 0;
  const client = async () => {
    const api = await playwright.request.newContext({ baseURL });
    while (next < TOTAL) {
      const n = next++;
      const response = await api.post("/contact", {
        form: {
          name: `Load ${n}`,
          email: `${tag}-${n}@example.com`,
          interest: "consulting",
          message: `Load test submission ${n}`,
        },
        headers: { Origin: baseURL ?? "", "X-Forwarded-For": uniqueIp() },
      });
      statuses.push(response.status());
    }
    await api.dispose();
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));

  expect(statuses).toHaveLength(TOTAL);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);

  const csv = await (await page.request.get(`/admin/contacts/export/contacts?q=${tag}`)).text();
  const rows = csv.split("\r\n").filter((line) => line.includes(`${tag}-`));
  expect(rows).toHaveLength(TOTAL);
});
