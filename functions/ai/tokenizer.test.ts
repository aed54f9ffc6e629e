import { describe, expect, it } from 'vitest';
import { japaneseTokenizer, tokenize, TOKENIZE_CHUNK_MAX } from './tokenizer';

describe('tokenize', () => {
  it('gives kuromoji’s own tokens for ordinary sentences', async () => {
    const tokenizer = await japaneseTokenizer();
    const text =
      '1560年の桶狭間の戦いで、織田信長は今川義元を破った。その後、豊臣秀吉が1590年に全国を統一し、1600年の関ヶ原の戦いを経て徳川家康が江戸幕府を開いた。'.repeat(
        3,
      );
    expect(tokenize(tokenizer, text).map((token) => token.surface_form)).toEqual(
      tokenizer.tokenize(text).map((token) => token.surface_form),
    );
  });

  it('analyses long unbroken runs in bounded pieces, keeping every character', async () => {
    const tokenizer = await japaneseTokenizer();
    for (const text of [
      'A'.repeat(20_000),
      '漢'.repeat(20_000),
      `${'7'.repeat(10_000)}${'ア'.repeat(10_000)}`,
      '𠮷'.repeat(5_000),
    ]) {
      const tokens = tokenize(tokenizer, text);
      expect(tokens.map((token) => token.surface_form).join('')).toBe(text);
      for (const token of tokens) expect(token.surface_form.length).toBeLessThanOrEqual(TOKENIZE_CHUNK_MAX);
    }
  });
});
