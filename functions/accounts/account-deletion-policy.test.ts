import { describe, expect, it } from 'vitest';
import { FavoriteKeys, favoriteKey } from '../quizzes/favorite-keys';
import { QuizKeys } from '../quizzes/quiz-keys';
import { ReportKeys } from '../quizzes/report-keys';
import { CLAIM_KEYS, userKey } from '../users/user-keys';
import { deletionStep } from './account-deletion-policy';

const userId = 'u-1';

describe('what deleting an account does to each item it owns', () => {
  it('keeps the profile and every claim (username, look-alike, e-mail) for the last write', () => {
    expect(deletionStep(userKey(userId))).toEqual({ step: 'profile' });
    for (const claim of CLAIM_KEYS)
      expect(deletionStep({ pk: 'CLAIMED', sk: 'CLAIM', gsi2sk: claim.ownerPrefix() })).toEqual({
        step: 'claim',
      });
  });

  it("anonymises the member's reports on other people's quizzes instead of deleting them", () => {
    const report = {
      ...ReportKeys.key({ quizId: 'q-1', reporterId: userId }),
      ...ReportKeys.owner({ userId, reportedAt: '2026-11-26T00:00:00.000Z', quizId: 'q-1' }),
    };
    expect(deletionStep(report)).toEqual({ step: 'anonymise' });
  });

  it('takes a quiz with its whole partition, and deletes anything else as it is', () => {
    expect(deletionStep({ pk: QuizKeys.pk({ quizId: 'q-9' }), sk: 'META', cascade: 'partition' })).toEqual({
      step: 'quiz',
      quizId: 'q-9',
    });
    const favorite = {
      ...favoriteKey('q-2', userId),
      ...FavoriteKeys.owner({ userId, createdAt: '2026-11-26T00:00:00.000Z', quizId: 'q-2' }),
    };
    expect(deletionStep(favorite)).toEqual({ step: 'delete' });
    // Only a quiz owns its partition: a favourite in a quiz's partition takes nothing with it.
    expect(deletionStep({ ...favorite, cascade: undefined })).toEqual({ step: 'delete' });
  });
});
