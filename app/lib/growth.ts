// How a figure changed against the previous period of the same length (the Analytics page's cards): its direction
// and a short amount, worded so that neither colour nor an arrow alone carries the meaning.

type ChangeDirection = "up" | "down" | "flat";

export interface Change {
  direction: ChangeDirection;
  /** "25%", "less than 1%", "2.5 points", "new" (the previous period had none), "" when flat. */
  amount: string;
  /** The previous period's figure as printed: "1,000", "10.0%". */
  previous: string;
  /**
   * The whole change in words, to be followed by the period ("… in the previous 30 days"): "Up 25% from 12",
   * "Down 2.5 points from 10.0%", "No change from 12", "Up from none".
   */
  sentence: string;
}

const counts = new Intl.NumberFormat("en-US");

/** Growth as a whole percentage; null when the previous period had none. */
export function growthRate(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

function words(direction: ChangeDirection, amount: string, from: string): string {
  if (direction === "flat") return `No change from ${from}`;
  return `${direction === "up" ? "Up" : "Down"} ${amount} from ${from}`;
}

/** The change of a count: "Up 25% from 12"; "Up from none" when the previous period had none. */
export function countChange(current: number, previous: number): Change {
  const direction: ChangeDirection = current > previous ? "up" : current < previous ? "down" : "flat";
  const rate = growthRate(current, previous);
  const amount =
    direction === "flat"
      ? ""
      : rate === null
        ? "new"
        : Math.abs(rate) < 1
          ? "less than 1%"
          : `${Math.abs(rate)}%`;
  const before = counts.format(previous);
  const sentence = amount === "new" ? "Up from none" : words(direction, amount, before);
  return { direction, amount, previous: before, sentence };
}

/** A rate (0..1) as a percentage with one decimal: "33.3%". */
export function formatRate(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

/** The change of a rate (0..1) in percentage points: "Up 2.5 points from 10.0%". */
export function rateChange(current: number, previous: number): Change {
  const points = Math.round((current - previous) * 1000) / 10;
  const direction: ChangeDirection = points > 0 ? "up" : points < 0 ? "down" : "flat";
  const amount = direction === "flat" ? "" : `${Math.abs(points).toFixed(1)} points`;
  const before = formatRate(previous);
  return { direction, amount, previous: before, sentence: words(direction, amount, before) };
}
