import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { VIEWER_ADDRESS_HEADER } from '@shared/api';
import type { RequestOrigin } from '../accounts/auth';

/**
 * The request's origin. The address is the one CloudFront saw (`VIEWER_ADDRESS_HEADER`, written by
 * the edge over anything the visitor sent; the APIs answer only requests that came through it):
 * the API's own `sourceIp` is a CloudFront server's.
 */
export const requestOrigin = (event: APIGatewayProxyEventV2): RequestOrigin => ({
  ipAddress: event.headers[VIEWER_ADDRESS_HEADER] || event.requestContext.http.sourceIp,
  userAgent: (event.requestContext.http.userAgent ?? '').slice(0, 300),
});
