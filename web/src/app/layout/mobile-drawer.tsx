import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { UI } from '@shared/constants';
import type { NavLink as NavLinkEntry } from './nav-links';

/**
 * The mobile drawer repeating the navigation links. It opens from the menu button or with a
 * right swipe of more than 60 px anywhere on the page (except on toasts, which swipe away).
 */
export function MobileDrawer(props: {
  links: NavLinkEntry[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  footer?: React.ReactNode;
}) {
  const { onOpenChange } = props;
  const start = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      const target = event.target as Element | null;
      if (
        !touch ||
        event.touches.length > 1 ||
        target?.closest('.toast-viewport, .toast, input, textarea, select') ||
        inSidewaysScroller(target)
      ) {
        start.current = null;
        return;
      }
      start.current = { x: touch.clientX, y: touch.clientY };
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      const from = start.current;
      start.current = null;
      if (!touch || !from) return;
      const dx = touch.clientX - from.x;
      const dy = Math.abs(touch.clientY - from.y);
      if (dx > UI.drawerSwipeThresholdPx && dx > dy) onOpenChange(true);
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
    };
  }, [onOpenChange]);

  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Trigger className="icon-button nav__menu-button" aria-label="メニューを開く">
        <Menu size={22} aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer__overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <div className="drawer__header">
            <Dialog.Title className="drawer__title">メニュー</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="メニューを閉じる">
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label="メインメニュー" className="drawer__nav">
            {props.links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end
                className={({ isActive }) => `drawer__link${isActive ? ' is-active' : ''}`}
                onClick={() => props.onOpenChange(false)}
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          {props.footer && <div className="drawer__footer">{props.footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Whether a swipe that starts on `target` is the page's own sideways move (a slider, the learning
 * calendar scrolled back, a row of tabs): an element on its way up that scrolls sideways.
 */
function inSidewaysScroller(target: Element | null): boolean {
  for (let element = target; element && element !== document.body; element = element.parentElement) {
    if (element.scrollWidth <= element.clientWidth) continue;
    const overflow = getComputedStyle(element).overflowX;
    if (overflow === 'auto' || overflow === 'scroll') return true;
  }
  return false;
}
