import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser-session';
import { SCREENSHOTS, useE2EStack } from '../support/e2e';
import { UNTIL_TRUE } from '../support/limits';
import { firstLoadReads } from '@web/lib/first-load';

/** Smoke test of the web shell in real headless Chromium against the whole local e2e.stack(). */
const screenshots = SCREENSHOTS;

const e2e = useE2EStack();

describe('web shell', () => {
  it('shows the Japanese home page with the categories from DynamoDB Local', async () => {
    const context = await e2e.browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(e2e.stack().appUrl);
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('みんなのクイズ');
    const categories = page.locator('.category-card__name');
    await categories.first().waitFor();
    expect(await categories.allTextContents()).toEqual([
      '科学',
      '一般知識',
      '歴史',
      'スポーツ',
      'エンターテイメント',
      '料理',
      '資格',
      '地理',
    ]);
    const footer = page.getByRole('navigation', { name: 'フッター' });
    for (const href of ['/terms', '/privacy', '/guidelines', '/help', '/faq', '/tokutei-shoutorihikihou']) {
      expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'ログイン' }).getAttribute('href')).toBe('/login');
    await page.getByRole('link', { name: 'クイズを作る' }).waitFor();
    expect(await page.getByRole('link', { name: 'クイズを作る' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fmy-quizzes',
    );
    await page.screenshot({ path: join(screenshots, 'home.png'), fullPage: true });
    await expectNoSeriousViolations(page, 'home');
    await context.close();
  });

  it('shows the not-found page for an unknown path and leads back home', async () => {
    const context = await e2e.browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.stack().appUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'ページが見つかりません' }).waitFor();
    expect(await page.title()).toBe('ページが見つかりません | みんなのクイズ');
    await expectNoSeriousViolations(page, 'not found');
    await page.screenshot({ path: join(screenshots, 'not-found.png'), fullPage: true });
    await page.getByRole('link', { name: 'ホームに戻る' }).click();
    await page.waitForURL(`${e2e.stack().appUrl}/`);
    await page.locator('.category-card__name').first().waitFor();
    await context.close();
  });

  it('shows every link from 1024 px for any member and nickname (the name is truncated), and fits the bar at every width from 320 px', async () => {
    // A nickname of the longest allowed (20), for a free member, a pro member, and the longest set
    // of links: a pro member who is also an administrator.
    const nickname = 'あいうえおかきくけこさしすせそたちつてと';
    for (const [who, overrides] of [
      ['free', { nickname }],
      ['pro', { isPro: true, nickname }],
      ['admin-pro', { role: 'admin' as const, isPro: true, nickname }],
    ] as const) {
      await checkNavigation(who, overrides);
    }
  });

  async function checkNavigation(who: string, overrides: Parameters<typeof signedInContext>[2]) {
    const { context } = await signedInContext(e2e.browser(), e2e.stack(), overrides);
    const page = await context.newPage();
    const widths =
      who === 'admin-pro'
        ? [320, 390, 768, 960, 1024, 1100, 1190, 1280, 1366, 1600, 1920]
        : [1024, 1366, 1920];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
      await page.getByRole('heading', { level: 1, name: 'マイクイズ' }).waitFor();
      // The account area is complete (the user menu loads on demand) before the bar is measured.
      await page.locator('button.user-menu__trigger').waitFor();
      const layout = await page.evaluate(() => {
        const inner = document.querySelector('.nav__inner')!;
        const box = inner.getBoundingClientRect();
        const visible = (element: Element | null) =>
          element !== null &&
          getComputedStyle(element).visibility !== 'hidden' &&
          getComputedStyle(element).display !== 'none';
        const menu = document.querySelector('.nav__menu-button');
        const links = document.querySelector('.nav__links');
        return {
          overflow: document.documentElement.scrollWidth > window.innerWidth,
          // Everything shown in the bar is inside it.
          outside: [...inner.querySelectorAll('a, button')]
            .filter((element) => visible(element) && element.getBoundingClientRect().width > 0)
            .filter((element) => {
              const rect = element.getBoundingClientRect();
              return rect.left < box.left - 1 || rect.right > box.right + 1;
            })
            .map((element) => element.textContent),
          menuShown: visible(menu),
          linksShown: visible(links) && links!.scrollWidth <= links!.clientWidth + 1,
        };
      });
      expect(layout.overflow, `${who} ${width}px`).toBe(false);
      expect(layout.outside, `${who} ${width}px`).toEqual([]);
      // Either every link is there, or the menu button is; from 1024 px, the links.
      expect(layout.menuShown || layout.linksShown, `${who} ${width}px`).toBe(true);
      if (width >= 1024) expect(layout.linksShown && !layout.menuShown, `${who} ${width}px`).toBe(true);
      if (layout.menuShown) {
        await page.getByRole('button', { name: 'メニューを開く' }).click();
        const drawer = page.getByRole('dialog', { name: 'メニュー' });
        for (const name of ['クイズを探す', 'マイクイズ', '集中学習', '管理'])
          await drawer.getByRole('link', { name }).waitFor();
        // The drawer takes the focus in the same effects that start listening for Escape: once it
        // has it, Escape closes it (on a busy machine the links can show before those effects run).
        await expect
          .poll(() => drawer.evaluate((element) => element.contains(document.activeElement)), UNTIL_TRUE)
          .toBe(true);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
      } else {
        const nav = page.getByRole('navigation', { name: 'メインナビゲーション' });
        const names =
          who === 'admin-pro'
            ? ['クイズを探す', 'マイクイズ', '集中学習', '管理']
            : ['クイズを探す', 'マイクイズ'];
        for (const name of names) expect(await nav.getByRole('link', { name }).isVisible()).toBe(true);
      }
      if ([320, 1024, 1366].includes(width))
        await page.screenshot({ path: join(screenshots, `nav-${who}-${width}.png`) });
    }
    await context.close();
  }

  it('shows compact category chips and 12 quizzes at a time on a phone, with no serious axe violation', async () => {
    const context = await e2e
      .browser()
      .newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(e2e.stack().appUrl);
    await page.locator('.category-card__name').first().waitFor();
    await page.locator('.quiz-card').first().waitFor();
    // 新着クイズ comes within the first screens, not below eight tall category cards.
    const latest = await page.getByRole('heading', { name: '新着クイズ' }).boundingBox();
    expect(latest!.y).toBeLessThan(1800);
    const chip = await page.locator('.category-grid button').first().boundingBox();
    expect(chip!.height).toBeLessThanOrEqual(48);
    expect(chip!.height).toBeGreaterThanOrEqual(44);
    expect(await page.locator('.quiz-grid > li').count()).toBeLessThanOrEqual(12);
    const status = page.locator('.load-more [role=status]');
    const total = Number(/(\d+)件(?:以上)?のうち/.exec((await status.textContent())!)![1]);
    if (total > 12) {
      await page.getByRole('button', { name: 'もっと見る' }).click();
      expect(await page.locator('.quiz-grid > li').count()).toBe(Math.min(24, total));
    }
    // Every control is at least 44 px tall (tap targets), and no placeholder is cut off.
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('button, a.button, .icon-button, .chip, select, input')]
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .map((element) => ({ element, rect: element.getBoundingClientRect() }))
        .filter(({ rect }) => rect.width > 0 && rect.height < 44)
        .map(
          ({ element, rect }) =>
            `${element.tagName} ${element.textContent?.trim() || element.getAttribute('aria-label')} ${Math.round(rect.height)}px`,
        ),
    );
    expect(small).toEqual([]);
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
        .filter((input) => {
          const probe = document.createElement('span');
          probe.style.cssText = `position:absolute;white-space:nowrap;font:${getComputedStyle(input).font}`;
          probe.textContent = input.placeholder;
          document.body.append(probe);
          const style = getComputedStyle(input);
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const fits = probe.getBoundingClientRect().width <= room;
          probe.remove();
          return !fits;
        })
        .map((input) => input.placeholder),
    );
    expect(cut).toEqual([]);
    await expectNoSeriousViolations(page, 'home on a phone');
    // The focus ring: solid, and at least 3:1 against the page.
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { color: style.outlineColor, width: parseFloat(style.outlineWidth), style: style.outlineStyle };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ringRgb = ring.color.match(/\d+/g)!.slice(0, 3).map(Number);
    const contrast = (1 + 0.05) / (luminance(ringRgb) + 0.05);
    expect(contrast).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it('opens the mobile drawer from the menu button and F8 focuses the notification area', async () => {
    const page = await e2e.browser().newPage({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(e2e.stack().appUrl);
    await page.locator('.category-card__name').first().waitFor();
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    const drawer = page.getByRole('dialog', { name: 'メニュー' });
    await drawer.waitFor();
    await page.waitForTimeout(400); // let the slide-in finish before the screenshot
    await page.screenshot({ path: join(screenshots, 'mobile-drawer.png') });
    await page.getByRole('button', { name: 'メニューを閉じる' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.keyboard.press('F8');
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('[role=region]')?.getAttribute('aria-label') ?? '',
      ),
    ).toBe('通知 (F8)');
    await page.screenshot({ path: join(screenshots, 'home-mobile.png'), fullPage: true });
    await page.close();
  });
  it('asks once for each piece of the data a page opens with, and shows it', async () => {
    const { context } = await signedInContext(e2e.browser(), e2e.stack(), {});
    const guest = await e2e.browser().newContext();
    const quizzes = (await (await fetch(`${e2e.stack().gateway.url}/api/quizzes?limit=1`)).json()) as {
      id: string;
    }[];
    const pages = [
      { context: guest, signedIn: false, path: '/', shown: '.quiz-card__title' },
      {
        context: guest,
        signedIn: false,
        path: `/quiz/${quizzes[0]!.id}`,
        shown: 'role=button[name="スタート"]',
      },
      { context, signedIn: true, path: '/quiz-search', shown: '.quiz-card__title' },
      {
        context,
        signedIn: true,
        path: '/my-quizzes',
        shown: 'text=まだクイズがありません。最初のクイズを作ってみましょう！',
      },
    ];
    for (const { context: browserContext, signedIn, path, shown } of pages) {
      const page = await browserContext.newPage();
      const reads: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.method() === 'GET' && url.pathname.startsWith('/api/'))
          reads.push(url.pathname + url.search);
      });
      await page.goto(`${e2e.stack().appUrl}${path}`);
      await page.locator(shown).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => window.__quizPreloaded instanceof Map), path).toBe(true);
      // Started early by the preload script and taken by the app: never a second request for the same data.
      expect(reads.length, path).toBeGreaterThan(1);
      expect(
        reads.filter((url, index) => reads.indexOf(url) !== index),
        path,
      ).toEqual([]);
      // And the page asks for exactly what the preload script started: a URL the app builds
      // differently would show here as one more request (and the early one left untaken).
      const preloaded = firstLoadReads(path, '');
      expect([...reads].sort(), path).toEqual(
        [...preloaded.always, ...(signedIn ? preloaded.signedIn : [])].sort(),
      );
      await page.close();
    }
    await guest.close();
    await context.close();
  });

  it('lays out what a phone and a laptop show without clipping, breaking or covering', async () => {
    for (const width of [390, 1366]) {
      const { context } = await signedInContext(
        e2e.browser(),
        e2e.stack(),
        { nickname: 'デモユーザー' },
        { viewport: { width, height: 844 } },
      );
      const page = await context.newPage();
      const where = `${width} px`;

      // The search filters: on a phone each runs edge to edge, as the search box does.
      await page.goto(`${e2e.stack().appUrl}/quiz-search`);
      await page.locator('.quiz-card').first().waitFor();
      const filters = await page.evaluate(() =>
        [...document.querySelectorAll('.filters > *')].map(
          (element) => element.getBoundingClientRect().width,
        ),
      );
      if (width === 390) expect(new Set(filters.map(Math.round)).size, where).toBe(1);

      // The publish setting's two choices are whole (not clipped); from 1024 px each on one line
      // (its text's lines counted by their tops), on a phone in at most two.
      await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
      await page
        .getByRole('button', { name: /クイズを作成/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: '新しいクイズを作成' });
      await dialog.locator('.radio').first().waitFor();
      const choices = await dialog.locator('.radio').evaluateAll((labels) =>
        labels.map((label) => ({
          clipped: label.scrollWidth > label.clientWidth + 1,
          lines: (() => {
            const tops = new Set<number>();
            const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
            }
            // Tops a few pixels apart are one line (inline boxes of one line align by baseline).
            return [...tops]
              .sort((a, b) => a - b)
              .filter((top, index, sorted) => index === 0 || top - sorted[index - 1]! > 4).length;
          })(),
        })),
      );
      for (const choice of choices) {
        expect(choice.clipped, where).toBe(false);
        expect(choice.lines, where).toBeLessThanOrEqual(width >= 1024 ? 1 : 2);
      }
      await page.keyboard.press('Escape');

      // The greeting keeps the name with its さん.
      await page.goto(`${e2e.stack().appUrl}/profile`);
      const name = page.locator('.profile__greeting-name');
      await name.waitFor();
      expect(await name.evaluate((element) => element.getClientRects().length), where).toBe(1);

      // The result's toast does not cover the way on.
      await page.goto(`${e2e.stack().appUrl}/quiz/sample-science-basics`);
      await page.getByRole('button', { name: 'スタート' }).click();
      for (let question = 1; question <= 5; question++) {
        await page.getByText(`問題 ${question} / 5`).waitFor();
        await page.keyboard.press('1');
        await page.locator('.feedback').waitFor();
        await page.getByRole('button', { name: question === 5 ? '結果を見る' : '次の問題へ' }).click();
      }
      const toast = page.locator('.toast', { hasText: 'クイズ完了！' });
      await toast.waitFor();
      const onward = page.getByRole('link', { name: 'ほかのクイズを探す' });
      await onward.scrollIntoViewIfNeeded();
      const [toastBox, onwardBox] = await Promise.all([toast.boundingBox(), onward.boundingBox()]);
      const overlaps =
        toastBox!.x < onwardBox!.x + onwardBox!.width &&
        onwardBox!.x < toastBox!.x + toastBox!.width &&
        toastBox!.y < onwardBox!.y + onwardBox!.height &&
        onwardBox!.y < toastBox!.y + toastBox!.height;
      expect(overlaps, where).toBe(false);
      await page.screenshot({ path: join(screenshots, `result-toast-${width}.png`) });
      await context.close();
    }
  });
});
