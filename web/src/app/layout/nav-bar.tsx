import { Suspense, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { LogIn, Menu, RotateCw } from 'lucide-react';
import type { CurrentUser } from '@shared/users';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { currentUserFailed } from '@web/components/current-user-failed';
import { currentPath, type LoginState } from '@web/lib/auth/return-path';
import { paths } from '@web/config/paths';
import { lazyAfterFirstLoad } from '@web/lib/first-load-settled';
import { MembershipButton } from './membership-button';
import { navLinks } from './nav-links';
import { UserMenuFace } from './user-menu-face';

// Only signed-in people need the menu (and its popover positioning code): loaded once the page is up.
const UserMenu = lazyAfterFirstLoad(async () => ({ default: (await import('./user-menu')).UserMenu }));
// The phone drawer (a Radix dialog) too: until it arrives its button is shown inert.
const MobileDrawer = lazyAfterFirstLoad(async () => ({
  default: (await import('./mobile-drawer')).MobileDrawer,
}));

/** Pages from which the login button keeps the return path it was given. */
const AUTH_PATHS: string[] = [paths.login, paths.register];

/** The navigation bar on every screen (docs/spec/core-platform.md §2). */
export function NavBar() {
  const current = useCurrentUser();
  const { data: user, isPending } = current;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const onDrawerChange = useCallback((open: boolean) => setDrawerOpen(open), []);
  const links = navLinks(user);
  const location = useLocation();
  const returnHere: LoginState | undefined = AUTH_PATHS.includes(location.pathname)
    ? (location.state as LoginState | undefined)
    : { returnTo: currentPath(location) };
  const { innerRef, linksRef, compact } = useLinksFit(links.length, isPending, user);

  // While the current user is still loading, show neither a login button nor a menu (no flicker).
  const account = isPending ? (
    <span className="user-menu__placeholder" aria-hidden />
  ) : currentUserFailed(current) ? (
    // Who is signed in could not be read (not a 401): a signed-in member is not told to log in.
    <button type="button" className="button button--small" onClick={() => void current.refetch()}>
      <RotateCw size={16} aria-hidden />
      再読み込み
      <span className="visually-hidden">（ログイン状態を確認できませんでした）</span>
    </button>
  ) : user ? (
    <>
      <MembershipButton user={user} />
      <Suspense fallback={<UserMenuButtonLook user={user} />}>
        <UserMenu user={user} />
      </Suspense>
    </>
  ) : (
    <Link
      to={paths.login}
      // Back to this page once signed in (the address stays '/login').
      state={returnHere}
      className="button button--primary button--small"
      onClick={() => setDrawerOpen(false)}
    >
      <LogIn size={16} aria-hidden />
      ログイン
    </Link>
  );

  return (
    <header className={`nav${compact ? ' nav--compact' : ''}`}>
      <div className="nav__inner container" ref={innerRef}>
        <Suspense
          fallback={
            <button
              type="button"
              className="icon-button nav__menu-button"
              aria-label="メニューを開く"
              disabled
            >
              <Menu size={22} aria-hidden />
            </button>
          }
        >
          <MobileDrawer
            links={links}
            open={drawerOpen}
            onOpenChange={onDrawerChange}
            footer={user ? <MembershipButton user={user} /> : account}
          />
        </Suspense>
        {/* Named by its content, not an aria-label: the name must contain the visible text (WCAG 2.5.3). */}
        <Link to={paths.home} className="brand">
          <span className="brand__mark" aria-hidden>
            Q
          </span>
          <span className="brand__name">みんなのクイズ</span>
          <span className="brand__beta">β</span>
          <span className="visually-hidden">ホーム</span>
        </Link>
        <nav aria-label="メインナビゲーション" className="nav__links" ref={linksRef}>
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              className={({ isActive }) => `nav__link${isActive ? ' is-active' : ''}`}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="nav__account">{account}</div>
      </div>
    </header>
  );
}

/**
 * The user menu's button as it will look, inert, until the menu's code arrives: the bar does not
 * move when it comes (an empty 120 px pill, narrower than the name, moved the upgrade button).
 */
function UserMenuButtonLook({ user }: { user: CurrentUser }) {
  return (
    <span className="user-menu__trigger user-menu__trigger--loading" aria-hidden>
      <UserMenuFace user={user} />
    </span>
  );
}

/** How short the member's name in the bar may get (truncated) before the links give way. */
const NAME_LEAST_EM = 4;

/**
 * The least width an element of the bar can take: its width, except that the account area counts
 * its children at their own widths, the member's name at no more than `NAME_LEAST_EM` (it is
 * truncated rather than pushing the links into the drawer).
 */
function leastWidth(element: Element): number {
  if (!element.classList.contains('nav__account')) return element.getBoundingClientRect().width;
  const gap = parseFloat(getComputedStyle(element).columnGap) || 0;
  const children = [...element.children];
  return children.reduce((sum, child, index) => {
    const width = child.getBoundingClientRect().width;
    const name = child.querySelector('.user-menu__name');
    const least = name
      ? width -
        name.getBoundingClientRect().width +
        Math.min(name.scrollWidth, NAME_LEAST_EM * parseFloat(getComputedStyle(name).fontSize))
      : width;
    return sum + least + (index > 0 ? gap : 0);
  }, 0);
}

/**
 * Whether the links fit on one line beside the brand and the account area, at this width and for
 * this member's links (more for pro members and administrators). When they do not, they give way
 * to the menu button and the drawer. The links stay in the page (hidden, out of the flow) so their
 * full width is known at every width; below 900 px the stylesheet hides them anyway.
 */
function useLinksFit(...watch: unknown[]) {
  const innerRef = useRef<HTMLDivElement>(null);
  const linksRef = useRef<HTMLElement>(null);
  const [compact, setCompact] = useState(false);
  useLayoutEffect(() => {
    const inner = innerRef.current;
    const links = linksRef.current;
    if (!inner || !links || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const style = getComputedStyle(inner);
      const gap = parseFloat(style.columnGap) || 0;
      const available = inner.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const others = [...inner.children].filter(
        (child) => child !== links && !child.classList.contains('nav__menu-button'),
      );
      const needed =
        others.reduce((sum, child) => sum + leastWidth(child), 0) + links.scrollWidth + gap * others.length;
      setCompact(needed > available);
    };
    // No measuring here: reading sizes during the commit would force a layout of the whole page
    // before its first paint. The observer reports every observed box once right after layout
    // (before that frame is painted), and again whenever one of them changes size.
    const observer = new ResizeObserver(measure);
    observer.observe(inner);
    for (const child of inner.children) observer.observe(child);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-measure when the links or the account area change
  }, watch);
  return { innerRef, linksRef, compact };
}
