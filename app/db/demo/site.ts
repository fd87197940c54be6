// The demo's landing page and site settings: the showcase, the social links, and the pictures the demo content
// uses (each seeded into the media library).

export interface DemoShowcaseItem {
  title: string;
  description: string;
  mediaType: "image" | "video";
  mediaUrl: string;
  displayOrder: number;
}

export interface DemoSocialLink {
  platform: string;
  url: string;
  displayOrder: number;
}

export const demoShowcase: DemoShowcaseItem[] = [
  {
    title: "Your whole pipeline, at a glance",
    description:
      "Deals, proposals and forecast confidence in one view, with stall alerts that surface risk before it reaches the quarter.",
    mediaType: "image",
    mediaUrl: "/demo/showcase-dashboard.svg",
    displayOrder: 1,
  },
  {
    title: "Proposals that draft themselves",
    description:
      "Turn structured discovery notes into a client-ready first draft in minutes, while your team keeps control of scope and pricing.",
    mediaType: "video",
    mediaUrl: "/demo/showcase-loop.mp4",
    displayOrder: 2,
  },
  {
    title: "A five-minute product tour",
    description:
      "See how services firms use Asimov to run pipeline reviews, automate handoffs and forecast revenue they can actually staff.",
    mediaType: "video",
    mediaUrl: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    displayOrder: 3,
  },
];

/**
 * The pictures the demo content uses (files in public/demo). The seed puts each one in the media library, with
 * this title and alt text, and the seeded rows use its library URL instead of the path given above.
 */
export interface DemoPicture {
  path: string;
  title: string;
  alt: string;
}

export const demoPictures: DemoPicture[] = [
  {
    path: "/demo/blog-1.svg",
    title: "blog-1.svg",
    alt: "Concentric radar rings and lines of text on an indigo to violet gradient",
  },
  {
    path: "/demo/blog-2.svg",
    title: "blog-2.svg",
    alt: "Flowing teal lines, like a chart of a pipeline, on a dark sea-green background",
  },
  {
    path: "/demo/blog-3.svg",
    title: "blog-3.svg",
    alt: "A rising bar chart with a trend line on a purple to pink gradient",
  },
  {
    path: "/demo/blog-4.svg",
    title: "blog-4.svg",
    alt: "A faceted blue surface of triangles with a circle marking one point",
  },
  {
    path: "/demo/academy-1.svg",
    title: "academy-1.svg",
    alt: "A play button in the middle of a network of connected points on deep blue",
  },
  {
    path: "/demo/academy-2.svg",
    title: "academy-2.svg",
    alt: "Four proposal cards with highlighted lines fanned out on a purple gradient",
  },
  {
    path: "/demo/academy-3.svg",
    title: "academy-3.svg",
    alt: "A sound wave of glowing bars inside concentric circles on dark blue",
  },
  {
    path: "/demo/showcase-dashboard.svg",
    title: "showcase-dashboard.svg",
    alt: "The Asimov pipeline dashboard: open pipeline, weighted forecast, win rate and sales cycle above the deals by stage and a revenue forecast chart",
  },
];

export const demoSocialLinks: DemoSocialLink[] = [
  { platform: "twitter", url: "https://twitter.com/asimovrevenue", displayOrder: 1 },
  { platform: "linkedin", url: "https://www.linkedin.com/company/asimov-revenue", displayOrder: 2 },
  { platform: "facebook", url: "https://www.facebook.com/asimovrevenue", displayOrder: 3 },
  { platform: "instagram", url: "https://www.instagram.com/asimovrevenue", displayOrder: 4 },
  { platform: "youtube", url: "https://www.youtube.com/@asimovrevenue", displayOrder: 5 },
];
