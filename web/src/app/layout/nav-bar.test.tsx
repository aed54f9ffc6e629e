import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogReady, fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { NavBar } from './nav-bar';

afterEach(() => vi.unstubAllGlobals());

const member = { id: 'u1', username: 'taro', nickname: '', email: null, isAdmin: false, isPro: false };

describe('NavBar', () => {
  it('shows guests only Home and a login button', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/auth/me': () => json({ message: 'ログインが必要です' }, 401) }).fetchImpl,
    );
    renderWithProviders(<NavBar />);
    expect(await screen.findByRole('link', { name: /ログイン/ })).toHaveProperty('pathname', '/login');
    const nav = screen.getByRole('navigation', { name: 'メインナビゲーション' });
    expect(nav.textContent).toBe('ホーム');
  });

  it('does not ask a member to log in when who is signed in cannot be read, and reads it again on request', async () => {
    let failing = true;
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/me': () => (failing ? json({ message: 'サーバーエラー' }, 500) : json(member)),
      }).fetchImpl,
    );
    renderWithProviders(<NavBar />);
    const again = await screen.findByRole('button', {
      name: '再読み込み（ログイン状態を確認できませんでした）',
    });
    expect(screen.queryByRole('link', { name: /ログイン/ })).toBeNull();
    failing = false;
    fireEvent.click(again);
    expect(await screen.findByRole('button', { name: 'taro さんのメニュー' })).toBeTruthy();
  });

  it('lights up member links, the upgrade button and the username when there is no nickname', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/auth/me': () => json(member) }).fetchImpl);
    renderWithProviders(<NavBar />);
    // The menu's own button, once its code is in (until then an inert look-alike shows the name). It
    // is named by the member also where the name is not shown (a phone shows the icon).
    const menu = await screen.findByRole('button', { name: 'taro さんのメニュー' });
    expect(menu.textContent).toBe('taro');
    const nav = screen.getByRole('navigation', { name: 'メインナビゲーション' });
    expect([...nav.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/quiz-search',
      '/multiplayer',
      '/profile',
      '/learning',
      '/my-quizzes',
    ]);
    expect(screen.getByRole('link', { name: /アップグレード/ }).getAttribute('href')).toBe('/pro-checkout');
    // The search page's link is named as the page it opens.
    expect(nav.querySelector('a[href="/quiz-search"]')?.textContent).toBe('クイズを探す');
  });

  it('adds focused study for pro members and admin for administrators, and the membership badge', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/auth/me': () => json({ ...member, nickname: 'はなこ', isPro: true, isAdmin: true }) })
        .fetchImpl,
    );
    renderWithProviders(<NavBar />);
    expect(await screen.findByText('はなこ')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'メインナビゲーション' });
    expect(nav.textContent).toContain('集中学習');
    expect(nav.textContent).toContain('管理');
    expect(screen.getByRole('link', { name: /アドバンスド会員/ }).getAttribute('href')).toBe('/pro-checkout');
  });

  it('labels the badge 解約予定 once the subscription is cancelled but still running', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/me': () => json({ ...member, isPro: true }),
        '/api/user/pro': () =>
          json({
            isPro: true,
            status: 'cancelled_but_active',
            expiresAt: '2026-12-25T00:00:00.000Z',
            message: '',
          }),
      }).fetchImpl,
    );
    renderWithProviders(<NavBar />);
    expect(await screen.findByRole('link', { name: /アドバンスド会員（解約予定）/ })).toBeTruthy();
  });

  it('opens the drawer with the menu button and with a right swipe of more than 60 px, not less', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/auth/me': () => json(member) }).fetchImpl);
    renderWithProviders(<NavBar />);
    await screen.findByText('taro');
    // The drawer's code comes after the page (its stand-in button is disabled); a swipe before it
    // has nothing to listen to it.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'メニューを開く' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );

    const swipe = (dx: number, from: Element = document.body) => {
      fireEvent.touchStart(from, { touches: [{ clientX: 10, clientY: 200 }] });
      fireEvent.touchEnd(from, { changedTouches: [{ clientX: 10 + dx, clientY: 205 }] });
    };
    swipe(50);
    expect(screen.queryByRole('dialog')).toBeNull();
    // A slider dragged, or a row scrolled sideways (the learning calendar), is not a swipe.
    const slider = document.body.appendChild(
      Object.assign(document.createElement('input'), { type: 'range' }),
    );
    const row = document.body.appendChild(document.createElement('div'));
    row.style.overflowX = 'auto';
    Object.defineProperty(row, 'scrollWidth', { value: 800 });
    Object.defineProperty(row, 'clientWidth', { value: 300 });
    const day = row.appendChild(document.createElement('span'));
    swipe(120, slider);
    swipe(120, day);
    expect(screen.queryByRole('dialog')).toBeNull();
    slider.remove();
    row.remove();
    swipe(80);
    const drawer = await dialogReady(await screen.findByRole('dialog'));
    expect(drawer.textContent).toContain('マイクイズ');
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'メニューを開く' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
