import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { Dialog } from '@web/components/ui/dialog';

/**
 * While a quiz is under way, leaving it (a link, the back button, closing or reloading the tab)
 * asks first: the answers so far would be lost.
 */
export function LeaveGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="クイズを中断しますか？"
      description="ここまでの回答は保存されず、次に開いたときは最初からになります。"
      closeButton={false}
      size="small"
      alert
    >
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => blocker.reset?.()}>
          クイズを続ける
        </button>
        <button type="button" className="button button--danger" onClick={() => blocker.proceed?.()}>
          中断して移動する
        </button>
      </div>
    </Dialog>
  );
}
