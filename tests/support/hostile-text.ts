// Text a visitor or a remote server may send, for property tests of everything that stores it: NUL, lone halves of
// surrogate pairs, emoji (whole, joined) at every cut point of the usual limits, any code point, long runs.
import fc from "fast-check";

/** One piece of hostile text; `cuts` are the lengths after which an emoji is placed (around the limits cut at). */
export function hostileText(cuts: number[] = [200, 300, 500], maxParts = 8): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        fc.constantFrom("\u0000", "😀", "\ud83d", "\ude00", "👩‍💻", "é", " "),
        fc.string({ unit: "binary", maxLength: 40 }),
        fc
          .tuple(fc.constantFrom(...cuts), fc.integer({ min: -3, max: 1 }))
          .map(([cut, shift]) => `${"x".repeat(Math.max(0, cut + shift))}😀`),
      ),
      { maxLength: maxParts },
    )
    .map((parts) => parts.join(""));
}
