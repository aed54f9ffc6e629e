import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudyPlan } from '@shared/learning';
import { json, renderWithProviders } from '@web/testing/render';
import { plan, TODAY } from '../testing/learning-records';
import { examCountdown, PlanPanel } from './plan-panel';

afterEach(() => vi.unstubAllGlobals());

const categories = [
  { id: 'c1', name: '歴史', description: '', color: '#000000', icon: 'book', isActive: true },
  { id: 'c2', name: '科学', description: '', color: '#000000', icon: 'flask', isActive: true },
];

/** The plan calls over plans kept here (a new one is active and the others are not, as the server does). */
function server(initial: StudyPlan[], answers: { create?: () => Response } = {}) {
  let plans = [...initial];
  const sent: { method: string; url: string; body: Record<string, unknown> | undefined }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/categories') return json(categories);
    if (url === '/api/study-plans' && method === 'GET') return json({ plans });
    if (url === '/api/study-plans' && method === 'POST') {
      if (answers.create) return answers.create();
      const created = plan({
        ...(body as Partial<StudyPlan>),
        id: '22222222-2222-4222-8222-222222222222',
        progress: 0,
      });
      plans = [created, ...plans.map((item) => ({ ...item, isActive: false }))];
      return json(created, 201);
    }
    const id = url.replace('/api/study-plans/', '');
    if (method === 'PUT') {
      plans = plans.map((item) =>
        item.id === id ? { ...item, ...body } : body?.isActive ? { ...item, isActive: false } : item,
      );
      return json(plans.find((item) => item.id === id));
    }
    if (method === 'DELETE') {
      plans = plans.filter((item) => item.id !== id);
      return json({ deleted: true, message: '学習プランを削除しました' });
    }
    return json({ message: 'Not Found' }, 404);
  });
  return { sent };
}

describe('the study plan panel', () => {
  it('shows the active plan: goals, progress, period and the countdown to the exam', async () => {
    server([plan()]);
    renderWithProviders(<PlanPanel userId="u1" today={TODAY} />);
    expect(await screen.findByRole('heading', { name: '世界史の試験対策' })).toBeTruthy();
    expect(screen.getByText('試験まであと10日')).toBeTruthy();
    expect(screen.getByText('（2026年12月6日（日））')).toBeTruthy();
    const meter = screen.getByRole('progressbar', { name: 'プランの進み具合' });
    expect([meter.getAttribute('aria-valuenow'), meter.getAttribute('aria-valuetext')]).toEqual([
      '40',
      '40%',
    ]);
    expect(screen.getByText('1日10問・週70問')).toBeTruthy();
    expect([examCountdown(TODAY, TODAY), examCountdown('2026-11-25', TODAY)]).toEqual([
      '今日が試験日です',
      '試験日を過ぎました',
    ]);
  });

  it('creates a plan in the editor, checked with the server’s schema first, and keeps the dialog when the server refuses', async () => {
    const refusal = () =>
      json({ message: '学習プランは20件までです。不要なプランを削除してから作成してください' }, 409);
    const { sent } = server([], { create: refusal });
    const user = userEvent.setup();
    renderWithProviders(<PlanPanel userId="u1" today={TODAY} />);
    expect(await screen.findByText(/実行中の学習プランはありません/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '新しいプラン' }));
    const dialog = screen.getByRole('dialog', { name: '学習プランを作成' });
    await user.clear(within(dialog).getByLabelText('1日の目標（問）'));
    await user.type(within(dialog).getByLabelText('1日の目標（問）'), '0');
    await user.click(within(dialog).getByRole('button', { name: '作成する' }));
    expect(within(dialog).getByText('タイトルは1〜100文字で入力してください')).toBeTruthy();
    expect(within(dialog).getByText('1日の目標は1〜500問の整数で指定してください')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('タイトル'), '歴史検定');
    await user.clear(within(dialog).getByLabelText('1日の目標（問）'));
    await user.type(within(dialog).getByLabelText('1日の目標（問）'), '20');
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBe(3));
    await user.selectOptions(within(dialog).getByLabelText('対象カテゴリ'), '歴史');
    await user.type(within(dialog).getByLabelText('試験日（任意）'), '2026-12-20');
    await user.click(within(dialog).getByRole('button', { name: '作成する' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      title: '歴史検定',
      description: '',
      targetCategory: '歴史',
      dailyGoal: 20,
      weeklyGoal: 35,
      targetExamDate: '2026-12-20',
      startDate: TODAY,
      endDate: null,
    });
    // Refused: the dialog stays with what was typed.
    expect(screen.getByRole('dialog', { name: '学習プランを作成' })).toBeTruthy();
  });

  it('keeps a plan’s category that is no longer active as the editor’s choice', async () => {
    const { sent } = server([plan({ targetCategory: '地理' })]);
    const user = userEvent.setup();
    renderWithProviders(<PlanPanel userId="u1" today={TODAY} />);
    await user.click((await screen.findAllByRole('button', { name: '「世界史の試験対策」を編集' }))[0]!);
    const editor = screen.getByRole('dialog', { name: '学習プランを編集' });
    const select = within(editor).getByLabelText<HTMLSelectElement>('対象カテゴリ');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: '地理（現在は選べないカテゴリ）' })).toBeTruthy(),
    );
    expect(select.value).toBe('地理');
    await user.type(within(editor).getByLabelText('タイトル'), '！');
    await user.click(within(editor).getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ title: '世界史の試験対策！' });
  });

  it('activates, edits and deletes the other plans from the list', async () => {
    const other = plan({
      id: '33333333-3333-4333-8333-333333333333',
      title: '英単語',
      isActive: false,
      targetExamDate: null,
    });
    const { sent } = server([plan(), other]);
    const user = userEvent.setup();
    renderWithProviders(<PlanPanel userId="u1" today={TODAY} />);
    await user.click(await screen.findByText('すべてのプラン（2件）'));
    await user.click(screen.getByRole('button', { name: '「英単語」を実行中にする' }));
    expect(await screen.findByRole('heading', { name: '英単語' })).toBeTruthy();
    expect(sent[0]).toEqual({ method: 'PUT', url: `/api/study-plans/${other.id}`, body: { isActive: true } });

    await user.click(screen.getAllByRole('button', { name: '「英単語」を編集' })[0]!);
    const editor = screen.getByRole('dialog', { name: '学習プランを編集' });
    await user.clear(within(editor).getByLabelText('タイトル'));
    await user.type(within(editor).getByLabelText('タイトル'), '英単語1000');
    await user.click(within(editor).getByRole('button', { name: '保存する' }));
    expect(await screen.findByRole('heading', { name: '英単語1000' })).toBeTruthy();
    expect(sent[1]).toEqual({
      method: 'PUT',
      url: `/api/study-plans/${other.id}`,
      body: { title: '英単語1000' },
    });

    await user.click(screen.getByRole('button', { name: '「世界史の試験対策」を削除' }));
    const confirm = screen.getByRole('alertdialog', { name: '学習プランを削除しますか？' });
    await user.click(within(confirm).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(screen.queryByText('すべてのプラン（2件）')).toBeNull());
    expect(screen.getByText('すべてのプラン（1件）')).toBeTruthy();
  });
});
