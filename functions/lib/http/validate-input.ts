import type { z } from 'zod';
import type { RouteSchemas } from '@shared/contract/define';
import { MESSAGES } from '@shared/messages';
import { BadRequestError, ValidationError } from '../errors';
import type { HttpMiddleware, HttpState } from './types';

/** Input checked against its schema, or a 400 with the schema's Japanese messages (`where`: body, query, params). */
export function checkInput<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({
      path: [where, ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  );
}

const isMultipart = (state: HttpState) => /^multipart\/form-data/i.test(state.headers['content-type'] ?? '');

/** Path parameters, query and JSON body checked by the contract's schemas. */
export function validateInput(schemas: RouteSchemas): HttpMiddleware {
  const check = (schema: z.ZodType | undefined, value: unknown, where: string) =>
    schema ? checkInput(schema, value, where) : value;
  return {
    before: (request) => {
      const state = request.context.state;
      const { event } = request;
      // A route that takes a form reads and checks it itself (its file part is not JSON).
      const formSent = schemas.form !== undefined && isMultipart(state);
      if (schemas.body && !formSent && state.rawBody && state.body === undefined)
        throw new BadRequestError(MESSAGES.invalidJson);
      state.input = {
        params: check(schemas.params, event.pathParameters ?? {}, 'params'),
        query: check(schemas.query, event.queryStringParameters ?? {}, 'query'),
        body: formSent ? undefined : check(schemas.body, state.body ?? {}, 'body'),
      };
    },
  };
}
