import { describe, expect, it } from 'vitest';
import { QUIZ_IMAGE_MESSAGES } from '@shared/quiz-images';
import {
  droppedImageKeys,
  imageFormatOf,
  imagePlans,
  imageUploadPrefix,
  INVALIDATION_PATHS_MAX,
  invalidationPaths,
  orphanQuizIds,
  quizImagePrefix,
  storedImageKey,
  withImages,
} from './quiz-image-policy';

const picture = (name: string, alt = '図') => ({
  url: `/quiz-images/quiz-1/${name}.webp`,
  width: 640,
  height: 480,
  alt,
});

describe('imageFormatOf', () => {
  it('tells JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect(imageFormatOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(imageFormatOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(imageFormatOf(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(imageFormatOf(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeUndefined();
    expect(imageFormatOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(imageFormatOf(Buffer.from('GIF89a'))).toBeUndefined();
    expect(imageFormatOf(new Uint8Array())).toBeUndefined();
  });
});

describe('keys', () => {
  it('puts uploads under the member and pictures under the quiz, named by their hash', () => {
    expect(imageUploadPrefix('u1')).toBe('uploads/u1/quiz-images/');
    expect(quizImagePrefix('q1')).toBe('quiz-images/q1/');
    expect(storedImageKey('q1', 'abc')).toBe('quiz-images/q1/abc.webp');
  });
});

describe('imagePlans', () => {
  const context = { userId: 'u1', before: [{ image: picture('a') }, { image: null }] };

  it('removes on null, keeps the position’s picture when left out, takes own uploads and the quiz’s pictures', () => {
    const plans = imagePlans(
      [
        { image: null },
        {},
        { image: { key: 'uploads/u1/quiz-images/new.jpg', alt: '新しい図' } },
        { image: { key: 'quiz-images/quiz-1/a.webp', alt: '説明を変えた' } },
      ],
      context,
    );
    expect(plans).toEqual([
      { kind: 'none' },
      { kind: 'none' },
      { kind: 'upload', key: 'uploads/u1/quiz-images/new.jpg', alt: '新しい図' },
      { kind: 'keep', image: picture('a', '説明を変えた') },
    ]);
    expect(imagePlans([{}], context)).toEqual([{ kind: 'keep', image: picture('a') }]);
    expect(imagePlans([{}], { userId: 'u1', before: [] })).toEqual([{ kind: 'none' }]);
  });

  it('refuses another member’s upload, another quiz’s picture and paths that climb out', () => {
    for (const key of [
      'uploads/u2/quiz-images/x.jpg',
      'quiz-images/quiz-2/a.webp',
      'uploads/u1/quiz-images/../../u2/quiz-images/x.jpg',
      'uploads/u1/other.jpg',
    ])
      expect(() => imagePlans([{ image: { key, alt: '図' } }], context), key).toThrow(
        QUIZ_IMAGE_MESSAGES.uploadMissing,
      );
  });
});

describe('droppedImageKeys and withImages', () => {
  it('lists the pictures an edit no longer shows, each once', () => {
    const before = [{ image: picture('a') }, { image: picture('b') }, { image: picture('b') }];
    expect(droppedImageKeys(before, [{ image: picture('b', '別') }, { image: null }])).toEqual([
      'quiz-images/quiz-1/a.webp',
    ]);
    expect(droppedImageKeys(before, [])).toEqual(['quiz-images/quiz-1/a.webp', 'quiz-images/quiz-1/b.webp']);
  });

  it('puts each picture on its question', () => {
    expect(
      withImages(
        [
          { id: '1', image: null },
          { id: '2', image: null },
        ],
        [picture('a')],
      ),
    ).toEqual([
      { id: '1', image: picture('a') },
      { id: '2', image: null },
    ]);
  });
});

describe('invalidationPaths', () => {
  const key = (quizId: string, name: string) => `quiz-images/${quizId}/${name}.webp`;

  it('names a lone picture by its path, and a quiz that lost several at once by one wildcard', () => {
    expect(
      invalidationPaths([key('q1', 'a'), key('q2', 'b'), key('q2', 'c'), key('q2', 'b'), key('q3', 'd')]),
    ).toEqual(['/quiz-images/q1/a.webp', '/quiz-images/q2/*', '/quiz-images/q3/d.webp']);
    expect(invalidationPaths([key('q1', 'a'), key('q1', 'a')])).toEqual(['/quiz-images/q1/a.webp']);
  });

  it('ignores keys that are no stored picture', () => {
    expect(
      invalidationPaths([
        'uploads/u/quiz-images/x.jpg',
        'quiz-images/',
        'quiz-images/q1/',
        'quiz-images/../a',
      ]),
    ).toEqual([]);
  });

  it('carries at most one wildcard: a second quiz that lost several pictures takes every picture off the edge', () => {
    expect(invalidationPaths([key('q1', 'a'), key('q1', 'b'), key('q2', 'c'), key('q3', 'd')])).toEqual([
      '/quiz-images/q1/*',
      '/quiz-images/q2/c.webp',
      '/quiz-images/q3/d.webp',
    ]);
    expect(invalidationPaths([key('q1', 'a'), key('q1', 'b'), key('q2', 'c'), key('q2', 'd')])).toEqual([
      '/quiz-images/*',
    ]);
  });

  it('costs at most its cap of paths whatever was removed: past it, one wildcard for every picture', () => {
    const lone = (count: number) => Array.from({ length: count }, (_, quiz) => key(`q${quiz}`, 'p'));
    expect(invalidationPaths(lone(INVALIDATION_PATHS_MAX))).toHaveLength(INVALIDATION_PATHS_MAX);
    expect(invalidationPaths(lone(INVALIDATION_PATHS_MAX + 1))).toEqual(['/quiz-images/*']);
    expect(invalidationPaths(lone(1000))).toEqual(['/quiz-images/*']);
  });
});

describe('orphanQuizIds', () => {
  it('names the quizzes that do not exist and got no picture since the cut-off', () => {
    const day = (n: number) => new Date(Date.UTC(2026, 10, n));
    const folders = new Map([
      ['saved', day(1)],
      ['timed-out', day(1)],
      ['being-created', day(3)],
    ]);
    expect(orphanQuizIds(folders, new Set(['saved']), day(2))).toEqual(['timed-out']);
  });
});
