import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RequestOrigin } from '../../accounts/auth';

/** Where a request came from, for the administrator sign-in e-mail. */
export const requestOrigin = (event: APIGatewayProxyEventV2): RequestOrigin => ({
  ipAddress: event.requestContext.http.sourceIp,
  userAgent: (event.requestContext.http.userAgent ?? '').slice(0, 300),
});
