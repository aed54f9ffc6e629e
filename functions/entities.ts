import { DeviceKeys } from './accounts/trusted-device-keys';
import { LoginGuardKeys } from './accounts/login-guard-keys';
import { TokenKeys } from './accounts/one-time-token-keys';
import { AuditKeys } from './admin/audit-keys';
import { HiddenQuizKeys } from './admin/hidden-quiz-keys';
import { PenaltyKeys } from './admin/penalty-keys';
import { AiHistoryKeys, AiUsageKeys } from './ai/usage-keys';
import { CategoryKeys } from './categories/category-keys';
import {
  ClassGameKeys,
  ClassHostSlotKeys,
  ClassNicknameKeys,
  ClassPinKeys,
  ClassPlayerKeys,
  ClassQuestionsKeys,
  ClassResultsKeys,
} from './classroom/class-keys';
import { ConnectionKeys } from './connections/connection-keys';
import type { EntityKeys } from './data/keys';
import { RateWindowKeys } from './lib/rate-limit-keys';
import { PaymentLogKeys, StripeCustomerKeys, StripeEventKeys } from './membership/membership-keys';
import { RoomGameKeys, RoomKeys, RoomListingKeys, SeatKeys } from './multiplayer/room-keys';
import {
  AchievementKeys,
  AnswerEventKeys,
  DailyStatsKeys,
  LearningSettingsKeys,
  LearningSummaryKeys,
  PlayClaimKeys,
  StudyPlanKeys,
  StudyRecordKeys,
  TodoDayKeys,
  TodoKeys,
  WrongAnswerKeys,
} from './learning/learning-keys';
import { AnalyticsPlayerKeys, QuestionStatsKeys, QuizStatsKeys } from './quizzes/analytics-keys';
import { AttemptKeys, PlayerKeys, ProgressKeys } from './quizzes/attempt-keys';
import { FavoriteKeys } from './quizzes/favorite-keys';
import { DailyPlayersKeys } from './quizzes/featured-keys';
import { EditKeys, QuestionKeys, QuizKeys } from './quizzes/quiz-keys';
import { ReportKeys } from './quizzes/report-keys';
import { PostingKeys, RankKeys } from './search/search-keys';
import { SessionKeys } from './sessions/session-keys';
import { QuizTagKeys, TagKeys, TagNameKeys } from './tags/tag-keys';
import {
  SavedSetKeys,
  StudyMaterialKeys,
  StudyMaterialTextKeys,
  StudyRunKeys,
  StudySettingsKeys,
} from './focused-study/study-keys';
import {
  EmailClaimKeys,
  LookAlikeClaimKeys,
  MigrationKeys,
  UserKeys,
  UsernameClaimKeys,
} from './users/user-keys';

/**
 * THE entity table: every kind of item the table holds, in the order `docs/data-model.md` lists
 * them (the document's entity table is generated from this list). A unit test checks that every
 * declaration in a `*-keys.ts` module is here and that no two entities' keys can collide.
 */
export const ENTITIES: readonly EntityKeys[] = [
  CategoryKeys,
  UserKeys,
  UsernameClaimKeys,
  LookAlikeClaimKeys,
  EmailClaimKeys,
  MigrationKeys,
  StripeCustomerKeys,
  StripeEventKeys,
  PaymentLogKeys,
  SessionKeys,
  TokenKeys,
  DeviceKeys,
  LoginGuardKeys,
  RateWindowKeys,
  QuizKeys,
  QuestionKeys,
  FavoriteKeys,
  ReportKeys,
  EditKeys,
  AttemptKeys,
  PlayerKeys,
  ProgressKeys,
  DailyPlayersKeys,
  QuestionStatsKeys,
  QuizStatsKeys,
  AnalyticsPlayerKeys,
  RankKeys,
  PostingKeys,
  TagKeys,
  TagNameKeys,
  QuizTagKeys,
  DailyStatsKeys,
  WrongAnswerKeys,
  AchievementKeys,
  StudyRecordKeys,
  AnswerEventKeys,
  PlayClaimKeys,
  LearningSummaryKeys,
  LearningSettingsKeys,
  StudyPlanKeys,
  TodoKeys,
  TodoDayKeys,
  AiUsageKeys,
  AiHistoryKeys,
  StudySettingsKeys,
  StudyMaterialKeys,
  StudyMaterialTextKeys,
  StudyRunKeys,
  SavedSetKeys,
  PenaltyKeys,
  HiddenQuizKeys,
  AuditKeys,
  ConnectionKeys,
  RoomKeys,
  RoomListingKeys,
  RoomGameKeys,
  SeatKeys,
  ClassGameKeys,
  ClassQuestionsKeys,
  ClassPinKeys,
  ClassHostSlotKeys,
  ClassPlayerKeys,
  ClassNicknameKeys,
  ClassResultsKeys,
];
