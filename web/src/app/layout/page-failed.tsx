import { useRouteError } from 'react-router-dom';
import { StatusCard } from '@web/components/ui/status-card';

/**
 * What a page shows when it fails to render or its code fails to load (a new release replaced
 * the chunk): the navigation stays, and the page says so with a way to load it again, instead of
 * React Router's bare "Unexpected Application Error!".
 */
export function PageFailed() {
  const error = useRouteError();
  console.error(error);
  return (
    <StatusCard
      tone="error"
      title="ページを表示できませんでした"
      actions={
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          再読み込み
        </button>
      }
    >
      <p>時間をおいてもう一度お試しください。</p>
    </StatusCard>
  );
}
