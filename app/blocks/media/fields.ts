import type { BlockEditorSpec } from "../fields";
import type { MediaBlock } from "./schema";

export const mediaEditor: BlockEditorSpec<MediaBlock> = {
  label: "Image or video",
  description: "A picture or a video from the media library, or a YouTube or Vimeo video.",
  fields: [
    {
      name: "kind",
      label: "Kind",
      kind: "select",
      options: [
        { value: "image", label: "Image" },
        { value: "video", label: "Video" },
      ],
    },
    {
      name: "url",
      label: "File",
      kind: "media",
      hint: "A /uploads/ file of the media library, or a video link.",
    },
    { name: "alt", label: "Alt text", kind: "text" },
    { name: "caption", label: "Caption", kind: "text" },
  ],
  create: () => ({ kind: "image", url: "", alt: "", caption: "" }),
};
