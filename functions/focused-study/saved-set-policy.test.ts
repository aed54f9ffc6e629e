import { describe, expect, it } from 'vitest';
import { FOCUSED_STUDY, FOCUSED_STUDY_MESSAGES, type StudyQuestion } from '@shared/focused-study';
import { BadRequestError, NotFoundError, ValidationError } from '../lib/errors';
import { checkSize, editedQuestion, estimatedMinutes, newSet, newestFirst, toSet } from './saved-set-policy';

const base = { text: '問題', explanation: '', options: { A: 'あ', B: 'い', C: 'う', D: 'え' } };
const questions: StudyQuestion[] = [
  { ...base, id: 'q1', type: 'multiple_choice', correctAnswer: 'B' },
  { ...base, id: 'q2', type: 'multiple_select', correctAnswer: ['A', 'C'] },
  { ...base, id: 'q3', type: 'sort_order', correctAnswer: ['D', 'C', 'B', 'A'] },
];
const now = new Date('2026-11-26T12:00:00.000Z');
const set = newSet({ title: '復習', description: '', difficulty: '中級', questions }, 'set1', now);

describe('saved question sets', () => {
  it('starts a set unplayed and not a favourite, with its count and time', () => {
    expect(set).toMatchObject({
      id: 'set1',
      questionCount: 3,
      estimatedTime: 4,
      isFavorite: false,
      playCount: 0,
      lastPlayedAt: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    expect(toSet({ ...set, lastPlayedAt: undefined }).lastPlayedAt).toBeNull();
  });

  it('takes a minute a question, a minute and a half to select or sort, at least one', () => {
    expect(estimatedMinutes(questions)).toBe(4);
    expect(estimatedMinutes([])).toBe(1);
  });

  it('lists the newest first', () => {
    const older = toSet({ ...set, id: 'old', createdAt: '2026-01-01T00:00:00.000Z' });
    expect(newestFirst([older, toSet(set)]).map(({ id }) => id)).toEqual(['set1', 'old']);
  });

  it('refuses questions over the size in bytes', () => {
    const long = { ...questions[0]!, text: 'あ'.repeat(FOCUSED_STUDY.savedSetMaxBytes / 3 + 1) };
    expect(() => checkSize([long])).toThrow(new BadRequestError(FOCUSED_STUDY_MESSAGES.setTooLarge));
    expect(() => checkSize(questions)).not.toThrow();
  });

  it('edits a question’s text, options and explanation at its place, with the same option keys', () => {
    const edit = editedQuestion(set, 'q2', {
      text: '新しい問題',
      options: { ...base.options, A: 'ア' },
      explanation: '',
    });
    expect(edit.index).toBe(1);
    expect(edit.question).toMatchObject({ id: 'q2', text: '新しい問題', correctAnswer: ['A', 'C'] });
  });

  it('refuses an edit of a question the set lacks, of other option keys, or that is no longer a question', () => {
    expect(() => editedQuestion(set, 'nope', { ...base })).toThrow(
      new NotFoundError(FOCUSED_STUDY_MESSAGES.questionNotFound),
    );
    expect(() => editedQuestion(set, 'q1', { ...base, options: { A: 'あ', B: 'い', C: 'う' } })).toThrow(
      new BadRequestError(FOCUSED_STUDY_MESSAGES.optionKeysChanged),
    );
    expect(() =>
      editedQuestion(set, 'q1', { ...base, options: { A: 'あ', B: 'あ', C: 'う', D: 'え' } }),
    ).toThrow(ValidationError);
  });
});
