import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hanako } from '@web/testing/members';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { ClassGamesPage } from './games-page';
import { ClassResultsPage } from './results-page';

const results = {
  quizTitle: '日本の地理',
  playedAt: '2026-11-27T01:00:00.000Z',
  players: [
    { nickname: 'たろう', score: 1900, correctCount: 2, rank: 1 },
    { nickname: 'じろう', score: 700, correctCount: 1, rank: 2 },
  ],
  questions: [
    { text: '一番広い県は？', correctRate: 50, optionCounts: { A: 1, B: 1, C: 0, D: 0 } },
    { text: '一番高い山は？', correctRate: 100, optionCounts: { A: 2, B: 0, C: 0, D: 0 } },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function setUp(route: string, answers: Record<string, () => Response> = {}) {
  const fake = fakeFetch({ '/api/auth/me': () => json(hanako), ...answers });
  vi.stubGlobal('fetch', fake.fetchImpl);
  renderWithProviders(
    <Routes>
      <Route path="/classroom" element={<ClassGamesPage />} />
      <Route path="/classroom/:gameId" element={<p>ゲーム画面</p>} />
      <Route path="/classroom/:gameId/results" element={<ClassResultsPage />} />
    </Routes>,
    { route },
  );
  return fake;
}

describe('/classroom', () => {
  it('lists the host’s games, a live one to its screen and each to its results', async () => {
    setUp('/classroom', {
      '/api/classroom/games': () =>
        json({
          games: [
            {
              gameId: 'g2',
              quizTitle: '世界史クイズ',
              playedAt: '2026-11-27T02:00:00.000Z',
              state: 'lobby',
              playerCount: 3,
            },
            {
              gameId: 'g1',
              quizTitle: '日本の地理',
              playedAt: '2026-11-27T01:00:00.000Z',
              state: 'finished',
              playerCount: 2,
            },
          ],
        }),
    });
    expect(await screen.findByRole('heading', { name: '世界史クイズ' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /のゲーム画面を開く/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: '「日本の地理」の結果' }).getAttribute('href')).toBe(
      '/classroom/g1/results',
    );
    await userEvent.setup().click(screen.getByRole('link', { name: '「世界史クイズ」のゲーム画面を開く' }));
    expect(await screen.findByText('ゲーム画面')).toBeTruthy();
  });

  it('says when there are none', async () => {
    setUp('/classroom', { '/api/classroom/games': () => json({ games: [] }) });
    expect(await screen.findByText('まだクラスゲームはありません。')).toBeTruthy();
  });
});

describe('/classroom/:gameId/results', () => {
  it('shows the players’ table and each question’s correct rate and option counts', async () => {
    setUp('/classroom/g1/results', { '/api/classroom/games/g1/results': () => json(results) });
    expect(await screen.findByRole('heading', { name: '日本の地理 の結果' })).toBeTruthy();
    const players = screen.getByRole('table', { name: '参加者の成績' });
    expect(
      within(players)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1位たろう2 / 21,900点', '2位じろう1 / 2700点']);
    const questions = screen.getByRole('table', { name: '問題ごとの正答率と回答数' });
    expect(
      within(questions)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1. 一番広い県は？50.0%1100', '2. 一番高い山は？100.0%2000']);
  });

  it('downloads the CSV through the API', async () => {
    const fake = setUp('/classroom/g1/results', {
      '/api/classroom/games/g1/results': () => json(results),
      '/api/classroom/games/g1/results.csv': () =>
        new Response('\uFEFF順位,ニックネーム\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': "attachment; filename*=UTF-8''%E7%B5%90%E6%9E%9C.csv",
          },
        }),
    });
    const created: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:1', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this.download);
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'CSVをダウンロード' }));
    await waitFor(() => expect(created).toEqual(['結果.csv']));
    expect(fake.calls.some((call) => call.url === '/api/classroom/games/g1/results.csv')).toBe(true);
    click.mockRestore();
  });

  it('says when the game is not found', async () => {
    setUp('/classroom/g9/results');
    expect(await screen.findByRole('heading', { name: 'クラスゲームが見つかりません' })).toBeTruthy();
  });
});
