// The text blocks of the demo's articles and lessons (the shape the block editor stores), and the shorthands the
// demo content is written with.

export type Block =
  | { type: "header"; data: { text: string; level: 2 | 3 } }
  | { type: "paragraph"; data: { text: string } }
  | { type: "list"; data: { style: "ordered" | "unordered"; items: string[] } }
  | { type: "quote"; data: { text: string; caption?: string } };

export const h2 = (text: string): Block => ({ type: "header", data: { text, level: 2 } });
export const h3 = (text: string): Block => ({ type: "header", data: { text, level: 3 } });
export const p = (text: string): Block => ({ type: "paragraph", data: { text } });
export const ul = (...items: string[]): Block => ({ type: "list", data: { style: "unordered", items } });
export const ol = (...items: string[]): Block => ({ type: "list", data: { style: "ordered", items } });
export const quote = (text: string, caption?: string): Block => ({
  type: "quote",
  data: caption ? { text, caption } : { text },
});
