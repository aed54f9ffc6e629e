import { LIMITS } from '@shared/constants';
import { PayloadTooLargeError } from '../errors';
import { parseRequestJson } from '../request-json';
import type { HttpMiddleware } from './types';

/** The body's bytes (base64 undone) within the route's limit, and the JSON read from them. */
export const parseBody: HttpMiddleware = {
  before: (request) => {
    const { event } = request;
    const state = request.context.state;
    if (event.body === undefined || event.body === null || event.body === '') return;
    const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
    if (raw.length > (state.route.bodyLimitBytes ?? LIMITS.jsonBodyMaxBytes))
      throw new PayloadTooLargeError();
    state.rawBody = raw;
    const contentType = state.headers['content-type'] ?? '';
    if (/^application\/(.+\+)?json\b/i.test(contentType)) {
      state.body = parseRequestJson(raw.toString('utf8'));
    }
  },
};
