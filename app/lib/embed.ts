// Media links shared by the browser and the server: which video links are embedded players, and their embed form.
// Apart from content.ts so that the landing page's showcase loads only these (see budget.spec.ts).

const YOUTUBE_HOSTS = ["youtube.com", "www.youtube.com", "m.youtube.com"];
const VIDEO_HOSTS = [...YOUTUBE_HOSTS, "youtu.be", "vimeo.com", "www.vimeo.com", "player.vimeo.com"];

/** The parsed link when it is an absolute http(s) URL on one of the video hosts (by host, never by substring). */
function videoUrl(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) && VIDEO_HOSTS.includes(parsed.hostname) ? parsed : null;
  } catch {
    return null;
  }
}

/** A YouTube watch or youtu.be link turned into its embed form; other URLs unchanged. */
export function toEmbedUrl(url: string): string {
  const parsed = videoUrl(url);
  const id =
    parsed?.hostname === "youtu.be"
      ? parsed.pathname.slice(1)
      : parsed && YOUTUBE_HOSTS.includes(parsed.hostname) && parsed.pathname === "/watch"
        ? (parsed.searchParams.get("v") ?? "")
        : "";
  return /^[\w-]{6,}$/.test(id) ? `https://www.youtube.com/embed/${id}` : url;
}

export function isEmbedVideo(url: string): boolean {
  return videoUrl(url) !== null;
}
