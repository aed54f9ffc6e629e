import { Parser, jaModel } from 'budoux';
import { describe, expect, it } from 'vitest';
import { markPhrases, watchPhrases } from './phrase-breaks';

const parser = new Parser(jaModel);
const parse = (sentence: string) => parser.parse(sentence);
const breaks = (text: string) => markPhrases(text, parse).split('\u200b');

describe('phrase-aware line breaks (BudouX, where CSS auto-phrase is missing)', () => {
  it('breaks between phrases, never inside a word', () => {
    expect(breaks('公開（誰でも遊べる）')).toContain('遊べる）');
    expect(breaks('すべての報告').join('|')).not.toMatch(/報\|告/);
    expect(breaks('正しくありません').join('|')).not.toMatch(/ませ\|ん/);
  });

  it('leaves text without Japanese alone, and marks a page’s text as it changes (not typed text)', async () => {
    expect(markPhrases('Hello world', parse)).toBe('Hello world');
    const root = document.createElement('div');
    root.innerHTML = '<p>公開（誰でも遊べる）</p><textarea>入力中の文章です</textarea>';
    const stop = watchPhrases(root, parse);
    expect(root.querySelector('p')!.textContent).toContain('\u200b');
    expect(root.querySelector('textarea')!.textContent).toBe('入力中の文章です');
    root.querySelector('p')!.firstChild!.textContent = 'すべての報告を表示します';
    await new Promise((done) => setTimeout(done, 0));
    expect(root.querySelector('p')!.textContent!.replaceAll('\u200b', '')).toBe('すべての報告を表示します');
    expect(root.querySelector('p')!.textContent).toContain('\u200b');
    stop();
  });
});
