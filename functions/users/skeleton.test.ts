import { describe, expect, it } from 'vitest';
import { skeleton } from './skeleton';

describe('the confusable skeleton of a name', () => {
  it('is the same for look-alikes: another script, full width, case, accents', () => {
    for (const lookAlike of ['аdmin', 'ａｄｍｉｎ', 'Admin', 'admiṅ'])
      expect(skeleton(lookAlike)).toBe(skeleton('admin'));
    expect(skeleton('がくせい')).not.toBe(skeleton('かくせい'));
  });

  it('reads a run of spaces, of any width, as one', () => {
    expect(skeleton('たなか  はなこ')).toBe(skeleton('たなか はなこ'));
    expect(skeleton('たなか　はなこ')).toBe(skeleton('たなか はなこ'));
    expect(skeleton('たなかはなこ')).not.toBe(skeleton('たなか はなこ'));
  });

  it('drops an emoji’s variation selector: 「花子❤️」 and 「花子❤」 look alike', () => {
    expect(skeleton('花子❤️')).toBe(skeleton('花子❤'));
  });
});
