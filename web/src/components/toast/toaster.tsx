import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { UI } from '@shared/constants';
import { dismissToast, useToasts } from './toast-store';
import './toast.css';

/**
 * The notification area (Radix Toast): labelled 通知, F8 focuses it, swipe right past 50 px
 * dismisses, each toast shows for 5000 ms unless it says otherwise.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider
      duration={UI.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={UI.toastSwipeThresholdPx}
      label="通知"
    >
      {toasts.map((entry) => (
        <Toast.Root
          key={entry.id}
          open={entry.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(entry.id);
          }}
          {...(entry.duration ? { duration: entry.duration } : {})}
          className={`toast toast--${entry.variant ?? 'default'}`}
          type={entry.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <div className="toast__text">
            {entry.title && <Toast.Title className="toast__title">{entry.title}</Toast.Title>}
            {entry.description && (
              <Toast.Description className="toast__description">{entry.description}</Toast.Description>
            )}
          </div>
          <Toast.Close className="toast__close" aria-label="閉じる">
            <X size={16} aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" label="通知 ({hotkey})" hotkey={['F8']} />
    </Toast.Provider>
  );
}
