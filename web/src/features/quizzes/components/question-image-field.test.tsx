import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIZ_IMAGE_MESSAGES } from '@shared/quiz-images';
import type { QuizDetail } from '@shared/quiz-schemas';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { quizFormValues } from '../quiz-form-values';
import { QuizForm } from './quiz-form';

const picture = { url: '/quiz-images/q1/abc.webp', width: 1280, height: 720, alt: '姫路城の写真' };

const stored: QuizDetail = {
  id: 'q1',
  title: '日本の城',
  description: '城の問題',
  category: '歴史',
  difficulty: '中級',
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
  questions: [
    {
      id: 'x',
      questionText: 'この城がある県は？',
      optionA: '兵庫県',
      optionB: '岡山県',
      optionC: null,
      optionD: null,
      correctAnswer: 'A',
      explanation: null,
      order: 1,
      image: picture,
    },
  ],
};

/** The storage's side of a presigned POST: reports progress, then answers `status`. */
class FakeUpload {
  static status = 204;
  static sent: FormData[] = [];
  /** When set, uploads wait here until the test lets them finish. */
  static held: (() => void)[] | null = null;
  upload = new EventTarget();
  status = 0;
  private events = new EventTarget();
  open() {}
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData) {
    FakeUpload.sent.push(body);
    const progress = new Event('progress') as Event & {
      lengthComputable: boolean;
      loaded: number;
      total: number;
    };
    Object.assign(progress, { lengthComputable: true, loaded: 50, total: 100 });
    this.upload.dispatchEvent(progress);
    const finish = () => {
      this.status = FakeUpload.status;
      this.events.dispatchEvent(new Event('load'));
    };
    if (FakeUpload.held) FakeUpload.held.push(finish);
    else setTimeout(finish);
  }
  abort() {}
}

const ticket = {
  url: 'http://127.0.0.1:4569/bucket',
  fields: { key: 'uploads/u1/quiz-images/new.png', Policy: 'p' },
  key: 'uploads/u1/quiz-images/new.png',
};

function renderForm(mode: 'create' | 'edit', initial = quizFormValues(mode === 'edit' ? stored : undefined)) {
  const fake = fakeFetch({
    '/api/categories': () => json([]),
    '/api/quizzes/images/uploads': () => json(ticket, 201),
  });
  vi.stubGlobal('fetch', fake.fetchImpl);
  const onSubmit = vi.fn();
  renderWithProviders(
    <QuizForm
      mode={mode}
      initial={initial}
      isPro={false}
      pending={false}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return { onSubmit, calls: fake.calls };
}

beforeEach(() => {
  FakeUpload.status = 204;
  FakeUpload.sent = [];
  FakeUpload.held = null;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const fileInput = () => screen.getByLabelText('画像を変更', { selector: 'input' }) as HTMLInputElement;

describe('the question’s picture in the quiz form', () => {
  it('shows the stored picture when editing, sends it back by its key, and removes it', async () => {
    const { onSubmit } = renderForm('edit');
    const preview = document.querySelector('.question-image-field__preview img') as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('/quiz-images/q1/abc.webp');
    const alt = screen.getByLabelText('画像の説明（代替テキスト）') as HTMLInputElement;
    expect(alt.value).toBe('姫路城の写真');

    fireEvent.change(alt, { target: { value: '白い天守閣' } });
    fireEvent.click(screen.getByRole('button', { name: '変更を保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].questions[0].image).toEqual({
      key: 'quiz-images/q1/abc.webp',
      alt: '白い天守閣',
    });

    fireEvent.click(screen.getByRole('button', { name: '画像を削除' }));
    expect(document.querySelector('.question-image-field__preview')).toBeNull();
    expect(screen.queryByLabelText('画像の説明（代替テキスト）')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '変更を保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0].questions[0].image).toBeNull();
  });

  it('refuses other file types and files over 5 MB before any upload', async () => {
    const { calls } = renderForm('create');
    const input = screen.getByLabelText('画像を追加', { selector: 'input' });
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(QUIZ_IMAGE_MESSAGES.typeNotAllowed);
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe(QUIZ_IMAGE_MESSAGES.tooLarge);
    expect(calls.some((call) => call.url.includes('/images/uploads'))).toBe(false);
    expect(FakeUpload.sent).toHaveLength(0);
  });

  it('uploads a chosen picture, previews it and asks for its alt text before saving', async () => {
    const initial = quizFormValues();
    initial.quiz = { ...initial.quiz, title: '城', description: '説明', category: '歴史' };
    initial.questions = [
      { ...initial.questions[0]!, questionText: '問い', optionA: 'はい', optionB: 'いいえ' },
    ];
    const { onSubmit, calls } = renderForm('create', initial);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '地図.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('画像を追加', { selector: 'input' }), {
      target: { files: [file] },
    });
    expect(await screen.findByRole('progressbar', { name: '問題 1 の画像をアップロード中' })).toBeTruthy();
    const alt = await screen.findByLabelText('画像の説明（代替テキスト）');
    const request = calls.find((call) => call.url === '/api/quizzes/images/uploads')!;
    expect(JSON.parse(String(request.init?.body))).toEqual({
      fileName: '地図.png',
      size: 4,
      contentType: 'image/png',
    });
    expect(FakeUpload.sent[0]!.get('file')).toBe(file);
    expect((document.querySelector('.question-image-field__preview img') as HTMLImageElement).src).toBe(
      'blob:preview',
    );
    expect(fileInput()).toBeTruthy();

    fireEvent.submit(alt.closest('form')!);
    expect(await screen.findByText(QUIZ_IMAGE_MESSAGES.altRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(alt, { target: { value: '日本地図' } });
    fireEvent.submit(alt.closest('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].questions[0].image).toEqual({ key: ticket.key, alt: '日本地図' });
  });

  it('waits for a picture still uploading before it saves', async () => {
    FakeUpload.held = [];
    const initial = quizFormValues();
    initial.quiz = { ...initial.quiz, title: '城', description: '説明', category: '歴史' };
    initial.questions = [
      { ...initial.questions[0]!, questionText: '問い', optionA: 'はい', optionB: 'いいえ' },
    ];
    const { onSubmit } = renderForm('create', initial);
    fireEvent.change(screen.getByLabelText('画像を追加', { selector: 'input' }), {
      target: { files: [new File(['x'], '城.jpg', { type: 'image/jpeg' })] },
    });
    await screen.findByRole('progressbar', { name: '問題 1 の画像をアップロード中' });
    const save = screen.getByRole('button', { name: 'クイズを作成' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByText('画像をアップロードしています。完了してから保存できます。')).toBeTruthy();
    fireEvent.submit(save.closest('form')!);
    await waitFor(() => expect(FakeUpload.held).toHaveLength(1));
    expect(onSubmit).not.toHaveBeenCalled();
    FakeUpload.held[0]!();
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.change(await screen.findByLabelText('画像の説明（代替テキスト）'), {
      target: { value: '天守閣' },
    });
    fireEvent.submit(save.closest('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].questions[0].image).toEqual({ key: ticket.key, alt: '天守閣' });
  });

  it('says so when the storage refuses the upload, and keeps the question without a picture', async () => {
    FakeUpload.status = 400;
    renderForm('create');
    const file = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('画像を追加', { selector: 'input' }), {
      target: { files: [file] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(QUIZ_IMAGE_MESSAGES.tooLarge);
    expect(screen.queryByLabelText('画像の説明（代替テキスト）')).toBeNull();
  });
});
