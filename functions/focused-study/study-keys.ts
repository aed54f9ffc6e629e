import { entity, USER_PARTITION } from '../data/keys';

/** Keys of a member's focused study, all in their own partition and owned by them. */
export const StudySettingsKeys = entity({
  entity: 'Focused-study settings',
  module: 'functions/focused-study/settings-store.ts',
  pk: USER_PARTITION,
  sk: 'FSSETTINGS',
  byOwner: 'FSSETTINGS',
  notes:
    'one per member: dailyQuestionCount, difficulty, questionTypes, categories (`全般`); the quotas as conditional counters `materialCount` (≤ 20) and `savedSetCount` (≤ 50), changed in the transaction of the write they count; `latestSessionId`; the one unfinished run `openSessionId` with `openSessionClaimedAt`, and `openSessionPending` while a start generates it (a claim that parallel starts contend for)',
});

export const StudyMaterialKeys = entity({
  entity: 'Focused-study material',
  module: 'functions/focused-study/material-store.ts',
  pk: USER_PARTITION,
  sk: 'FSMAT#{materialId}',
  byOwner: 'FSMAT#{materialId}',
  notes:
    'id, originalName, kind (`pdf` / `word` / `text`), fileSize (bytes of the file, or of the text), characters, uploadedAt; the file itself is not kept',
});

export const StudyMaterialTextKeys = entity({
  entity: 'Focused-study material text',
  module: 'functions/focused-study/material-store.ts',
  pk: USER_PARTITION,
  sk: 'FSTEXT#{materialId}',
  byOwner: 'FSTEXT#{materialId}',
  notes:
    'extractedText (at most 50,000 characters): apart from the material so listing materials does not read their text; written and deleted with it',
});

export const StudyRunKeys = entity({
  entity: 'Focused-study run',
  module: 'functions/focused-study/run-store.ts',
  pk: USER_PARTITION,
  sk: 'FSSESSION#{runId}',
  byOwner: 'FSSESSION#{runId}',
  notes:
    'kind (`study` / `review` / `client` for a `temp_`, `retry-` or `saved_` run, kept from its first progress save or at completion), questions (with their answers), startedAt, date (Japan day), completedAt, userAnswers (while unfinished: the answers given so far), currentQuestionIndex and progressAt while unfinished, score, totalQuestions; an open run is answerable and resumable for 24 hours (`startedAt` checked in code), `ttl` a year; discarding deletes it',
});

export const SavedSetKeys = entity({
  entity: 'Saved question set',
  module: 'functions/focused-study/saved-set-store.ts',
  pk: USER_PARTITION,
  sk: 'FSSET#{setId}',
  byOwner: 'FSSET#{setId}',
  notes:
    'title, description, questions (at most 30, ≤ 100,000 bytes), questionCount, difficulty, estimatedTime (minutes), isFavorite, playCount, lastPlayedAt, createdAt, updatedAt',
});
