import { Sparkles } from 'lucide-react';
import { Spinner } from '@web/components/ui/spinner';

/** A generation button: the spinner and its pending label while that generation runs. */
export function GenerateButton(props: {
  pending: boolean;
  disabled: boolean;
  label: string;
  pendingLabel: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={props.disabled}
      aria-busy={props.pending || undefined}
      onClick={props.onClick}
    >
      {props.pending ? <Spinner inline size={16} /> : <Sparkles size={16} aria-hidden />}
      {props.pending ? props.pendingLabel : props.label}
    </button>
  );
}
