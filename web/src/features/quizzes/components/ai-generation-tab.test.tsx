import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GeneratedQuiz } from '@shared/ai';
import { Toaster } from '@web/components/toast/toaster';
import { MyQuizzesPage } from '@web/features/quizzes/components/my-quizzes-page';
import { hanako } from '@web/testing/members';
import { dialogReady, fakeFetch, json, renderWithProviders } from '@web/testing/render';

afterEach(() => vi.unstubAllGlobals());

const category = (name: string) => ({
  id: name,
  name,
  description: '',
  color: '#3B82F6',
  icon: 'folder',
  isActive: true,
});
const generated: GeneratedQuiz = {
  title: '富士山クイズ',
  description: '日本一高い山についての問題です。',
  provider: 'offline',
  questions: [
    {
      text: '富士山の標高は何メートル？',
      options: { a: '3776', b: '3193', c: '3190', d: '3067' },
      correctAnswer: 'A',
      explanation: '富士山は標高3776メートルです。',
    },
    {
      text: '富士山がまたがる県は山梨県と？',
      options: { a: '長野県', b: '静岡県', c: '神奈川県', d: '東京都' },
      correctAnswer: 'B',
      explanation: '静岡県と山梨県にまたがります。',
    },
  ],
};

/** The page with the app's calls answered; the usage figure goes down by one per generation. */
function setUp(answers: Record<string, () => Response> = {}) {
  let remaining = 3;
  const fake = fakeFetch({
    '/api/auth/me': () => json(hanako),
    '/api/my-quizzes': () => json([]),
    '/api/favorites': () => json([]),
    '/api/categories': () => json([category('歴史'), category('地理')]),
    '/api/ai/usage-limit': () =>
      json({ canUse: remaining > 0, remaining, total: 3, resetAt: '2026-05-02T15:00:00.000Z' }),
    '/api/ai/generate-quiz-from-text': () => {
      remaining -= 1;
      return json(generated);
    },
    ...answers,
  });
  vi.stubGlobal('fetch', fake.fetchImpl);
  renderWithProviders(
    <>
      <MyQuizzesPage />
      <Toaster />
    </>,
    { route: '/my-quizzes' },
  );
  return fake;
}

async function openAiTab() {
  fireEvent.click(await screen.findByRole('button', { name: 'クイズを作成' }));
  const dialog = await screen.findByRole('dialog', { name: '新しいクイズを作成' });
  fireEvent.mouseDown(within(dialog).getByRole('tab', { name: /AIで生成/ }), { button: 0 });
  const panel = await within(dialog).findByRole('tabpanel', { name: /AIで生成/ });
  await within(panel).findByText('本日の残り回数: 3 / 3回');
  // A category is chosen from the list the page reads: choosing one before it came would not hold.
  await within(within(panel).getByLabelText('カテゴリ')).findByRole('option', { name: '地理' });
  return { dialog, panel };
}

describe('AiGenerationTab', () => {
  it('checks the category and the 10-character minimum before calling the server', async () => {
    const { calls } = setUp();
    const { panel } = await openAiTab();
    fireEvent.change(within(panel).getByLabelText('問題の元になる文章'), { target: { value: '  富士山  ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'テキストから生成' }));
    expect(await within(panel).findByText('カテゴリを選択してください')).toBeTruthy();
    expect(within(panel).getByText('最低10文字のテキストを入力してください')).toBeTruthy();
    expect(document.activeElement).toBe(within(panel).getByLabelText('カテゴリ'));

    fireEvent.change(within(panel).getByLabelText('問題数'), { target: { value: '' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'テキストから生成' }));
    expect(await within(panel).findByText('問題数は1〜20の数字で指定してください')).toBeTruthy();
    expect(document.activeElement).toBe(within(panel).getByLabelText('問題数'));
    expect(calls.some((call) => call.url.startsWith('/api/ai/generate'))).toBe(false);
  });

  it('refuses a file that is not PDF or Word, and one over 10MB', async () => {
    setUp();
    const { panel } = await openAiTab();
    const input = within(panel).getByLabelText('ファイルを選択');
    fireEvent.change(input, { target: { files: [new File(['memo'], 'memo.txt', { type: 'text/plain' })] } });
    expect(
      await within(panel).findByText('PDF、Word(.doc、.docx)ファイルのみアップロード可能です'),
    ).toBeTruthy();
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(panel).findByText('ファイルサイズは10MBまでです')).toBeTruthy();
    expect(within(panel).getByText('選択されていません')).toBeTruthy();
  });

  it('generates from text, refreshes the usage, keeps the result across tabs, and loads it into the form', async () => {
    const { calls } = setUp();
    const { dialog, panel } = await openAiTab();
    fireEvent.change(within(panel).getByLabelText('問題数'), { target: { value: '2' } });
    fireEvent.change(within(panel).getByLabelText('難易度'), { target: { value: '上級' } });
    fireEvent.change(within(panel).getByLabelText('カテゴリ'), { target: { value: '地理' } });
    fireEvent.change(within(panel).getByLabelText('問題の元になる文章'), {
      target: { value: '富士山は静岡県と山梨県にまたがる標高3776メートルの活火山です。' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'テキストから生成' }));
    expect(await within(panel).findByRole('heading', { name: '富士山クイズ' })).toBeTruthy();
    expect(within(panel).getByText('2問')).toBeTruthy();
    expect(within(panel).getByText('オフライン生成（文章中の用語から問題を作成）')).toBeTruthy();
    await within(panel).findByText('本日の残り回数: 2 / 3回');
    const sent = calls.find((call) => call.url === '/api/ai/generate-quiz-from-text');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      numQuestions: 2,
      difficulty: '上級',
      category: '地理',
      text: '富士山は静岡県と山梨県にまたがる標高3776メートルの活火山です。',
    });

    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: /手動で作成/ }), { button: 0 });
    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: /AIで生成/ }), { button: 0 });
    const again = await within(dialog).findByRole('tabpanel', { name: /AIで生成/ });
    fireEvent.click(within(again).getByRole('button', { name: '編集フォームに読み込む' }));

    const manual = await within(dialog).findByRole('tabpanel', { name: /手動で作成/ });
    await waitFor(() =>
      expect(within(manual).getByLabelText('タイトル')).toHaveProperty('value', '富士山クイズ'),
    );
    expect(document.activeElement).toBe(within(manual).getByLabelText('タイトル'));
    expect(within(manual).getByLabelText('カテゴリ')).toHaveProperty('value', '地理');
    expect(within(manual).getByLabelText('難易度')).toHaveProperty('value', '上級');
    expect(within(manual).getByLabelText('説明')).toHaveProperty('value', '日本一高い山についての問題です。');
    expect(within(manual).getByLabelText('公開（誰でも遊べる）')).toHaveProperty('checked', true);
    expect(
      within(manual)
        .getAllByLabelText('質問文')
        .map((field) => (field as HTMLTextAreaElement).value),
    ).toEqual(['富士山の標高は何メートル？', '富士山がまたがる県は山梨県と？']);
    expect(
      within(manual)
        .getAllByLabelText('選択肢B')
        .map((field) => (field as HTMLInputElement).value),
    ).toEqual(['3193', '静岡県']);
    expect(
      within(manual)
        .getAllByLabelText('正解')
        .map((field) => (field as HTMLSelectElement).value),
    ).toEqual(['A', 'B']);

    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: /AIで生成/ }), { button: 0 });
    const cleared = await within(dialog).findByRole('tabpanel', { name: /AIで生成/ });
    expect(within(cleared).queryByRole('button', { name: '編集フォームに読み込む' })).toBeNull();
  });

  it('uploads a PDF by presigned POST, then asks the PDF call with the key', async () => {
    const ticket = {
      url: 'http://storage.test/materials',
      fields: { key: 'uploads/u1/abc.pdf', Policy: 'policy', 'X-Amz-Signature': 'sig' },
      key: 'uploads/u1/abc.pdf',
      kind: 'pdf',
      maxBytes: 10 * 1024 * 1024,
      expiresAt: '2026-05-02T15:00:00.000Z',
    };
    const { calls } = setUp({
      '/api/ai/uploads': () => json(ticket),
      'http://storage.test/materials': () => new Response(null, { status: 204 }),
      '/api/ai/generate-quiz-from-pdf': () => json(generated),
    });
    const { panel } = await openAiTab();
    fireEvent.change(within(panel).getByLabelText('カテゴリ'), { target: { value: '地理' } });
    const pdf = new File(['%PDF-1.7'], '富士山.pdf', { type: 'application/pdf' });
    fireEvent.change(within(panel).getByLabelText('ファイルを選択'), { target: { files: [pdf] } });
    fireEvent.click(within(panel).getByRole('button', { name: 'ファイルを解析して生成' }));
    expect(await within(panel).findByRole('heading', { name: '富士山クイズ' })).toBeTruthy();

    // Reads of the usage and the category list may come in between; the upload's own calls are in order.
    const urls = calls
      .map((call) => call.url)
      .filter((url) => !url.startsWith('/api/ai/usage') && url !== '/api/categories');
    expect(urls.slice(-3)).toEqual(['/api/ai/uploads', ticket.url, '/api/ai/generate-quiz-from-pdf']);
    const asked = calls.find((call) => call.url === '/api/ai/uploads');
    expect(JSON.parse(String(asked?.init?.body))).toEqual({ fileName: '富士山.pdf', size: pdf.size });
    const upload = calls.find((call) => call.url === ticket.url)!;
    expect(upload.init?.credentials).toBeUndefined();
    const form = upload.init?.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Policy', 'X-Amz-Signature', 'file']);
    const analysed = calls.find((call) => call.url === '/api/ai/generate-quiz-from-pdf');
    expect(JSON.parse(String(analysed?.init?.body))).toEqual({
      numQuestions: 5,
      difficulty: '中級',
      category: '地理',
      fileKey: ticket.key,
    });

    fireEvent.click(within(panel).getByRole('button', { name: '破棄' }));
    await waitFor(() => expect(within(panel).queryByRole('heading', { name: '富士山クイズ' })).toBeNull());
    expect(within(panel).getByText('選択されていません')).toBeTruthy();
  });

  it('shows the daily limit with the server message, and other failures with the fallback', async () => {
    const limit = '1日の使用制限（3回）に達しています。明日再度お試しください。';
    let answer = () => json({ message: limit, reason: 'ai_daily_limit' }, 429);
    setUp({ '/api/ai/generate-quiz-from-text': () => answer() });
    const { panel } = await openAiTab();
    fireEvent.change(within(panel).getByLabelText('カテゴリ'), { target: { value: '歴史' } });
    fireEvent.change(within(panel).getByLabelText('問題の元になる文章'), {
      target: { value: '1868年に明治政府が成立しました。' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'テキストから生成' }));
    expect(await screen.findByText('使用制限に達しました')).toBeTruthy();
    expect(screen.getByText(limit)).toBeTruthy();

    answer = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    fireEvent.click(within(panel).getByRole('button', { name: 'テキストから生成' }));
    expect(await screen.findByText('AI生成に失敗しました')).toBeTruthy();
    expect(screen.getByText('エラー')).toBeTruthy();
  });

  it('shows the creation limit up front: the form greyed out, the upgrade path, no generation', async () => {
    const summary = (id: string) => ({
      id,
      title: `クイズ${id}`,
      description: '',
      category: '歴史',
      difficulty: '初級',
      timeLimit: 10,
      questionCount: 1,
      participantCount: 0,
      totalPlayers: 0,
      averageRating: 0,
      authorId: 'u1',
      authorName: 'はなこ',
      isPublished: true,
      isHidden: false,
      reportCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      tags: [],
    });
    setUp({ '/api/my-quizzes': () => json(['1', '2', '3'].map(summary)) });
    fireEvent.click(await screen.findByRole('button', { name: 'クイズを作成' }));
    const dialog = await screen.findByRole('dialog', { name: '新しいクイズを作成' });
    within(dialog).getByText('作成上限（3件）に達しました。アドバンスド会員なら100件まで作成可能です');
    expect(
      within(dialog)
        .getByRole('link', { name: /アドバンスド会員にアップグレード/ })
        .getAttribute('href'),
    ).toBe('/pro-checkout');
    expect(within(dialog).getByLabelText('タイトル').matches(':disabled')).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'クイズを作成' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: /AIで生成/ }), { button: 0 });
    const panel = await within(dialog).findByRole('tabpanel', { name: /AIで生成/ });
    await within(panel).findByText(/AIで生成したクイズを保存できません/);
    for (const button of within(panel).getAllByRole('button', { name: /生成/ }))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks before Escape throws away a quiz being typed, and keeps it when asked to', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'クイズを作成' }));
    const dialog = await dialogReady(await screen.findByRole('dialog', { name: '新しいクイズを作成' }));
    fireEvent.change(within(dialog).getByLabelText('タイトル'), { target: { value: '書きかけのクイズ' } });
    fireEvent.keyDown(within(dialog).getByLabelText('タイトル'), { key: 'Escape' });
    const ask = await screen.findByRole('alertdialog', { name: '入力内容を破棄しますか？' });
    fireEvent.click(within(ask).getByRole('button', { name: '編集を続ける' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((within(dialog).getByLabelText('タイトル') as HTMLInputElement).value).toBe('書きかけのクイズ');
    fireEvent.keyDown(within(dialog).getByLabelText('タイトル'), { key: 'Escape' });
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: '入力内容を破棄しますか？' })).getByRole(
        'button',
        {
          name: '破棄して閉じる',
        },
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新しいクイズを作成' })).toBeNull());
  });
});
