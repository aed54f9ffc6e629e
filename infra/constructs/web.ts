import { Duration } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  FunctionRuntime,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { VIEWER_ADDRESS_HEADER } from '../../shared/api';
import { QUIZ_IMAGE_PATH } from '../../shared/quiz-images';
import { SPA_PAGES } from '../../shared/spa-pages';
import { ORIGIN_SECRET_HEADER } from '../../functions/edge/origin-authorizer';
import { CONNECT_SRC_SELF, contentSecurityPolicy, SECURITY_HEADERS } from '../../shared/security-headers';

/** The member of a CDK string enum whose value is `value` (the shared definition uses header values). */
function enumValue<E extends string>(members: Record<string, E>, value: string): E {
  const member = Object.values(members).find((candidate) => candidate === value);
  if (!member) throw new Error(`CloudFront does not support the header value ${value}`);
  return member;
}

/**
 * The viewer-response function that names the page's own WebSocket origin in its policy
 * (`withWebSocketOrigin` of shared/security-headers.ts, as CloudFront Functions can run it): the
 * response headers policy cannot, because a distribution cannot name its own domain in a policy it
 * depends on. The host is the one the page was asked for, which CloudFront only accepts for this
 * distribution.
 */
export const WEBSOCKET_ORIGIN_FUNCTION = [
  'function handler(event) {',
  '  var response = event.response;',
  "  var policy = response.headers['content-security-policy'];",
  '  var host = event.request.headers.host ? event.request.headers.host.value : event.context.distributionDomainName;',
  `  if (policy) policy.value = policy.value.replace(${JSON.stringify(CONNECT_SRC_SELF)}, ${JSON.stringify(`${CONNECT_SRC_SELF} wss://`)} + host);`,
  '  return response;',
  '}',
].join('\n');

/** The default behaviour's viewer-request function: which page a path without a file extension gets. */
export const SPA_FALLBACK_FUNCTION = [
  'function handler(event) {',
  '  var r = event.request;',
  `  if (r.uri === "/") { r.uri = "/${SPA_PAGES.home}"; }`,
  `  else if (!/\\.[a-zA-Z0-9]+$/.test(r.uri)) { r.uri = "/${SPA_PAGES.app}"; }`,
  '  return r;',
  '}',
].join('\n');

/**
 * The viewer-request function of the API behaviours: the visitor's address in
 * `VIEWER_ADDRESS_HEADER`, written over any such header the visitor sent (the APIs answer only
 * requests that came through CloudFront, so the functions can trust it).
 */
export const VIEWER_ADDRESS_FUNCTION = [
  'function handler(event) {',
  '  var request = event.request;',
  `  request.headers[${JSON.stringify(VIEWER_ADDRESS_HEADER)}] = { value: event.viewer.ip };`,
  '  return request;',
  '}',
].join('\n');

export interface WebProps {
  webBucket: Bucket;
  /** Questions' pictures, served under /quiz-images/* (keys `quiz-images/…`). */
  quizImagesBucket: Bucket;
  /** The materials bucket's origin (`https://<regional domain>`), where browsers upload by presigned POST. */
  materialsOrigin: string;
  logBucket: Bucket;
  httpApiDomain: string;
  webSocketDomain: string;
  /** Built SPA (`web/dist`); when absent the bucket is left as it is. */
  webAssetPath?: string;
  /** The WAF web ACL (CloudFront scope, in us-east-1) in front of the distribution. */
  webAclArn: string;
  /** The secret sent to the APIs with every request CloudFront forwards (api.ts). */
  originSecret: ISecret;
}

/**
 * One origin for everything (same-site cookies, no CORS): CloudFront serves the SPA from S3 and
 * forwards `/api/*` to the HTTP API and `/ws` to the WebSocket API.
 */
export class Web extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    // One definition (shared/security-headers.ts) for CloudFront and the local gateway.
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({ materialsOrigin: props.materialsOrigin }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(SECURITY_HEADERS.strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: SECURITY_HEADERS.strictTransportSecurity.includeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: {
          frameOption: enumValue(HeadersFrameOption, SECURITY_HEADERS.frameOptions),
          override: true,
        },
        referrerPolicy: {
          referrerPolicy: enumValue(HeadersReferrerPolicy, SECURITY_HEADERS.referrerPolicy),
          override: true,
        },
        xssProtection: { ...SECURITY_HEADERS.xssProtection, override: true },
      },
    });

    // Deep links (/quiz/123) are SPA routes: paths without a file extension get the app's page,
    // `/` home's own (its hero in the frame; shared/spa-pages.ts). Done per request here rather
    // than with error responses, which would also rewrite API 404s.
    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_FALLBACK_FUNCTION),
    });

    const webSocketOrigin = new CloudFrontFunction(this, 'WebSocketOrigin', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(WEBSOCKET_ORIGIN_FUNCTION),
    });

    const viewerAddress = new CloudFrontFunction(this, 'ViewerAddress', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(VIEWER_ADDRESS_FUNCTION),
    });

    const apiBehaviour = (domainName: string) => ({
      origin: new HttpOrigin(domainName, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        // The APIs let through only requests that carry it (functions/edge/origin-authorizer.ts).
        // Resolved by CloudFormation at deployment, never written into the template.
        customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Quiz platform',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.webBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        // Pages come from here: their policy gets the WebSocket origin. (An API answer is never a
        // page, so its policy needs none.)
        functionAssociations: [
          { function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: webSocketOrigin, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        '/api/*': apiBehaviour(props.httpApiDomain),
        '/ws': apiBehaviour(props.webSocketDomain),
        // Questions' pictures: content-hashed names, stored with `immutable` and a year's max-age
        // (functions/quizzes/quiz-image-store.ts), which CloudFront and browsers keep.
        [`${QUIZ_IMAGE_PATH}*`]: {
          origin: S3BucketOrigin.withOriginAccessControl(props.quizImagesBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    if (props.webAssetPath) {
      new BucketDeployment(this, 'Deploy', {
        sources: [Source.asset(props.webAssetPath)],
        destinationBucket: props.webBucket,
        distribution: this.distribution,
        distributionPaths: [`/${SPA_PAGES.app}`, `/${SPA_PAGES.home}`],
        memoryLimit: 512,
      });
    }
  }
}
