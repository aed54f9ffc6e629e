import type * as z from 'zod';

/**
 * The API contract: one entry per HTTP route, holding the schemas of what the route takes
 * (`params`, `query`, `body`) and of what it answers (`response`). The functions validate input
 * and answers with them, and the web app builds its calls and parses the answers with them, so a
 * route's shape is written once. Each feature has its own file; `index.ts` lists them all.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** API Gateway's route key: `METHOD /api/path/{param}`. */
export type RouteKey = `${HttpMethod} /api/${string}`;

export interface RouteSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** The JSON body. */
  readonly body?: z.ZodType;
  /**
   * The text fields of a `multipart/form-data` body, for routes that also take a file upload;
   * the handler reads the form and checks its fields with this schema.
   */
  readonly form?: z.ZodType;
  /** The answer's body on success (any 2xx). Error answers are always `ApiErrorBody`. */
  readonly response: z.ZodType;
  /**
   * The media types of a route that answers a file (a download) instead of JSON. Its `response`
   * is then `fileDownloadSchema` (`shared/api.ts`), and the handler chain sends the file's bytes
   * base64-encoded with a Content-Disposition naming it.
   */
  readonly download?: readonly string[];
}

export type RouteContract<K extends RouteKey = RouteKey, S extends RouteSchemas = RouteSchemas> = S & {
  readonly key: K;
  readonly method: K extends `${infer M extends HttpMethod} ${string}` ? M : HttpMethod;
  readonly path: K extends `${HttpMethod} ${infer P}` ? P : string;
};

/** Declares one route of the contract. */
export function defineRoute<const K extends RouteKey, const S extends RouteSchemas>(
  key: K,
  schemas: S,
): RouteContract<K, S> {
  const [method, path] = key.split(' ') as [HttpMethod, string];
  return { ...schemas, key, method, path } as RouteContract<K, S>;
}

/** The answer of a route, as the web app receives it. */
export type ResponseOf<C extends RouteSchemas> = z.output<C['response']>;
/** The answer of a route, as a handler writes it. */
export type ReplyOf<C extends RouteSchemas> = z.input<C['response']>;

/** Fills a route's `{name}` segments, each URL-encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
