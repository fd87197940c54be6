// Copying to the clipboard for the API keys page: the Clipboard API where the page is a secure context, a hidden
// textarea with execCommand elsewhere (e.g. an admin reached over plain http on a LAN address).
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  try {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/** A button that copies `text`, shows a tick for a moment, and toasts `successMessage` when given. */
export function CopyButton({
  text,
  label,
  successMessage,
  ...props
}: { text: string; label: string; successMessage?: string } & Omit<ButtonProps, "onClick">) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      {...props}
      onClick={async () => {
        if (await copyText(text)) {
          setCopied(true);
          if (successMessage) toast.success(successMessage);
        } else {
          toast.error("Could not copy. Select the text and copy it by hand.");
        }
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? "Copied" : label}
    </Button>
  );
}
