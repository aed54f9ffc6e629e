import { RefreshCw } from 'lucide-react';

/** The categories could not be read: the specification's message and a way to read them again. */
export function CategoriesFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <p>カテゴリの取得に失敗しました</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        <RefreshCw size={16} aria-hidden />
        再読み込み
      </button>
    </div>
  );
}
