// Media links shared by the browser and the server: which video links are embedded players, and their embed form.
// Apart from content.ts so that the landing page's showcase loads only these (see budget.spec.ts).

/** A YouTube watch link turned into its embed form (watch?v= → embed/); other URLs unchanged. */
export function toEmbedUrl(url: string): string {
  const short = url.match(/^https?:\/\/youtu\.be\/([\w-]{6,})/);
  if (short) return `https://www.youtube.com/embed/${short[1]}`;
  return url.replace(/(youtube\.com\/)watch\?v=([\w-]+)(?:&.*)?$/, "$1embed/$2");
}

export function isEmbedVideo(url: string): boolean {
  return /(?:youtube\.com|youtu\.be|vimeo\.com)\//.test(url);
}
