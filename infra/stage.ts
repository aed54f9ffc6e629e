import { Stack, type App, type Environment, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeProtection } from './constructs/edge-protection';
import { QuizStack, type QuizStackProps } from './quiz-stack';
import { checkStageName } from './stage-name';

/** CloudFront's WAF web ACLs exist only in us-east-1. */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';

/** The stage's WAF web ACL, in us-east-1, for a stage whose stack is elsewhere. */
export class QuizEdgeStack extends Stack {
  readonly protection: EdgeProtection;

  constructor(scope: Construct, id: string, props: StackProps & { stage: string }) {
    super(scope, id, props);
    this.protection = new EdgeProtection(this, 'Edge', { stage: props.stage });
  }
}

export interface StageOptions extends Omit<QuizStackProps, 'env' | 'webAcl'> {
  env: Environment & { region: string };
  /** A web ACL managed elsewhere (`-c webAclArn=…`): no edge stack is made. */
  webAclArn?: string;
}

/**
 * One stage: the stack `Quiz-<stage>` in its region and, unless the stack is in us-east-1 (where
 * it holds its web ACL itself) or a web ACL is given, the stack `Quiz-<stage>-edge` in us-east-1
 * holding the web ACL, whose ARN CDK carries across regions (an SSM parameter read at deploy).
 * `cdk deploy -c stage=<name> --all` deploys both, the edge stack first.
 */
export function addStage(app: App, options: StageOptions): { stack: QuizStack; edge?: QuizEdgeStack } {
  const { webAclArn, ...props } = options;
  checkStageName(props.stage);
  const id = `Quiz-${props.stage}`;
  if (webAclArn) return { stack: new QuizStack(app, id, { ...props, webAcl: { arn: webAclArn } }) };
  if (props.env.region === CLOUDFRONT_WAF_REGION) return { stack: new QuizStack(app, id, props) };
  const edge = new QuizEdgeStack(app, `${id}-edge`, {
    stage: props.stage,
    env: { ...props.env, region: CLOUDFRONT_WAF_REGION },
    crossRegionReferences: true,
    ...(props.tags ? { tags: props.tags } : {}),
  });
  const stack = new QuizStack(app, id, {
    ...props,
    crossRegionReferences: true,
    webAcl: { arn: edge.protection.webAcl.attrArn, metricName: edge.protection.metricName },
  });
  stack.addStackDependency(edge);
  return { stack, edge };
}
