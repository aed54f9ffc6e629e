/**
 * A bar of `value` against `max` (over the goal: full), named for screen readers; its value is
 * read as answered questions against the goal (「35問中12問」) unless `valueText` says otherwise.
 */
export function GoalMeter({
  label,
  value,
  max,
  valueText = `${max}問中${value}問`,
}: {
  label: string;
  value: number;
  max: number;
  valueText?: string;
}) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div
      className={`goal-meter${value >= max && max > 0 ? ' is-done' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
    >
      <span style={{ width: `${share * 100}%` }} />
    </div>
  );
}
