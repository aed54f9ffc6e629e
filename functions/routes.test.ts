import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  functionIdFor,
  httpRouteKey,
  httpRoutes,
  queueConsumers,
  streamConsumers,
  webSocketRoutes,
} from './routes';

const root = join(import.meta.dirname, '..');

/**
 * Every call the two spec documents name: `built` (in the route table), the number of the issue
 * that builds it, or `planned` for features not yet filed. When a feature lands, its calls become `built`.
 */
const specCalls: Record<string, number | 'built' | 'planned'> = {
  'GET /api/categories': 'built',
  'GET /api/auth/me': 'built',
  'POST /api/auth/login': 'built',
  'POST /api/auth/register': 'built',
  'POST /api/auth/logout': 'built',
  'POST /api/auth/email-register': 'built',
  'GET /api/auth/verify-token': 'built',
  'POST /api/auth/verify-email': 'built',
  'POST /api/auth/request-password-reset': 'built',
  'POST /api/auth/reset-password': 'built',
  'GET /api/auth/verify-admin-token': 'built',
  'PATCH /api/user/nickname': 'built',
  'DELETE /api/user/delete': 'built',
  'GET /api/quizzes': 'built',
  'GET /api/quizzes/featured': 'built',
  'GET /api/quizzes/{id}': 'built',
  'GET /api/quizzes/search': 'built',
  'POST /api/quizzes': 'built',
  'PUT /api/quizzes/{id}': 'built',
  'DELETE /api/quizzes/{id}': 'built',
  'GET /api/my-quizzes': 'built',
  'GET /api/my-quizzes/{id}': 'built',
  'GET /api/quizzes/{id}/reports': 'built',
  'POST /api/quizzes/{id}/report': 'built',
  'GET /api/favorites': 'built',
  'GET /api/favorites/{id}': 'built',
  'POST /api/favorites/{id}': 'built',
  'DELETE /api/favorites/{id}': 'built',
  'POST /api/quizzes/{id}/attempt': 'built',
  'POST /api/quizzes/{id}/attempt/progress': 'built',
  'PATCH /api/quiz-attempts/{id}/rating': 'built',
  'POST /api/study/session': 'built',
  'GET /api/user/stats': 'built',
  'GET /api/user/activity': 'built',
  'GET /api/admin/flagged-quizzes': 'built',
  'GET /api/admin/reports': 'built',
  'GET /api/admin/quizzes/{id}': 'built',
  'GET /api/admin/quizzes/{id}/edit-history': 'built',
  'PATCH /api/admin/quizzes/{id}/hide': 'built',
  'PATCH /api/admin/quizzes/{id}/restore': 'built',
  'DELETE /api/admin/reports/{id}': 'built',
  'DELETE /api/admin/reports/bulk': 'built',
  'POST /api/admin/ban-user': 'built',
  'POST /api/admin/unban-user': 'built',
  // Designed for the admin screen's third tab (issue 6); not named by the spec.
  'GET /api/admin/reported-users': 'built',
  // The report lifecycle (issue 26): reports reviewed without hiding the quiz; not named by the spec.
  'PATCH /api/admin/quizzes/{id}/dismiss-reports': 'built',
  'GET /api/ai/usage-limit': 'built',
  'POST /api/ai/generate-quiz-from-text': 'built',
  'POST /api/ai/generate-quiz-from-pdf': 'built',
  'POST /api/ai/generate-quiz-from-word': 'built',
  // Designed for ARCHITECTURE §1: a presigned POST so files up to 10 MB never pass through Lambda.
  'POST /api/ai/uploads': 'built',
  'GET /api/user/pro': 'built',
  'POST /api/user/upgrade-pro': 'built',
  'POST /api/user/cancel-pro': 'built',
  'POST /api/user/resume-pro': 'built',
  'GET /api/stripe/check-payment/{sessionId}': 'built',
  'POST /api/stripe/create-checkout-session': 'built',
  // Designed for issue 16: Stripe's signed events (ARCHITECTURE §5, idempotent by event id).
  'POST /api/stripe/webhook': 'built',
  'GET /api/multiplayer/rooms': 'built',
  'GET /api/focused-study/pdfs': 'built',
  'POST /api/focused-study/upload-pdf': 'built',
  'DELETE /api/focused-study/pdfs/{id}': 'built',
  'POST /api/focused-study/add-text': 'built',
  'GET /api/focused-study/settings': 'built',
  'PUT /api/focused-study/settings': 'built',
  'GET /api/focused-study/latest-session': 'built',
  'POST /api/focused-study/start-session': 'built',
  'POST /api/focused-study/generate-new-questions': 'built',
  'POST /api/focused-study/complete-session': 'built',
  'GET /api/focused-study/saved-question-sets': 'built',
  'POST /api/focused-study/save-question-set': 'built',
  'PUT /api/focused-study/saved-question-sets/{setId}': 'built',
  'DELETE /api/focused-study/saved-question-sets/{setId}': 'built',
  'PUT /api/focused-study/saved-question-sets/{setId}/favorite': 'built',
  'POST /api/focused-study/start-saved-session/{setId}': 'built',
  'PUT /api/focused-study/saved-question-sets/{setId}/questions/{questionId}': 'built',
  // Designed for ARCHITECTURE §1 (files up to 10 MB by presigned POST) and the review queue (issue 17).
  'POST /api/focused-study/uploads': 'built',
  'GET /api/focused-study/review-queue': 'built',
  // Fixed by issue 26: solo play learns each answer once given (the quiz read has no answer key).
  'POST /api/quizzes/{id}/check': 'built',
  'POST /api/focused-study/start-review-session': 'built',
  // Designed for issue 27: an unfinished study session resumes after a reload or on another device.
  'GET /api/focused-study/unfinished-session': 'built',
  'PUT /api/focused-study/sessions/{sessionId}/progress': 'built',
  'DELETE /api/focused-study/sessions/{sessionId}': 'built',
};

/** Client message types of the multiplayer socket (second document §7). */
const specSocketMessages = [
  'auth',
  'create_room',
  'join_room',
  'ready',
  'answer',
  'leave_room',
  'chat_message',
  'update_room_settings',
];

describe('route table', () => {
  const tableKeys = httpRoutes.map(httpRouteKey);

  it('declares no route twice', () => {
    expect(new Set(tableKeys).size).toBe(tableKeys.length);
    const wsKeys = webSocketRoutes.map((route) => route.routeKey);
    expect(new Set(wsKeys).size).toBe(wsKeys.length);
    const ids = [...httpRoutes, ...webSocketRoutes, ...queueConsumers, ...streamConsumers].map(functionIdFor);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('holds every spec call marked built, and only calls the spec names', () => {
    for (const [call, state] of Object.entries(specCalls)) {
      if (state === 'built') expect(tableKeys, call).toContain(call);
      else
        expect(tableKeys, `${call} is listed as planned but is in the table: mark it built`).not.toContain(
          call,
        );
    }
    for (const key of tableKeys) expect(Object.keys(specCalls), `${key} is not a spec call`).toContain(key);
  });

  it('routes WebSocket messages by type; spec message types are not taken by anything else', () => {
    for (const route of webSocketRoutes) {
      expect(route.routeKey.startsWith('$') || /^[a-z_]+$/.test(route.routeKey)).toBe(true);
    }
    expect(specSocketMessages).not.toContain('ping');
  });

  it('points every entry at a module that exports a handler', () => {
    for (const entry of [...httpRoutes, ...webSocketRoutes, ...queueConsumers, ...streamConsumers]) {
      const file = join(root, `${entry.handler}.ts`);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/export const handler\b/);
    }
  });

  it("takes no CSRF token only where a server calls with a signature: Stripe's webhook", () => {
    const withoutCsrf = httpRoutes.filter((route) => 'csrf' in route).map(httpRouteKey);
    expect(withoutCsrf).toEqual(['POST /api/stripe/webhook']);
  });

  it('uses API Gateway path syntax', () => {
    for (const route of httpRoutes) expect(route.path).toMatch(/^\/api(\/([a-z0-9-]+|\{[a-zA-Z]+\}))+$/);
  });
});
