// The pages `npm run bench` measures beyond the fixed ones: a published blog post and academy item found on the list
// pages, and a campaign page built from blocks through the content API, as a marketer would build one.

/** Discovers a published blog and academy slug from the list pages' links. */
export async function discoverSlugs(base: string) {
  const blog = await (await fetch(`${base}/blog`)).text();
  const academy = await (await fetch(`${base}/academy`)).text();
  const blogSlug = /href="\/blog\/([a-z0-9-]+)"/.exec(blog)?.[1];
  const academySlug = /href="\/academy\/([a-z0-9-]+)"/.exec(academy)?.[1];
  return { blogSlug, academySlug };
}

/**
 * A campaign page as a marketer would build one, through the content API: the landing page's hero and features,
 * the pricing page's plans and questions, and a contact form. Returns its path.
 */
export async function createCampaignPage(base: string, key: string): Promise<string> {
  const api = `${base}/functions/v1/content-api/pages`;
  const blocksOf = async (pagePath: string) =>
    (
      (await (await fetch(`${api}?path=${pagePath}`, { headers: { "x-api-key": key } })).json()) as {
        data: { blocks: { type: string }[] };
      }
    ).data.blocks;
  const landing = await blocksOf("/");
  const pricing = await blocksOf("/pricing");
  const path = "/lp/spring-launch";
  const response = await fetch(api, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({
      path,
      title: "Spring launch",
      status: "published",
      blocks: [
        ...landing.filter((b) => b.type === "hero" || b.type === "features"),
        ...pricing.filter((b) => b.type === "pricing" || b.type === "faq"),
        { type: "contact-form", heading: "Talk to our team", text: "Tell us what you are building." },
      ],
    }),
  });
  if (response.status !== 201)
    throw new Error(`campaign page not created: ${response.status} ${await response.text()}`);
  return path;
}
