/**
 * The built SPA's HTML pages, and which one a path gets (CloudFront's viewer-request function in
 * infra/constructs/web.ts, the local gateway, the Vite build): home has a page of its own whose
 * frame already holds its hero (web/home-frame.html), painted before any script runs; every other
 * route gets the plain frame (navigation bar and a loading placeholder).
 */
export const SPA_PAGES = { home: 'home.html', app: 'index.html' } as const;

/** The page a path without a file extension is answered with. */
export const spaPageFor = (pathname: string) => (pathname === '/' ? SPA_PAGES.home : SPA_PAGES.app);

/** The plain frame's content area, which home's page fills with its hero. */
export const FRAME_PLACEHOLDER =
  '<main class="main"><div class="page-loading" role="status" aria-label="読み込み中"></div></main>';

/** The plain page with home's hero in the frame (`heroFrame`: web/home-frame.html). */
export function withHomeFrame(html: string, heroFrame: string): string {
  if (!html.includes(FRAME_PLACEHOLDER)) throw new Error('the page frame has no content placeholder');
  return html.replace(FRAME_PLACEHOLDER, `<main class="main">${heroFrame.trim()}</main>`);
}
