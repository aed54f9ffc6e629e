/** A bar of `value` against `max` (over the goal: full), named for screen readers. */
export function GoalMeter({ label, value, max }: { label: string; value: number; max: number }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div
      className={`goal-meter${value >= max && max > 0 ? ' is-done' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={`${max}問中${value}問`}
    >
      <span style={{ width: `${share * 100}%` }} />
    </div>
  );
}
