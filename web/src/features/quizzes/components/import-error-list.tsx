import { AlertTriangle } from 'lucide-react';
import type { ImportRowError } from '@shared/spreadsheets';
import '../spreadsheets.css';

/**
 * The rows an import could not read, one line each: 「5行目・正解：…」, in the spreadsheet's own
 * row numbers and column names, so the author can find and fix them in the file or in the form.
 */
export function ImportErrorList({
  errors,
  onDismiss,
}: {
  errors: readonly ImportRowError[];
  /** Offers 閉じる (above the form, once the author has seen them). */
  onDismiss?: () => void;
}) {
  if (errors.length === 0) return null;
  const rows = new Set(errors.map((error) => error.row)).size;
  return (
    <div className="sheet-errors" role="group" aria-label="読み込めなかった行">
      <p className="sheet-errors__title">
        <AlertTriangle size={16} aria-hidden />
        {rows}行を読み込めませんでした
      </p>
      <ul className="sheet-errors__list">
        {errors.map((error, index) => (
          <li key={`${error.row}-${error.column}-${index}`}>
            <span className="sheet-errors__where">
              {error.row}行目・{error.column}
            </span>
            <span>{error.message}</span>
          </li>
        ))}
      </ul>
      {onDismiss && (
        <button type="button" className="link-button sheet-errors__dismiss" onClick={onDismiss}>
          閉じる
        </button>
      )}
    </div>
  );
}
