// What the server looks up for a page's blocks before rendering (browser-safe types only): the showcase slides a
// hero shows, the latest posts or academy items a "latest" block lists, the library's view of images.
import type { PublicForm } from "~/lib/form-builder/availability";
import type { PublicImage } from "~/lib/media";

export interface ShowcaseSlide {
  id: string;
  title: string;
  description: string | null;
  mediaType: "video" | "image";
  mediaUrl: string;
  image?: PublicImage | null;
}

export interface LatestCard {
  href: string;
  title: string;
  text: string | null;
  date: string | null;
}

export interface PageData {
  showcase: ShowcaseSlide[];
  /** By block id. */
  latest: Record<string, LatestCard[]>;
  /** By image URL. */
  images: Record<string, PublicImage>;
  /** By block id: the form a form block shows (absent: deleted, or a draft). */
  forms?: Record<string, PublicForm>;
}

export const EMPTY_PAGE_DATA: PageData = { showcase: [], latest: {}, images: {} };
