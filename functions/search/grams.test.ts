import { describe, expect, it } from 'vitest';
import { holdsEveryWord, normalizeSearchText, quizSearchText, searchWords } from '@shared/search-text';
import { gramId, queryGrams, textGrams, wordGrams } from './grams';

describe('search text', () => {
  it('folds width, case and half-width katakana (NFKC, lower case) and collapses white space', () => {
    expect(normalizeSearchText('ＡＢＣ　ｸｲｽﾞ\n\t Abc')).toBe('abc クイズ abc');
    expect(normalizeSearchText('ｶﾞｯｺｳ')).toBe('ガッコウ');
    expect(quizSearchText({ title: 'Ｔｉｔｌｅ', description: '説明\n二行目', category: '科学' })).toBe(
      'title 説明 二行目 科学',
    );
  });

  it('splits a query into words, each once, dropping words inside other words', () => {
    expect(searchWords('  日本　日本史  ﾆﾎﾝ 日本 ')).toEqual(['日本史', 'ニホン']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('a a a')).toEqual(['a']);
  });

  it('matches every word as a substring (Japanese has no spaces between words)', () => {
    const text = quizSearchText({ title: '戦国時代の武将クイズ', description: '', category: '歴史' });
    expect(holdsEveryWord(text, searchWords('時代 武将'))).toBe(true);
    expect(holdsEveryWord(text, searchWords('時代 江戸'))).toBe(false);
    expect(holdsEveryWord(text, [])).toBe(true);
  });
});

describe('character pairs', () => {
  it('index each character with the next one in its word, and alone at the end of a word', () => {
    const grams = [...textGrams('日本史 ab').values()];
    expect(grams).toEqual([
      { char: '日', next: '本' },
      { char: '本', next: '史' },
      { char: '史', next: '' },
      { char: 'a', next: 'b' },
      { char: 'b', next: '' },
    ]);
  });

  it('never pair characters across a space (a query word holds none)', () => {
    expect([...textGrams('a b').keys()]).toEqual([
      gramId({ char: 'a', next: '' }),
      gramId({ char: 'b', next: '' }),
    ]);
  });

  it('count characters outside the BMP as one', () => {
    expect([...textGrams('𠮷野').values()]).toEqual([
      { char: '𠮷', next: '野' },
      { char: '野', next: '' },
    ]);
    expect(wordGrams('𠮷')).toEqual([{ char: '𠮷' }]);
  });

  it('hold every pair of any word a text contains, so a pair never misses a match', () => {
    const text = normalizeSearchText('ＡＢＣのクイズ 第12回 ﾃｽﾄ');
    const indexed = textGrams(text);
    for (const word of ['abc', 'のク', 'テスト', '第12回', 'c', 'ト', '2'])
      for (const gram of wordGrams(word))
        expect(
          gram.next === undefined
            ? [...indexed.values()].some((entry) => entry.char === gram.char)
            : indexed.has(gramId({ char: gram.char, next: gram.next })),
          `${word}: ${gram.char}${gram.next ?? ''}`,
        ).toBe(true);
  });

  it('query a one-character word by the character, a longer one by its pairs', () => {
    expect(wordGrams('宇')).toEqual([{ char: '宇' }]);
    expect(wordGrams('宇宙人')).toEqual([
      { char: '宇', next: '宙' },
      { char: '宙', next: '人' },
    ]);
  });

  it('read a bounded number of lists however many words, every word first', () => {
    const words = searchWords(Array.from('あいうえおかきくけこさしすせそたちつてと').join(' ') + ' 宇宙旅行');
    const grams = queryGrams(words, 6);
    expect(grams).toHaveLength(6);
    // The longest word first, its likeliest rare pair (kanji) first.
    expect(grams[0]).toEqual({ char: '宇', next: '宙' });
    expect(queryGrams(['ab', 'cd'], 6)).toEqual([
      { char: 'a', next: 'b' },
      { char: 'c', next: 'd' },
    ]);
  });
});
