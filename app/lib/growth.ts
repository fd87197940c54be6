// Month-on-month growth for the admin dashboard and analytics figures.

/** Growth of leads this month against last month, as a whole percentage; null when last month had none. */
export function growthRate(thisMonth: number, lastMonth: number): number | null {
  if (lastMonth <= 0) return null;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
}

export function formatGrowth(thisMonth: number, lastMonth: number): string {
  const rate = growthRate(thisMonth, lastMonth);
  if (rate === null) return thisMonth > 0 ? "New" : "0%";
  return `${rate > 0 ? "+" : ""}${rate}%`;
}
