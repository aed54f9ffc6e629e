/** How far something in focused study has come (`value` of `max`): a bar with its name for screen readers. */
export function StudyMeter({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <div
      className="study-meter"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
    >
      <span style={{ width: `${max > 0 ? (value / max) * 100 : 0}%` }} />
    </div>
  );
}
