import { describe, expect, it } from 'vitest';
import { CLASSROOM_MESSAGES as M } from './socket-protocol';
import { classNicknameSchema } from './socket-requests';

const refusal = (nickname: string) => classNicknameSchema.safeParse(nickname).error?.issues[0]?.message;

describe('a class game nickname', () => {
  it('takes what a member’s nickname may be, emoji too (a member’s join fills it in)', () => {
    for (const nickname of ['たなか はなこ', '花子❤️', '👨‍👩‍👧 かぞく', 'ｔａｒｏ'])
      expect(classNicknameSchema.safeParse(nickname).success, nickname).toBe(true);
    expect(classNicknameSchema.parse(' ｔａｒｏ ')).toBe('taro');
  });

  it('refuses blank, over 20 characters, line breaks, control and invisible characters', () => {
    expect(refusal('　')).toBe(M.nicknameRequired);
    expect(refusal('あ'.repeat(21))).toBe(M.nicknameTooLong);
    for (const nickname of [
      'た\nろう',
      'た\tろう',
      'た\u0007ろう',
      'た\u200bろう',
      'た\u202eろう',
      'たろう\u2800',
      'た\u2028ろう',
      'た\u2029ろう',
    ])
      expect(refusal(nickname), JSON.stringify(nickname)).toBe(M.nicknameChars);
  });
});
