// The academy list's filters (docs/product.md, Academy), shared by the page and the model: they live in the
// URL query (?q=&category=&difficulty=), so a result is shareable and works without JavaScript.

import { DIFFICULTY_LEVELS, type DifficultyLevel } from "./content-enums";
import { safeText } from "./safe-text";

/** Longest search text acted on; longer input is cut, not rejected (it comes from a shareable URL). */
export const SEARCH_MAX_LENGTH = 100;

export interface AcademyFilter {
  /** Free text matched case-insensitively against title, description or any tag. */
  q: string;
  /** Exact category, or "" for all. */
  category: string;
  /** One of DIFFICULTY_LEVELS, or "" for all. */
  difficulty: DifficultyLevel | "";
}

export function isDifficulty(value: unknown): value is DifficultyLevel {
  return typeof value === "string" && (DIFFICULTY_LEVELS as readonly string[]).includes(value);
}

/** Text from a URL, safe for the database (safeText: no NUL, no half emoji), trimmed, cut by code point. */
function cleanText(value: string | null, max: number): string {
  return safeText((value ?? "").trim(), max);
}

/** The filter in a URL's query; unknown difficulties are ignored, text is cleaned, trimmed and cut. */
export function parseAcademyFilter(params: URLSearchParams): AcademyFilter {
  const difficulty = params.get("difficulty") ?? "";
  return {
    q: cleanText(params.get("q"), SEARCH_MAX_LENGTH),
    category: cleanText(params.get("category"), 200),
    difficulty: isDifficulty(difficulty) ? difficulty : "",
  };
}

export function isFiltered(filter: AcademyFilter): boolean {
  return Boolean(filter.q || filter.category || filter.difficulty);
}
