import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { httpRoutes, type HttpRoute } from '../../functions/routes';
import { WEBSOCKET_STAGE } from './api';

/**
 * Requests one client address may send in five minutes to the routes WAF limits by rate. Sign-in,
 * sign-up and the mail calls also have per-address and per-account limits in the functions; this
 * stops a flood before it costs a Lambda invocation. A school class behind one address (40 people
 * signing in, a few tries each) stays well below.
 *
 * WAF counts per client address: an IPv6 address is counted on its own, not by its /64 (a
 * rate-based rule aggregates on the whole source or forwarded address, never on a prefix of it),
 * so the functions' per-address limits are the ones that count an IPv6 /64 as one address.
 */
export const WAF_RATE_LIMITS = {
  /** `/api/auth/*`: sign-in, sign-up, mail links, password reset. */
  auth: 300,
  /** The AI generation calls (Bedrock is billed per token): members may try 10 a minute each. */
  ai: 200,
  /**
   * `/ws` upgrades (WAF sees the upgrade request, not the frames after it): a class of 40 behind
   * one address, each connecting and reconnecting a few times, stays below.
   */
  webSocket: 300,
  /**
   * The member's payment calls, each of which calls Stripe (whose API allows an account 100
   * requests a second): the return from checkout polls its status every 2 seconds for a while.
   */
  payments: 100,
} as const;

/**
 * Paths (up to any `{parameter}`) of the member's payment calls from the route table: the
 * membership routes that reach Stripe on a member's behalf. Stripe's webhook is not one: Stripe
 * calls it from its own few addresses and signs every event.
 */
export function paymentPaths(routes: readonly HttpRoute[] = httpRoutes): string[] {
  return routes
    .filter(
      (route) =>
        route.grants?.includes('stripe') &&
        route.access !== 'public' &&
        route.handler.startsWith('functions/api/membership/'),
    )
    .map((route) => route.contract.path.split('{')[0]!);
}

/**
 * Paths (up to any `{parameter}`) of the routes that can call Bedrock, from the route table: each
 * call costs money, so a route added with the `bedrock` grant is rate-limited too.
 */
export function aiPaths(routes: readonly HttpRoute[] = httpRoutes): string[] {
  const paths = routes
    .filter((route) => route.grants?.includes('bedrock'))
    .map((route) => route.contract.path.split('{')[0]!);
  return [...new Set(paths)];
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** A rule that runs an AWS managed rule group. */
function managedRule(
  name: string,
  priority: number,
  ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[],
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(ruleActionOverrides ? { ruleActionOverrides } : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

const pathMatch = (
  positionalConstraint: 'STARTS_WITH' | 'EXACTLY',
  path: string,
): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});
const pathStartsWith = (path: string) => pathMatch('STARTS_WITH', path);

/** Any of the paths (a rate rule's scope: one statement, or an `or` of several). */
const anyPathStartsWith = (paths: readonly string[]): CfnWebACL.StatementProperty =>
  paths.length === 1 ? pathStartsWith(paths[0]!) : { orStatement: { statements: paths.map(pathStartsWith) } };

/** Blocks a client address that sends more than `limit` requests matching `scope` in five minutes. */
function rateRule(
  name: string,
  priority: number,
  limit: number,
  scope: CfnWebACL.StatementProperty,
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: { customResponse: { responseCode: 429 } } },
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: 300,
        scopeDownStatement: scope,
      },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * The web ACL in front of CloudFront: AWS's common rules and IP reputation list, and per-address
 * rate limits on the sign-in family, the AI calls, WebSocket upgrades and the payment calls. A
 * CloudFront web ACL must be created in us-east-1, whatever the region of the rest of the stage
 * (see infra/stage.ts).
 */
export class EdgeProtection extends Construct {
  readonly webAcl: CfnWebACL;
  /** The web ACL's metric name: the `WebACL` dimension of its CloudWatch metrics (in us-east-1). */
  readonly metricName: string;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    this.metricName = `Quiz-${props.stage}-edge`;
    const ai = aiPaths();
    const payments = paymentPaths();
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: `Quiz platform stage ${props.stage} - managed rules and rate limits in front of CloudFront`,
      visibilityConfig: visibility(this.metricName),
      rules: [
        managedRule('AWSManagedRulesAmazonIpReputationList', 0),
        managedRule('AWSManagedRulesCommonRuleSet', 1, [
          // Quiz bodies and the AI calls' files (multipart, up to 4 MB) are larger than the rule's
          // 8 KB; the functions bound every body themselves. Counted, so it still shows in metrics.
          { name: 'SizeRestrictions_BODY', actionToUse: { count: {} } },
        ]),
        rateRule('RateLimitAuth', 2, WAF_RATE_LIMITS.auth, pathStartsWith('/api/auth/')),
        ...(ai.length ? [rateRule('RateLimitAi', 3, WAF_RATE_LIMITS.ai, anyPathStartsWith(ai))] : []),
        // CloudFront forwards exactly `/ws` to the WebSocket API.
        rateRule(
          'RateLimitWebSocket',
          4,
          WAF_RATE_LIMITS.webSocket,
          pathMatch('EXACTLY', `/${WEBSOCKET_STAGE}`),
        ),
        ...(payments.length
          ? [rateRule('RateLimitPayments', 5, WAF_RATE_LIMITS.payments, anyPathStartsWith(payments))]
          : []),
      ],
    });
  }
}
