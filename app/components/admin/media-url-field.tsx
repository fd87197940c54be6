// A media URL input with an Upload button: the administrator pastes a URL or uploads a file (POST /api/uploads)
// and the field is filled with the stored file's URL. Reusable wherever a media URL is asked (showcase, blog
// featured image, academy thumbnail / video / audio). Without JavaScript it is a plain URL input.
//
//   <MediaUrlField id="thumbnail" name="thumbnail_url" label="Thumbnail URL" bucket="images" />
import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { showToast } from "~/components/ui/toaster";
import { BUCKETS, type BucketName, formatBytes } from "~/lib/uploads";

export interface MediaUrlFieldProps {
  id: string;
  name: string;
  label: string;
  bucket: BucketName;
  defaultValue?: string;
  /** Controlled use: the current URL and its setter. */
  value?: string;
  onChange?: (url: string) => void;
  hint?: React.ReactNode;
  error?: string;
  required?: boolean;
  placeholder?: string;
}

export function MediaUrlField({
  id,
  name,
  label,
  bucket,
  defaultValue = "",
  value,
  onChange,
  hint,
  error,
  required,
  placeholder = "https://… or upload a file",
}: MediaUrlFieldProps) {
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const set = (url: string) => {
    if (value === undefined) setOwn(url);
    onChange?.(url);
  };
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const config = BUCKETS[bucket];

  async function upload(file: File) {
    setUploading(true);
    try {
      const body = new FormData();
      body.set("file", file);
      const res = await fetch(`/api/uploads?bucket=${bucket}`, { method: "POST", body });
      const json = (await res.json().catch(() => ({}))) as { url?: string; error?: { message?: string } };
      if (!res.ok || !json.url) {
        showToast({ type: "error", message: json.error?.message ?? "The upload failed. Please try again." });
        return;
      }
      set(json.url);
      showToast({ type: "success", message: "File uploaded" });
    } catch {
      showToast({ type: "error", message: "The upload failed. Please try again." });
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={
        <>
          {hint ? <>{hint} </> : null}
          Uploads: up to {formatBytes(config.fileSizeLimit)}.
        </>
      }
    >
      {(aria) => (
        <div className="flex gap-2">
          <Input
            {...aria}
            name={name}
            type="text"
            inputMode="url"
            autoComplete="off"
            value={current}
            onChange={(e) => set(e.target.value)}
            placeholder={placeholder}
            required={required}
            className="min-w-0 flex-1"
          />
          <Button
            type="button"
            variant="outline"
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
            aria-label={uploading ? `Uploading ${label}` : `Upload a file for ${label}`}
          >
            <Upload aria-hidden />
            <span className="hidden sm:inline">{uploading ? "Uploading..." : "Upload"}</span>
          </Button>
          <input
            ref={fileInput}
            type="file"
            tabIndex={-1}
            aria-hidden
            className="hidden"
            data-testid={`${id}-file`}
            accept={config.allowedMimeTypes.join(",")}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </div>
      )}
    </Field>
  );
}
