import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a move to another page (not the first page, not a change of the query alone), the focus goes
 * to the page's main content, unless the page put it somewhere inside already (the play and game
 * views focus their own headings): a keyboard or screen-reader user starts on the new page, not on
 * the link they left or on nothing.
 */
export function useFocusOnNavigation(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = main.current;
    if (!element || element.contains(document.activeElement)) return;
    element.focus({ preventScroll: true });
  }, [pathname, main]);
}
