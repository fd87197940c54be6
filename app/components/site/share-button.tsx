import { Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";

const LINK_COPIED = "Link copied to clipboard!";

/**
 * Shares a page through the browser's share sheet (Web Share API); where that is missing or fails, copies the
 * link to the clipboard and says so (docs/product.md, Share button).
 */
export function ShareButton({ title, text, url }: { title: string; text?: string; url: string }) {
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(LINK_COPIED);
    } catch {
      toast.error("Could not copy the link. Please copy it from the address bar.");
    }
  }

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    await copyLink();
  }

  return (
    <Button type="button" variant="outline" onClick={share}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
