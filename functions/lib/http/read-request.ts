import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getConfig } from '../config';
import { parseCookies } from '../cookies';
import type { ChainRoute, HttpMiddleware } from './types';

const lowerCaseHeaders = (headers: APIGatewayProxyEventV2['headers']) =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));

/** Starts the chain's state: the route's row, the configuration, the cookies and headers. */
export const readRequest = (route: ChainRoute): HttpMiddleware => ({
  before: (request) => {
    request.context.state = {
      route,
      config: getConfig(),
      cookies: parseCookies(request.event.cookies),
      headers: lowerCaseHeaders(request.event.headers),
    };
  },
});
