// A small line of daily figures drawn as plain SVG (no chart library: the dashboard stays light). It is an image
// whose label says what the line shows; the exact figures are one click away on the Analytics page.

const WIDTH = 300;
const HEIGHT = 56;
const PAD = 3;

/** SVG path points for `values`, scaled to the box (a flat line at the bottom when all are 0). */
function points(values: number[]): Array<[number, number]> {
  const max = Math.max(...values, 1);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  return values.map((v, i) => [i * step, HEIGHT - PAD - (v / max) * (HEIGHT - 2 * PAD)]);
}

export function Sparkline({
  values,
  label,
  className,
}: {
  values: number[];
  /** The text alternative: what the line shows, in words. */
  label: string;
  className?: string;
}) {
  const pts = points(values.length > 0 ? values : [0, 0]);
  const line = pts.map(([x, y], i) => `${i === 0 ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  const area = `${line} L${WIDTH},${HEIGHT} L0,${HEIGHT} Z`;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className={className}
      data-testid="sparkline"
    >
      <defs>
        <linearGradient id="sparkline-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#4f46e5" stopOpacity={0.18} />
          <stop offset="100%" stopColor="#4f46e5" stopOpacity={0} />
        </linearGradient>
      </defs>
      <path d={area} fill="url(#sparkline-fill)" />
      <path
        d={line}
        fill="none"
        stroke="#4f46e5"
        strokeWidth={2}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
