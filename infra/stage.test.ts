import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { httpRoutes, type HttpRoute } from '../functions/routes';
import { aiPaths, paymentPaths, WAF_RATE_LIMITS } from './constructs/edge-protection';
import { addStage } from './stage';

/**
 * Where a stage's WAF web ACL lives. CloudFront takes web ACLs from us-east-1 only: a stage in
 * another region gets a small edge stack there; a stage in us-east-1 holds its own; a web ACL
 * managed elsewhere can be named instead. (Functions are not bundled here: only the wiring is.)
 */
const stageIn = (region: string, extra: { webAclArn?: string; stage?: string } = {}) =>
  addStage(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), {
    stage: 'dev',
    mailFrom: 'no-reply@example.com',
    env: { account: '123456789012', region },
    ...extra,
  });

const webAclOf = (template: Template) =>
  (
    Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties
      .DistributionConfig as {
      WebACLId: unknown;
    }
  ).WebACLId;

describe('the stage name', () => {
  it('may not be one of the names kept for this machine (local, test)', () => {
    for (const stage of ['local', 'test'])
      expect(() => stageIn('ap-northeast-1', { stage })).toThrow(
        `The stage name "${stage}" is reserved for this machine`,
      );
    expect(() => stageIn('ap-northeast-1', { stage: 'Prod_1' })).toThrow('Invalid stage name "Prod_1"');
  });
});

describe('the stage web ACL', () => {
  it('lives in a us-east-1 edge stack for a stage elsewhere, carried across regions to CloudFront', () => {
    const { stack, edge } = stageIn('ap-northeast-1');
    expect(edge?.region).toBe('us-east-1');
    expect(stack.dependencies).toContain(edge);
    const edgeTemplate = Template.fromStack(edge!);
    edgeTemplate.resourceCountIs('AWS::WAFv2::WebACL', 1);
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    // CDK writes the ARN to an SSM parameter in us-east-1 and reads it in the stage's region.
    edgeTemplate.resourceCountIs('Custom::CrossRegionExportWriter', 1);
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(JSON.stringify(webAclOf(template))).toContain('ExportsReader');
  });

  it('lives in the stage stack itself when the stage is in us-east-1', () => {
    const { stack, edge } = stageIn('us-east-1');
    expect(edge).toBeUndefined();
    const template = Template.fromStack(stack);
    const [aclId] = Object.keys(template.findResources('AWS::WAFv2::WebACL'));
    expect(webAclOf(template)).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('can be one managed elsewhere (-c webAclArn=…)', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/central/1111';
    const { stack, edge } = stageIn('eu-west-1', { webAclArn: arn });
    expect(edge).toBeUndefined();
    expect(webAclOf(Template.fromStack(stack))).toBe(arn);
  });
});

describe('the web ACL rules', () => {
  /** The rules of one stage's web ACL, synthesized once for the three tests that read them. */
  let synthesized: Record<string, unknown>[] | undefined;
  const rules = () => {
    synthesized ??= Object.values(
      Template.fromStack(stageIn('us-east-1').stack).findResources('AWS::WAFv2::WebACL'),
    )[0]!.Properties.Rules as Record<string, unknown>[];
    return synthesized;
  };

  it('runs the AWS common rules (bodies bounded by the functions instead) and the IP reputation list', () => {
    const managed = rules().filter((rule) => JSON.stringify(rule).includes('ManagedRuleGroupStatement'));
    expect(managed.map((rule) => [rule.Name, rule.OverrideAction])).toEqual([
      ['AWSManagedRulesAmazonIpReputationList', { None: {} }],
      ['AWSManagedRulesCommonRuleSet', { None: {} }],
    ]);
    expect(JSON.stringify(managed[1])).toContain(
      '{"ActionToUse":{"Count":{}},"Name":"SizeRestrictions_BODY"}',
    );
  });

  it('limits each address on /api/auth/* and on every route that can call Bedrock', () => {
    const byName = Object.fromEntries(rules().map((rule) => [rule.Name, rule]));
    const auth = JSON.stringify(byName.RateLimitAuth);
    expect(auth).toContain(`"Limit":${WAF_RATE_LIMITS.auth}`);
    expect(auth).toContain('"SearchString":"/api/auth/"');
    const ai = JSON.stringify(byName.RateLimitAi);
    expect(ai).toContain(`"Limit":${WAF_RATE_LIMITS.ai}`);
    const generating = (httpRoutes as readonly HttpRoute[]).filter((route) =>
      route.grants?.includes('bedrock'),
    );
    expect(generating.length).toBeGreaterThan(0);
    for (const route of generating) expect(ai).toContain(`"SearchString":"${route.contract.path}"`);
    expect(aiPaths()).toHaveLength(generating.length);
    expect(JSON.stringify(byName.RateLimitAuth)).toContain('"ResponseCode":429');
  });

  it('limits each address on WebSocket upgrades and on the five payment calls (each reaches Stripe)', () => {
    const byName = Object.fromEntries(rules().map((rule) => [rule.Name, rule]));
    const webSocket = JSON.stringify(byName.RateLimitWebSocket);
    expect(webSocket).toContain(`"Limit":${WAF_RATE_LIMITS.webSocket}`);
    expect(webSocket).toContain('"PositionalConstraint":"EXACTLY","SearchString":"/ws"');
    expect(paymentPaths().sort()).toEqual(
      [
        '/api/stripe/check-payment/',
        '/api/stripe/create-checkout-session',
        '/api/user/cancel-pro',
        '/api/user/resume-pro',
        '/api/user/upgrade-pro',
      ].sort(),
    );
    const payments = JSON.stringify(byName.RateLimitPayments);
    expect(payments).toContain(`"Limit":${WAF_RATE_LIMITS.payments}`);
    for (const path of paymentPaths()) expect(payments).toContain(`"SearchString":"${path}"`);
    expect(payments).not.toContain('/api/stripe/webhook');
    for (const rule of [byName.RateLimitWebSocket, byName.RateLimitPayments])
      expect(rule).toMatchObject({
        Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
        Statement: { RateBasedStatement: { AggregateKeyType: 'IP', EvaluationWindowSec: 300 } },
      });
  });
});
