import { accountsApi } from '@shared/contract/accounts';
import { adminApi } from '@shared/contract/admin';
import { aiApi } from '@shared/contract/ai';
import { attemptsApi } from '@shared/contract/attempts';
import { categoriesApi } from '@shared/contract/categories';
import { classroomApi } from '@shared/contract/classroom';
import type { RouteContract } from '@shared/contract/define';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { membershipApi } from '@shared/contract/membership';
import { multiplayerApi } from '@shared/contract/multiplayer';
import { learningApi } from '@shared/contract/learning';
import { quizAnalyticsApi } from '@shared/contract/quiz-analytics';
import { quizImagesApi } from '@shared/contract/quiz-images';
import { quizzesApi } from '@shared/contract/quizzes';
import { spreadsheetsApi } from '@shared/contract/spreadsheets';
import { SHEET_LIMITS } from '@shared/spreadsheets';
import { tagsApi } from '@shared/contract/tags';
import { literalPrefix } from './data/keys';
import { AnswerEventKeys } from './learning/learning-keys';
import { QuizKeys } from './quizzes/quiz-keys';
import { UserKeys } from './users/user-keys';

/**
 * The route table: the one list of HTTP routes, WebSocket route keys, queue consumers and table
 * stream consumers.
 * The CDK stack creates one function per entry, the local gateway dispatches with it, and the
 * handler factory reads each route's access level and limits from it. An HTTP route's row points
 * at its contract (`shared/contract`), which holds its method and path; the row adds what runs it
 * (handler, access level, table access, limits). Later features add their rows here; nothing else
 * declares a route.
 */

/** Who may call a route; checked on the server by the handler factory. */
export type AccessLevel = 'public' | 'user' | 'membership' | 'admin';

/** How a route's function may touch the table (least privilege in production). */
export type TableAccess = 'none' | 'read' | 'readwrite';

/** Extra permissions a function gets in production. */
export type Grant =
  | 'sendMail'
  | 'materialsRead'
  | 'materialsWrite'
  | 'bedrock'
  | 'manageConnections'
  | 'tickQueue'
  /** Reads the Stripe keys (secret key, webhook signing secret) from their secret. */
  | 'stripe'
  /** Questions' pictures: members' picture uploads (materials bucket) and the quiz images bucket. */
  | 'quizImages'
  /** Invalidates paths of the site's CloudFront distribution (and nothing else of it). */
  | 'invalidateQuizImages';

/** Native packages a function's bundle carries for Lambda's platform (infra/constructs/api.ts). */
export type NativeModule = 'sharp';

interface FunctionSettings {
  /** Handler module, relative to the repository root, without extension; it exports `handler`. */
  handler: string;
  table: TableAccess;
  grants?: readonly Grant[];
  memoryMb?: number;
  /** Default {@link DEFAULT_TIMEOUT_SECONDS}. */
  timeoutSeconds?: number;
  nativeModules?: readonly NativeModule[];
}

/** A function's timeout when its row gives none (the Lambda's, and the local gateway's). */
export const DEFAULT_TIMEOUT_SECONDS = 10;

export const timeoutSecondsOf = (settings: Pick<FunctionSettings, 'timeoutSeconds'>) =>
  settings.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;

export interface HttpRoute extends FunctionSettings {
  /**
   * What the route takes and answers, and its method and path as API Gateway writes them
   * (`contract.key`: `GET /api/quizzes/{id}`).
   */
  contract: RouteContract;
  access: AccessLevel;
  /** Largest accepted request body in bytes (default: LIMITS.jsonBodyMaxBytes). */
  bodyLimitBytes?: number;
  /**
   * `false` for a route called by a server rather than the page (Stripe's webhook): no CSRF token
   * or Origin check, as the caller proves itself otherwise (a signature over the raw body).
   */
  csrf?: false;
}

export interface WebSocketRoute extends FunctionSettings {
  /** `$connect`, `$disconnect`, `$default` or a client message type (route selection on `$.type`). */
  routeKey: string;
}

export interface QueueConsumer extends FunctionSettings {
  /** `tick`: the game clock; `quiz-image-removals`: the quiz images bucket's removals (AWS only). */
  queue: 'tick' | 'quiz-image-removals';
  /** Messages per invocation, at most (default 10). */
  batchSize?: number;
  /** How long a batch may wait for more messages when not full (default 0: at once). */
  maxBatchingWindowSeconds?: number;
  /** Invocations at once, at most (the event source's; at least 2; default: as many as Lambda scales to). */
  maxConcurrency?: number;
}

/**
 * A consumer of the table's stream (DynamoDB Streams, new and old images): in AWS an event source
 * mapping, locally the gateway polling DynamoDB Local's stream the same way. Each setting is the
 * mapping's.
 */
export interface StreamConsumer extends FunctionSettings {
  /** Names its function (`StreamSearchIndex`). */
  stream: string;
  /**
   * The mapping's filter: only changes of items whose keys match reach the function (`sk` equal,
   * or `skPrefix` its beginning), and with `events` only those kinds of change.
   */
  keys: { pkPrefix: string } & ({ sk: string; skPrefix?: never } | { skPrefix: string; sk?: never });
  events?: readonly ('INSERT' | 'MODIFY' | 'REMOVE')[];
  /** Records per invocation, at most. */
  batchSize: number;
  /** Batches of one shard processed at once; records of one item always go to the same one, in order. */
  parallelizationFactor: number;
  /**
   * How long a batch may wait for more records before it is handed over when not full (Lambda's
   * batching window; 0: at once).
   */
  maxBatchingWindowSeconds: number;
  /** Retries of a failed batch (split in halves each time) before it goes to the on-failure queue. */
  retryAttempts: number;
}

/**
 * The multipart AI forms carry the file in the request body, which reaches Lambda base64-encoded
 * inside an event Lambda caps at 6 MiB: 4 MiB of body (5.3 MiB encoded) fits with room for the
 * rest of the event. Larger files go by presigned POST (docs/brief/ARCHITECTURE.md §1).
 */
const AI_FORM_MAX_BYTES = 4 * 1024 * 1024;

/** A spreadsheet import's form: the file (≤ 1 MB) and the multipart framing around it. */
const SHEET_FORM_MAX_BYTES = SHEET_LIMITS.fileMaxBytes + 64 * 1024;

/**
 * The settings of the routes that hash or check a password (functions/users/passwords.ts). scrypt
 * at N = 2^17 takes 128 MiB, which the default 512 MB holds, but it is CPU-bound and a function's
 * CPU share grows with its memory: at 1,769 MB it has one whole vCPU, about 3.5 times what 512 MB
 * gets, so a sign-in waits a fraction of a second for its hash rather than over a second. The
 * timeout is API Gateway's limit: locally every function shares one process and Node's four
 * hashing threads, and a burst of sign-ins queues for them (in AWS each has its own function).
 */
const PASSWORD_HASHING = { memoryMb: 1769, timeoutSeconds: 29 } as const;

/**
 * Saving a quiz re-encodes its new pictures with sharp (quiz-image.ts): a whole vCPU (a 5 MB photo
 * takes well under a second there, three at a time) and API Gateway's 29 s for a quiz of 50.
 */
const SAVES_PICTURES = {
  memoryMb: 1769,
  timeoutSeconds: 29,
  grants: ['quizImages'],
  nativeModules: ['sharp'],
} as const;

/** A focused-study route (advanced members only), its handler in `functions/api/focused-study/`. */
const studyRoute = <const C extends RouteContract, const H extends string, const T extends TableAccess>(
  contract: C,
  handler: H,
  table: T,
) => ({
  contract,
  handler: `functions/api/focused-study/${handler}` as `functions/api/focused-study/${H}`,
  access: 'membership' as const,
  table,
});

export const httpRoutes = [
  {
    contract: categoriesApi.list,
    handler: 'functions/api/categories/list',
    access: 'public',
    table: 'read',
  },
  { contract: accountsApi.me, handler: 'functions/api/auth/me', access: 'user', table: 'read' },
  {
    contract: accountsApi.login,
    handler: 'functions/api/auth/login',
    access: 'public',
    table: 'readwrite',
    ...PASSWORD_HASHING,
    // A deletion cut short is finished at the next sign-in, its subscription cancelled, its pictures deleted.
    grants: ['sendMail', 'stripe', 'quizImages'],
  },
  {
    contract: accountsApi.register,
    handler: 'functions/api/auth/register',
    access: 'public',
    table: 'readwrite',
    ...PASSWORD_HASHING,
  },
  {
    contract: accountsApi.logout,
    handler: 'functions/api/auth/logout',
    access: 'public',
    table: 'readwrite',
    // Ending sessions closes their WebSocket connections.
    grants: ['manageConnections'],
  },
  {
    contract: accountsApi.emailRegister,
    handler: 'functions/api/auth/email-register',
    access: 'public',
    table: 'readwrite',
    grants: ['sendMail'],
  },
  {
    contract: accountsApi.verifyToken,
    handler: 'functions/api/auth/verify-token',
    access: 'public',
    table: 'read',
  },
  {
    contract: accountsApi.verifyEmail,
    handler: 'functions/api/auth/verify-email',
    access: 'public',
    table: 'readwrite',
    ...PASSWORD_HASHING,
  },
  {
    contract: accountsApi.requestPasswordReset,
    handler: 'functions/api/auth/request-password-reset',
    access: 'public',
    table: 'readwrite',
    grants: ['sendMail'],
  },
  {
    contract: accountsApi.resetPassword,
    handler: 'functions/api/auth/reset-password',
    access: 'public',
    table: 'readwrite',
    ...PASSWORD_HASHING,
    // Ending sessions closes their WebSocket connections.
    grants: ['manageConnections'],
  },
  {
    contract: accountsApi.verifyAdminToken,
    handler: 'functions/api/auth/verify-admin-token',
    access: 'public',
    table: 'readwrite',
  },
  {
    contract: accountsApi.changeNickname,
    handler: 'functions/api/user/nickname',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: accountsApi.deleteAccount,
    handler: 'functions/api/user/delete',
    access: 'user',
    table: 'readwrite',
    ...PASSWORD_HASHING,
    // Ending sessions closes their WebSocket connections; a running subscription is cancelled; the
    // quizzes' pictures are deleted.
    grants: ['manageConnections', 'stripe', 'quizImages'],
  },
  {
    contract: quizzesApi.list,
    handler: 'functions/api/quizzes/list',
    access: 'public',
    table: 'read',
  },
  {
    contract: quizzesApi.featured,
    handler: 'functions/api/quizzes/featured',
    access: 'public',
    table: 'read',
  },
  {
    contract: quizzesApi.search,
    handler: 'functions/api/quizzes/search',
    access: 'user',
    table: 'read',
  },
  {
    contract: quizzesApi.get,
    handler: 'functions/api/quizzes/get',
    access: 'public',
    table: 'read',
  },
  {
    contract: quizzesApi.create,
    handler: 'functions/api/quizzes/create',
    access: 'user',
    table: 'readwrite',
    ...SAVES_PICTURES,
  },
  {
    contract: quizzesApi.update,
    handler: 'functions/api/quizzes/update',
    access: 'user',
    table: 'readwrite',
    ...SAVES_PICTURES,
  },
  {
    contract: quizzesApi.delete,
    handler: 'functions/api/quizzes/delete',
    access: 'user',
    table: 'readwrite',
    // A quiz's pictures go with it.
    grants: ['quizImages'],
  },
  {
    contract: quizImagesApi.createUpload,
    handler: 'functions/api/quizzes/create-image-upload',
    access: 'user',
    // The per-member rate limit's counter.
    table: 'readwrite',
    grants: ['quizImages'],
  },
  {
    contract: quizzesApi.duplicate,
    handler: 'functions/api/quizzes/duplicate',
    access: 'user',
    table: 'readwrite',
    // The copy's pictures are copies of the quiz's.
    grants: ['quizImages'],
  },
  {
    contract: quizAnalyticsApi.get,
    handler: 'functions/api/quiz-analytics/get',
    access: 'user',
    table: 'read',
  },
  {
    contract: quizzesApi.mine,
    handler: 'functions/api/quizzes/mine',
    access: 'user',
    table: 'read',
  },
  {
    contract: quizzesApi.mineDetail,
    handler: 'functions/api/quizzes/mine-detail',
    access: 'user',
    table: 'read',
  },
  {
    contract: quizzesApi.report,
    handler: 'functions/api/quizzes/report',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: quizzesApi.reports,
    handler: 'functions/api/quizzes/reports',
    access: 'user',
    table: 'read',
  },
  {
    contract: quizzesApi.favorites,
    handler: 'functions/api/favorites/list',
    access: 'user',
    table: 'read',
  },
  {
    contract: quizzesApi.isFavorite,
    handler: 'functions/api/favorites/check',
    access: 'user',
    table: 'read',
  },
  {
    contract: quizzesApi.addFavorite,
    handler: 'functions/api/favorites/add',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: quizzesApi.removeFavorite,
    handler: 'functions/api/favorites/remove',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: attemptsApi.check,
    handler: 'functions/api/attempts/check',
    access: 'public',
    // Reads the quiz; writes only its caller's rate-limit counters.
    table: 'readwrite',
  },
  {
    contract: attemptsApi.save,
    handler: 'functions/api/attempts/save',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: attemptsApi.saveProgress,
    handler: 'functions/api/attempts/progress',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: attemptsApi.rate,
    handler: 'functions/api/attempts/rate',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: learningApi.studyAnswer,
    handler: 'functions/api/learning/study-record',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: learningApi.stats,
    handler: 'functions/api/learning/stats',
    access: 'user',
    table: 'read',
  },
  {
    contract: learningApi.activity,
    handler: 'functions/api/learning/activity',
    access: 'user',
    table: 'read',
  },
  // Learning records (issue 29; docs/decisions.md): every signed-in member, each their own.
  {
    contract: learningApi.dashboard,
    handler: 'functions/api/learning/dashboard',
    access: 'user',
    // It keeps its summary of the old days (functions/learning/learning.ts).
    table: 'readwrite',
  },
  {
    contract: learningApi.dailyStats,
    handler: 'functions/api/learning/daily-stats',
    access: 'user',
    table: 'read',
  },
  {
    contract: learningApi.weaknesses,
    handler: 'functions/api/learning/weaknesses',
    access: 'user',
    table: 'read',
  },
  {
    contract: learningApi.sessions,
    handler: 'functions/api/learning/sessions',
    access: 'user',
    table: 'read',
  },
  {
    contract: learningApi.plans,
    handler: 'functions/api/learning/plans',
    access: 'user',
    table: 'read',
  },
  {
    contract: learningApi.createPlan,
    handler: 'functions/api/learning/create-plan',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: learningApi.updatePlan,
    handler: 'functions/api/learning/update-plan',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: learningApi.deletePlan,
    handler: 'functions/api/learning/delete-plan',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: learningApi.todos,
    handler: 'functions/api/learning/todos',
    access: 'user',
    table: 'read',
  },
  {
    contract: learningApi.createTodo,
    handler: 'functions/api/learning/create-todo',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: learningApi.updateTodo,
    handler: 'functions/api/learning/update-todo',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: learningApi.deleteTodo,
    handler: 'functions/api/learning/delete-todo',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: learningApi.reviewQueue,
    handler: 'functions/api/learning/review-queue',
    access: 'user',
    table: 'read',
  },
  {
    contract: learningApi.reviewSession,
    handler: 'functions/api/learning/review-session',
    access: 'user',
    table: 'read',
  },
  {
    contract: learningApi.reviewAnswer,
    handler: 'functions/api/learning/review-answer',
    access: 'user',
    table: 'readwrite',
  },
  {
    contract: adminApi.flaggedQuizzes,
    handler: 'functions/api/admin/flagged-quizzes',
    access: 'admin',
    table: 'read',
  },
  {
    contract: adminApi.hiddenQuizzes,
    handler: 'functions/api/admin/hidden-quizzes',
    access: 'admin',
    table: 'read',
  },
  {
    contract: adminApi.reports,
    handler: 'functions/api/admin/reports',
    access: 'admin',
    table: 'read',
  },
  {
    contract: adminApi.reportedUsers,
    handler: 'functions/api/admin/reported-users',
    access: 'admin',
    table: 'read',
  },
  {
    contract: adminApi.quiz,
    handler: 'functions/api/admin/quiz',
    access: 'admin',
    table: 'read',
  },
  {
    contract: adminApi.editHistory,
    handler: 'functions/api/admin/edit-history',
    access: 'admin',
    table: 'read',
  },
  {
    contract: adminApi.hide,
    handler: 'functions/api/admin/hide',
    access: 'admin',
    table: 'readwrite',
  },
  {
    contract: adminApi.restore,
    handler: 'functions/api/admin/restore',
    access: 'admin',
    table: 'readwrite',
  },
  {
    contract: adminApi.dismissReports,
    handler: 'functions/api/admin/dismiss-reports',
    access: 'admin',
    table: 'readwrite',
  },
  {
    contract: adminApi.deleteReport,
    handler: 'functions/api/admin/delete-report',
    access: 'admin',
    table: 'readwrite',
  },
  {
    contract: adminApi.deleteReports,
    handler: 'functions/api/admin/delete-reports',
    access: 'admin',
    table: 'readwrite',
  },
  {
    contract: adminApi.ban,
    handler: 'functions/api/admin/ban-user',
    access: 'admin',
    table: 'readwrite',
    // Ending sessions closes their WebSocket connections.
    grants: ['manageConnections'],
  },
  {
    contract: adminApi.unban,
    handler: 'functions/api/admin/unban-user',
    access: 'admin',
    table: 'readwrite',
  },
  { contract: tagsApi.popular, handler: 'functions/api/tags/popular', access: 'public', table: 'read' },
  { contract: tagsApi.adminList, handler: 'functions/api/tags/admin-list', access: 'admin', table: 'read' },
  {
    contract: tagsApi.adminUpdate,
    handler: 'functions/api/tags/admin-update',
    access: 'admin',
    table: 'readwrite',
    // A merge moves every quiz's link, a few transactions at a time: HTTP APIs answer within 30 s.
    timeoutSeconds: 29,
  },
  {
    contract: aiApi.usageLimit,
    handler: 'functions/api/ai/usage-limit',
    access: 'user',
    table: 'read',
  },
  {
    contract: aiApi.createUpload,
    handler: 'functions/api/ai/create-upload',
    access: 'user',
    table: 'read',
    grants: ['materialsWrite'],
  },
  {
    contract: multiplayerApi.rooms,
    handler: 'functions/api/multiplayer/rooms',
    access: 'user',
    table: 'read',
  },
  // Generation: HTTP APIs answer within 30 s, so the functions stop at 29 s; kuromoji and pdf.js want memory.
  {
    contract: aiApi.fromText,
    handler: 'functions/api/ai/generate-quiz-from-text',
    access: 'user',
    table: 'readwrite',
    grants: ['bedrock'],
    memoryMb: 1536,
    timeoutSeconds: 29,
  },
  {
    contract: aiApi.fromPdf,
    handler: 'functions/api/ai/generate-quiz-from-pdf',
    access: 'user',
    table: 'readwrite',
    grants: ['bedrock', 'materialsRead', 'materialsWrite'],
    memoryMb: 1536,
    timeoutSeconds: 29,
    bodyLimitBytes: AI_FORM_MAX_BYTES,
  },
  {
    contract: aiApi.fromWord,
    handler: 'functions/api/ai/generate-quiz-from-word',
    access: 'user',
    table: 'readwrite',
    grants: ['bedrock', 'materialsRead', 'materialsWrite'],
    memoryMb: 1536,
    timeoutSeconds: 29,
    bodyLimitBytes: AI_FORM_MAX_BYTES,
  },
  // Spreadsheet import and export (issue 30): the export reads the quiz; the import reads a file of
  // up to 1 MB (sent in the form, or uploaded first), writes only its rate-limit counter, saves nothing.
  {
    contract: spreadsheetsApi.exportQuiz,
    handler: 'functions/api/spreadsheets/export-quiz',
    access: 'user',
    table: 'read',
  },
  {
    contract: spreadsheetsApi.importQuestions,
    handler: 'functions/api/spreadsheets/import-questions',
    access: 'user',
    table: 'readwrite',
    grants: ['materialsRead', 'materialsWrite'],
    memoryMb: 1024,
    timeoutSeconds: 15,
    bodyLimitBytes: SHEET_FORM_MAX_BYTES,
  },
  // Advanced membership (docs/spec/multiplayer-membership-study.md §7): every call reads Stripe, never trusts the client.
  {
    contract: membershipApi.status,
    handler: 'functions/api/membership/status',
    access: 'user',
    table: 'read',
  },
  {
    contract: membershipApi.upgrade,
    handler: 'functions/api/membership/upgrade',
    access: 'user',
    table: 'readwrite',
    grants: ['stripe'],
  },
  {
    contract: membershipApi.cancel,
    handler: 'functions/api/membership/cancel',
    access: 'user',
    table: 'readwrite',
    grants: ['stripe'],
  },
  {
    contract: membershipApi.resume,
    handler: 'functions/api/membership/resume',
    access: 'user',
    table: 'readwrite',
    grants: ['stripe'],
  },
  {
    contract: membershipApi.createCheckoutSession,
    handler: 'functions/api/membership/create-checkout-session',
    access: 'user',
    table: 'readwrite',
    grants: ['stripe'],
  },
  {
    contract: membershipApi.checkPayment,
    handler: 'functions/api/membership/check-payment',
    access: 'user',
    table: 'read',
    grants: ['stripe'],
  },
  // Stripe's signed events (designed, not named by the spec): no session, no CSRF; 64 KB is ample.
  {
    contract: membershipApi.webhook,
    handler: 'functions/api/membership/webhook',
    access: 'public',
    table: 'readwrite',
    grants: ['stripe'],
    csrf: false,
    bodyLimitBytes: 64 * 1024,
  },
  // Focused study (advanced members; docs/focused-study.md). Generating and reading files take the
  // AI worker, as the AI calls above do.
  studyRoute(focusedStudyApi.materials, 'list-materials', 'read'),
  studyRoute(focusedStudyApi.deleteMaterial, 'delete-material', 'readwrite'),
  studyRoute(focusedStudyApi.addText, 'add-text', 'readwrite'),
  studyRoute(focusedStudyApi.settings, 'settings', 'read'),
  studyRoute(focusedStudyApi.updateSettings, 'update-settings', 'readwrite'),
  studyRoute(focusedStudyApi.latestSession, 'latest-session', 'read'),
  studyRoute(focusedStudyApi.completeSession, 'complete-session', 'readwrite'),
  studyRoute(focusedStudyApi.savedSets, 'saved-sets', 'read'),
  studyRoute(focusedStudyApi.saveSet, 'save-set', 'readwrite'),
  studyRoute(focusedStudyApi.updateSet, 'update-set', 'readwrite'),
  studyRoute(focusedStudyApi.deleteSet, 'delete-set', 'readwrite'),
  studyRoute(focusedStudyApi.favoriteSet, 'favorite-set', 'readwrite'),
  studyRoute(focusedStudyApi.startSavedSession, 'start-saved-session', 'readwrite'),
  studyRoute(focusedStudyApi.updateSetQuestion, 'update-set-question', 'readwrite'),
  studyRoute(focusedStudyApi.reviewQueue, 'review-queue', 'read'),
  studyRoute(focusedStudyApi.startReviewSession, 'start-review-session', 'readwrite'),
  // Beyond the spec (issue 27, docs/decisions.md): the unfinished session resumes after a reload or on another device.
  studyRoute(focusedStudyApi.unfinishedSession, 'unfinished-session', 'read'),
  studyRoute(focusedStudyApi.saveProgress, 'save-progress', 'readwrite'),
  studyRoute(focusedStudyApi.discardSession, 'discard-session', 'readwrite'),
  {
    contract: focusedStudyApi.createUpload,
    handler: 'functions/api/focused-study/create-upload',
    access: 'membership',
    table: 'readwrite',
    grants: ['materialsWrite'],
  },
  {
    contract: focusedStudyApi.uploadFiles,
    handler: 'functions/api/focused-study/upload-files',
    access: 'membership',
    table: 'readwrite',
    grants: ['materialsRead', 'materialsWrite'],
    memoryMb: 1536,
    timeoutSeconds: 29,
    bodyLimitBytes: AI_FORM_MAX_BYTES,
  },
  {
    contract: focusedStudyApi.startSession,
    handler: 'functions/api/focused-study/start-session',
    access: 'membership',
    table: 'readwrite',
    grants: ['bedrock'],
    memoryMb: 1536,
    timeoutSeconds: 29,
  },
  {
    contract: focusedStudyApi.generateNewQuestions,
    handler: 'functions/api/focused-study/generate-new-questions',
    access: 'membership',
    table: 'readwrite',
    grants: ['bedrock'],
    memoryMb: 1536,
    timeoutSeconds: 29,
  },
  // Class games (issue 31; docs/classroom.md): the host's calls, in their nested stack.
  {
    contract: classroomApi.create,
    handler: 'functions/api/classroom/create',
    access: 'user',
    table: 'readwrite',
    // The game's two-hour end is a tick of the game clock.
    grants: ['tickQueue'],
  },
  { contract: classroomApi.list, handler: 'functions/api/classroom/list', access: 'user', table: 'read' },
  { contract: classroomApi.get, handler: 'functions/api/classroom/get', access: 'user', table: 'read' },
  {
    contract: classroomApi.results,
    handler: 'functions/api/classroom/results',
    access: 'user',
    table: 'read',
  },
  {
    contract: classroomApi.resultsCsv,
    handler: 'functions/api/classroom/results-csv',
    access: 'user',
    table: 'read',
  },
] as const satisfies readonly HttpRoute[];

/** What a multiplayer function may do: the table, the members' sockets and the game clock. */
const ROOM_FUNCTION = {
  table: 'readwrite',
  grants: ['manageConnections', 'tickQueue'],
} as const satisfies Omit<WebSocketRoute, 'routeKey' | 'handler'>;

export const webSocketRoutes = [
  // A guest's socket (no session: it may only join a class game) gets its join deadline on the game clock.
  { routeKey: '$connect', handler: 'functions/ws/connect', table: 'readwrite', grants: ['tickQueue'] },
  // A member's socket closing keeps their seat for a rejoin and tells the room.
  { routeKey: '$disconnect', handler: 'functions/ws/disconnect', ...ROOM_FUNCTION },
  // Every message re-reads its connection, session and account; a socket whose session ended is closed.
  {
    routeKey: '$default',
    handler: 'functions/ws/default',
    table: 'readwrite',
    grants: ['manageConnections'],
  },
  { routeKey: 'ping', handler: 'functions/ws/ping', table: 'readwrite', grants: ['manageConnections'] },
  // Multiplayer (docs/multiplayer.md): one route key and function per client message type. Room
  // changes are fanned out to the members' sockets and may schedule the game clock's next tick.
  ...(
    [
      ['auth', 'functions/ws/auth'],
      ['create_room', 'functions/ws/create-room'],
      ['join_room', 'functions/ws/join-room'],
      ['ready', 'functions/ws/ready'],
      ['answer', 'functions/ws/answer'],
      ['leave_room', 'functions/ws/leave-room'],
      ['chat_message', 'functions/ws/chat-message'],
      ['update_room_settings', 'functions/ws/update-room-settings'],
      // Class games (issue 31; docs/classroom.md): a player's frames (their `answer` is the rooms'
      // route key: functions/ws/answer.ts tells a class player's socket by its connection) and the
      // host's, each carrying its game.
      ['join_class', 'functions/ws/join-class'],
      ['leave_class', 'functions/ws/leave-class'],
      ['class_host', 'functions/ws/class-host'],
      ['class_start', 'functions/ws/class-start'],
      ['class_next', 'functions/ws/class-next'],
      ['class_reveal_now', 'functions/ws/class-reveal-now'],
      ['class_kick', 'functions/ws/class-kick'],
      ['class_lock', 'functions/ws/class-lock'],
      ['class_end', 'functions/ws/class-end'],
    ] as const
  ).map(([routeKey, handler]) => ({ routeKey, handler, ...ROOM_FUNCTION })),
] as const satisfies readonly WebSocketRoute[];

/**
 * Consumers of queues: the multiplayer game clock, and the removals of questions' pictures, which
 * CloudFront must forget (in AWS the bucket's event notifications feed it; locally nothing caches).
 */
export const queueConsumers: readonly QueueConsumer[] = [
  { queue: 'tick', handler: 'functions/ws/tick', ...ROOM_FUNCTION },
  {
    queue: 'quiz-image-removals',
    handler: 'functions/edge/quiz-image-invalidation',
    table: 'none',
    grants: ['invalidateQuizImages'],
    // A quiz's deletion removes its pictures within a second or two: gathered, they cost one
    // wildcard path instead of one path each (functions/quizzes/quiz-image-policy.ts).
    batchSize: 100,
    maxBatchingWindowSeconds: 30,
    // Two batches at once at most (each with one wildcard path at most): CloudFront lets 15 be in progress.
    maxConcurrency: 2,
  },
];

/**
 * The visibility timeout of the queue `queue`'s consumer reads: six times the consumer's timeout,
 * as Lambda advises (a batch still being worked on is not handed to another invocation).
 */
export function queueVisibilitySeconds(queue: QueueConsumer['queue']): number {
  const consumer = queueConsumers.find((candidate) => candidate.queue === queue);
  if (!consumer) throw new Error(`no consumer of the queue ${queue}`);
  return 6 * timeoutSecondsOf(consumer);
}

/** Consumers of the table's stream: the search indexer (docs/search.md) and the learning records. */
export const streamConsumers: readonly StreamConsumer[] = [
  {
    stream: 'search-index',
    handler: 'functions/search/indexer',
    table: 'readwrite',
    // Only quizzes: plays, favourites and the index's own items change nothing it keeps.
    keys: { pkPrefix: literalPrefix(QuizKeys.definition.pk), sk: QuizKeys.sk() },
    batchSize: 100,
    parallelizationFactor: 2,
    // Each change is indexed as soon as it is read (index lag p99 ≤ 2 s, docs/brief/ARCHITECTURE.md §5); a burst
    // still makes full batches, from the records that come in while a lane is busy.
    maxBatchingWindowSeconds: 0,
    retryAttempts: 10,
    timeoutSeconds: 60,
  },
  {
    stream: 'learning-records',
    handler: 'functions/learning/recorder',
    table: 'readwrite',
    // Only new answer events: the consumer's own marks on them (MODIFY) and their expiry are not answers.
    keys: { pkPrefix: literalPrefix(UserKeys.definition.pk), skPrefix: AnswerEventKeys.skPrefix() },
    events: ['INSERT'],
    batchSize: 100,
    parallelizationFactor: 2,
    // An answer shows on the dashboard as soon as it is read; a burst still makes full batches.
    maxBatchingWindowSeconds: 0,
    // Each event counts once however often it is handed over (functions/learning/recorder.ts).
    retryAttempts: 10,
    timeoutSeconds: 60,
  },
];

/** `METHOD /path` of every route in the table, as its contract names it. */
export type HttpRouteKey = (typeof httpRoutes)[number]['contract']['key'];
export type WebSocketRouteKey = (typeof webSocketRoutes)[number]['routeKey'];

/** A short, stable, CloudFormation-safe name for a route's function, e.g. `GetApiCategories`. */
export function functionIdFor(route: HttpRoute | WebSocketRoute | QueueConsumer | StreamConsumer): string {
  const raw =
    'contract' in route
      ? route.contract.key
      : 'routeKey' in route
        ? `ws ${route.routeKey.replace('$', '')}`
        : 'queue' in route
          ? `queue ${route.queue}`
          : `stream ${route.stream}`;
  return raw
    .replace(/[{}]/g, ' by ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1).toLowerCase())
    .join('');
}
