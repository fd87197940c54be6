// Hostile block lists for property tests of every path that stores a page's blocks (the page editor's action, the
// content API): valid blocks of every type with one to three values somewhere inside them replaced (wrong types,
// missing fields, hostile text, unsafe links, huge strings, nested garbage), unknown block types, lists that are
// not lists, and JSON nested far deeper than any block.
import fc from "fast-check";
import { BUILT_IN_PAGES } from "../../app/blocks/built-in-pages";
import { BLOCK_TYPES, BLOCKS, parsePageBlocks } from "../../app/blocks/registry";
import { hostileText } from "./hostile-text";

type Json = unknown;
type Step = string | number;

/** Valid blocks to start from: every built-in page's blocks and a new block of every type. */
export const SEED_BLOCKS: readonly Json[] = [
  ...BUILT_IN_PAGES.flatMap((page) => page.blocks),
  ...BLOCK_TYPES.map((type) => ({ id: `${type}-new`, type, ...BLOCKS[type].editor.create() })).filter(
    (block) => parsePageBlocks([block]).ok, // new media, logo and form blocks wait for their file or form
  ),
  {
    id: "image",
    type: "media",
    kind: "image",
    url: "/uploads/team.webp",
    alt: "The team at work",
    caption: "",
  },
  { id: "video", type: "media", kind: "video", url: "https://vimeo.com/76979871", alt: "", caption: "Demo" },
  {
    id: "logos",
    type: "logos",
    heading: "Trusted by",
    logos: [{ name: "Acme", image: "/uploads/acme.svg", href: "https://acme.example" }],
  },
  // A form block names a form (which need not exist: the page then shows nothing there).
  { id: "form", type: "form", formId: "00000000-0000-4000-8000-000000000001", heading: "Register", text: "" },
];

/** Links no block may hold, and some that only look harmless (NUL, lone surrogates, backslashes). */
const HOSTILE_LINKS = [
  "javascript:alert(1)",
  " JavaScript:alert(document.cookie)",
  "java\tscript:alert(1)",
  "java\u0000script:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "//evil.example/",
  "/\\evil.example",
  "/\u0000",
  "/a\u0000b",
  "/\ud800",
  "/pricing\udc00",
  "https://example.com/\ud83d",
  "https://example.com/\u0000",
  "https://vimeo.com/\u0000",
  "https://www.youtube.com/watch?v=\ud800",
  "mailto:\ud800@example.com",
  "tel:+1\u0000555",
  "/uploads/\ud800.png",
  "/uploads/../../etc/passwd",
];

/** JSON nested `depth` levels deep, as an array chain or an object chain. */
export function deeplyNested(depth: number, kind: "array" | "object"): Json {
  let value: Json = "bottom";
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { type: "hero", nested: value };
  return value;
}

/** One value that does not belong where it is put. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  hostileText([40, 60, 160, 600]),
  fc.constantFrom(...HOSTILE_LINKS),
  fc.constantFrom("", " ", "\u0000", "\ud800", "x".repeat(70_000), "😀".repeat(5_000)),
  fc.constantFrom(null, true, false, 0, -1, 1e308, Number.NaN, 3.5),
  fc.constantFrom({}, [], [null], { __proto__: { polluted: true } }, { constructor: { prototype: {} } }),
  fc.integer({ min: 2, max: 600 }).map((depth) => deeplyNested(depth, depth % 2 ? "array" : "object")),
  fc.anything({ maxDepth: 3, maxKeys: 4 }),
  fc.constant(undefined), // the field goes missing
);

/** Every place inside a JSON value (the value itself, each key, each item), as a path of keys and indexes. */
function placesIn(value: Json, at: Step[] = []): Step[][] {
  const places: Step[][] = [at];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) places.push(...placesIn(item, [...at, i]));
  } else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) places.push(...placesIn(item, [...at, key]));
  return places;
}

/** A copy of `value` with the value at `path` replaced (or removed, for undefined). */
function replaceAt(value: Json, path: Step[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [step, ...rest] = path as [Step, ...Step[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    if (replacement === undefined && rest.length === 0) copy.splice(Number(step), 1);
    else copy[Number(step)] = replaceAt(copy[Number(step)], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, Json>) };
  if (replacement === undefined && rest.length === 0) delete copy[step];
  else copy[step] = replaceAt(copy[step], rest, replacement);
  return copy;
}

/** A copy of `value` with every string under one of `keys` (at any depth) replaced. */
function replaceKeyed(value: Json, keys: readonly string[], replacement: string): Json {
  if (Array.isArray(value)) return value.map((item) => replaceKeyed(item, keys, replacement));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      keys.includes(key) && typeof item === "string" ? replacement : replaceKeyed(item, keys, replacement),
    ]),
  );
}

/** The seeds that hold a link or a file address somewhere. */
const LINKED_SEEDS = SEED_BLOCKS.filter((block) => /"(href|url|image)":/.test(JSON.stringify(block)));

/**
 * A valid block with one to three of its values (at any depth, the block's type and id included) replaced, or
 * with every link (and file address) in it replaced by a hostile one, a video's host kept.
 */
export const mutatedBlock: fc.Arbitrary<Json> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...SEED_BLOCKS),
      fc.array(fc.tuple(fc.nat(), hostileValue), { minLength: 1, maxLength: 3 }),
    )
    .map(([seed, changes]) =>
      changes.reduce<Json>((block, [pick, replacement]) => {
        const places = placesIn(block).filter((p) => p.length > 0);
        const place = places[pick % places.length];
        return place ? replaceAt(block, place, replacement) : block;
      }, structuredClone(seed)),
    ),
  fc
    .tuple(fc.constantFrom(...LINKED_SEEDS), fc.constantFrom(...HOSTILE_LINKS))
    .map(([seed, link]) => replaceKeyed(seed, ["href", "url", "image"], link)),
);

/** A block that is not one: an unknown or missing type, the wrong kind of value, a type with nothing else. */
const garbageBlock: fc.Arbitrary<Json> = fc.oneof(
  fc.record({
    type: fc.oneof(fc.constantFrom("nope", "Hero", "__proto__", "constructor", ""), hostileText()),
  }),
  fc.constantFrom(...BLOCK_TYPES).map((type) => ({ type })),
  fc.constantFrom(...BLOCK_TYPES).map((type) => ({ id: "\ud800", type })),
  hostileValue,
);

const SEED_IDS = new Set(SEED_BLOCKS.map((block) => (block as { id: string }).id));

/** The seeds' ids made unique within a list (by position), so that a list of valid blocks is a valid list. */
const uniqueIds = (list: Json[]) =>
  list.map((block, i) => {
    const id = (block as { id?: unknown } | null)?.id;
    return typeof id === "string" && SEED_IDS.has(id) ? { ...(block as object), id: `${id}-${i}` } : block;
  });

/** A block list to send: mostly valid blocks with a few mutated or garbage ones, or something that is no list. */
export const hostileBlocks: fc.Arbitrary<Json> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...SEED_BLOCKS), mutatedBlock), { maxLength: 4 })
      .map(uniqueIds),
  },
  { weight: 2, arbitrary: fc.array(fc.oneof(mutatedBlock, garbageBlock), { maxLength: 4 }).map(uniqueIds) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...SEED_BLOCKS), { minLength: 41, maxLength: 45 }) },
  { weight: 1, arbitrary: hostileValue },
);
