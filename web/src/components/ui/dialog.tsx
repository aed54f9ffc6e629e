import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';

const sizeClass = { default: 'dialog', small: 'dialog dialog--small', wide: 'dialog dialog--wide' } as const;

/**
 * The one dialog shell (Radix Dialog: focus trap, Escape, 閉じる on the overlay): overlay, centred
 * panel, title, and either a header close button or, for a short confirmation, a description
 * under the title and the dialog's own buttons to leave it.
 */
export function Dialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title; shown under it. */
  description?: ReactNode;
  /** The ✕ button in the header (default). Confirmations close with their own キャンセル. */
  closeButton?: boolean;
  size?: keyof typeof sizeClass;
  /** A destructive confirmation: announced as an alert dialog. */
  alert?: boolean;
  /** Opened from inside another dialog: its overlay covers the first one. */
  nested?: boolean;
  /** The button that opens it, rendered in place (its open state is announced on it). */
  trigger?: ReactElement;
  children?: ReactNode;
}) {
  const title = <RadixDialog.Title className="dialog__title">{props.title}</RadixDialog.Title>;
  return (
    <RadixDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger && <RadixDialog.Trigger asChild>{props.trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={`dialog__overlay${props.nested ? ' dialog__overlay--nested' : ''}`} />
        <RadixDialog.Content
          className={sizeClass[props.size ?? 'default']}
          {...(props.alert ? { role: 'alertdialog' } : {})}
          {...(props.description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          {props.closeButton === false ? (
            title
          ) : (
            <div className="dialog__header">
              {title}
              <RadixDialog.Close className="icon-button" aria-label="閉じる">
                <X size={20} aria-hidden />
              </RadixDialog.Close>
            </div>
          )}
          {props.description !== undefined && (
            <RadixDialog.Description className="setting__text">{props.description}</RadixDialog.Description>
          )}
          {props.children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button inside a dialog that closes it (キャンセル). */
export const DialogClose = RadixDialog.Close;
