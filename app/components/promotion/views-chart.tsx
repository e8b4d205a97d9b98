import { formatNight } from "#common/dates.ts";

/**
 * Views (or, with `unit`, other counts) per day as a small bar chart (plain SVG, no library); the numbers are in the table
 * beside it, so the chart itself is decoration for screen readers.
 */
export function ViewsChart({
  days,
  unit = "Aufrufe",
}: {
  days: { day: string; views: number }[];
  unit?: string;
}) {
  if (days.length === 0) return null;
  const width = 280;
  const height = 64;
  const highest = Math.max(1, ...days.map((day) => day.views));
  const slot = width / days.length;
  const bar = Math.max(2, slot - 2);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={`${unit} pro Tag, höchstens ${highest}`}
      className="text-accent"
    >
      {days.map((day, index) => {
        const barHeight = Math.round((day.views / highest) * (height - 4));
        return (
          <rect
            key={day.day}
            x={index * slot + 1}
            y={height - barHeight}
            width={bar}
            height={Math.max(barHeight, 1)}
            fill="currentColor"
            opacity={day.views === 0 ? 0.25 : 1}
          >
            <title>{`${formatNight(day.day)}: ${day.views} ${unit}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
