import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { LogIn } from 'lucide-react';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { paths } from '@web/config/paths';
import { MembershipButton } from './membership-button';
import { MobileDrawer } from './mobile-drawer';
import { navLinks } from './nav-links';

// Only signed-in people need the menu (and its popover positioning code): loaded on demand.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

/** The navigation bar on every screen (core-platform §2). */
export function NavBar() {
  const { data: user, isPending } = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const onDrawerChange = useCallback((open: boolean) => setDrawerOpen(open), []);
  const links = navLinks(user);

  // While the current user is still loading, show neither a login button nor a menu (no flicker).
  const account = isPending ? (
    <span className="user-menu__placeholder" aria-hidden />
  ) : user ? (
    <>
      <MembershipButton user={user} />
      <Suspense fallback={<span className="user-menu__trigger user-menu__placeholder" aria-hidden />}>
        <UserMenu user={user} />
      </Suspense>
    </>
  ) : (
    <Link
      to={paths.login}
      className="button button--primary button--small"
      onClick={() => setDrawerOpen(false)}
    >
      <LogIn size={16} aria-hidden />
      ログイン
    </Link>
  );

  return (
    <header className="nav">
      <div className="nav__inner container">
        <MobileDrawer
          links={links}
          open={drawerOpen}
          onOpenChange={onDrawerChange}
          footer={user ? <MembershipButton user={user} /> : account}
        />
        <Link to={paths.home} className="brand" aria-label="みんなのクイズ ホーム">
          <span className="brand__mark" aria-hidden>
            Q
          </span>
          <span className="brand__name">みんなのクイズ</span>
          <span className="brand__beta">β</span>
        </Link>
        <nav aria-label="メインナビゲーション" className="nav__links">
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
