import { useEffect } from 'react';

export const SITE_NAME = 'みんなのクイズ';

/** The document title for a page: 「<page> | みんなのクイズ」, or the site's name alone for home. */
export const pageTitle = (title: string | null) => (title ? `${title} | ${SITE_NAME}` : SITE_NAME);

/**
 * Sets the document title while the page is shown, so every route (and a tab, a bookmark, a
 * screen reader announcing the page) says which page it is. `null` is the home page.
 */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = pageTitle(title);
    // A route that sets no title of its own does not keep the previous page's.
    return () => {
      document.title = SITE_NAME;
    };
  }, [title]);
}
