import { Duration } from 'aws-cdk-lib';
import type { HttpApi, WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  SingleValueWidget,
  TextWidget,
  TreatMissingData,
  type IAlarm,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, type MetricName } from '../../functions/lib/metrics';
import { functionIdFor, type HttpRoute } from '../../functions/routes';
import type { RouteFunctionEntry } from './api';

const FIVE_MINUTES = Duration.minutes(5);

/** The HTTP API's 5xx rate (percent of requests in five minutes) that pages someone. */
export const SERVER_ERROR_RATE_PERCENT = 5;
/** Below this many requests in five minutes a rate says nothing (one failed request of three). */
export const SERVER_ERROR_RATE_MIN_REQUESTS = 20;
/** WebSocket errors (API Gateway's and the handlers' own) in five minutes that page someone. */
export const WEBSOCKET_ERRORS_THRESHOLD = 5;
/** The p99 duration an ordinary route must stay under; routes with their own timeout get 80 % of it. */
export const ROUTE_P99_BUDGET_MS = 1000;

/** The p99 budget of one HTTP route, from its row of the route table. */
export function p99BudgetMs(route: HttpRoute): number {
  return route.timeoutSeconds ? route.timeoutSeconds * 1000 * 0.8 : ROUTE_P99_BUDGET_MS;
}

export interface ObservabilityProps {
  stage: string;
  httpApi: HttpApi;
  webSocketApi: WebSocketApi;
  webSocketStageName: string;
  functions: readonly RouteFunctionEntry[];
  deadLetters: Queue;
  /** The on-failure destinations of the table-stream consumers (the search indexer, the learning records). */
  streamFailures: readonly Queue[];
  /** Removals of questions' pictures whose CloudFront invalidation failed on every try (storage.ts). */
  quizImageRemovalFailures: Queue;
  tickQueue: Queue;
  table: TableV2;
  /** Where alarm mail goes (`-c alarmEmail=ops@example.jp`); without it, subscribe to the topic by hand. */
  alarmEmail?: string;
  /** The CloudFront web ACL's metric name, for the dashboard (its metrics are in us-east-1). */
  webAclMetricName?: string;
}

/**
 * What tells an operator that something is wrong: one SNS topic per stage that every alarm
 * notifies (on alarm and on recovery), the alarms, and one dashboard. Alarms on functions loop
 * over the route table's functions, so a new route gets its own without anyone writing one.
 * docs/operations.md says how to answer each.
 */
export class Observability extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];
  private readonly props: ObservabilityProps;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    this.props = props;

    // CloudWatch publishes to an encrypted topic only with a customer managed key it may use.
    const key = new Key(this, 'AlarmTopicKey', {
      enableKeyRotation: true,
      description: `Quiz ${props.stage}: encrypts the alarm topic`,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Alarms', {
      displayName: `Quiz ${props.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (props.alarmEmail) {
      this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
      NagSuppressions.addResourceSuppressions(
        this.topic,
        [
          {
            id: 'Serverless-SNSRedrivePolicy',
            reason:
              'An alarm mail SNS cannot deliver is retried by SNS; the alarm itself stays in alarm on the dashboard and in CloudWatch, so nothing waits in a dead-letter queue for it.',
          },
        ],
        true,
      );
    }

    this.alarmOnServerErrorRate();
    for (const { entry, fn } of props.functions) {
      const id = functionIdFor(entry);
      const where =
        'contract' in entry
          ? entry.contract.key
          : 'routeKey' in entry
            ? `WebSocket ${entry.routeKey}`
            : 'queue' in entry
              ? `queue ${entry.queue}`
              : `table stream consumer ${entry.stream}`;
      this.alarm(`${id}Errors`, {
        description: `${where}: the function failed (an unhandled error or a timeout)`,
        metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: 1,
        runbook: 'RouteErrors',
      });
      this.alarm(`${id}Throttles`, {
        description: `${where}: Lambda refused invocations (concurrency exhausted)`,
        metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: 1,
        runbook: 'RouteThrottles',
      });
      if ('contract' in entry)
        this.alarm(`${id}LatencyP99`, {
          description: `${where}: p99 duration above ${p99BudgetMs(entry)} ms for 15 minutes`,
          metric: fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99' }),
          threshold: p99BudgetMs(entry),
          evaluationPeriods: 3,
          comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
          runbook: 'RouteLatencyP99',
        });
    }
    this.alarm('DeadLetters', {
      description: 'Game-clock ticks failed three times and wait in the dead-letter queue',
      metric: props.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: FIVE_MINUTES,
        statistic: 'Maximum',
      }),
      threshold: 1,
    });
    props.streamFailures.forEach((queue, index) =>
      this.alarm(`StreamFailures${index || ''}`, {
        description:
          'A batch of table-stream records still failed after its retries (the search index may miss a change: run npm run search:backfill)',
        metric: queue.metricApproximateNumberOfMessagesVisible({
          period: FIVE_MINUTES,
          statistic: 'Maximum',
        }),
        threshold: 1,
      }),
    );
    this.alarm('QuizImageRemovalFailures', {
      description:
        'Removed question pictures could not be invalidated at CloudFront after ten tries: they stay served from the edge until invalidated by hand (/quiz-images/<quiz id>/*)',
      metric: props.quizImageRemovalFailures.metricApproximateNumberOfMessagesVisible({
        period: FIVE_MINUTES,
        statistic: 'Maximum',
      }),
      threshold: 1,
    });
    this.alarm('WebSocketErrors', {
      description: `${WEBSOCKET_ERRORS_THRESHOLD} or more WebSocket errors in 5 minutes (API Gateway execution and integration errors, and messages answered server_error)`,
      metric: new MathExpression({
        label: 'WebSocket errors',
        expression: 'FILL(execution, 0) + FILL(integration, 0) + FILL(handlers, 0)',
        period: FIVE_MINUTES,
        usingMetrics: {
          execution: this.webSocketMetric('ExecutionError'),
          integration: this.webSocketMetric('IntegrationError'),
          handlers: this.businessMetric(METRIC.webSocketErrors),
        },
      }),
      threshold: WEBSOCKET_ERRORS_THRESHOLD,
    });
    this.alarm('PaymentWebhookFailures', {
      description: 'The payment webhook could not process an event (signature, payload or write failed)',
      metric: this.businessMetric(METRIC.paymentWebhookFailures),
      threshold: 1,
    });

    this.dashboard = this.buildDashboard();
  }

  /** An EMF metric of the functions (functions/lib/metrics.ts), for this stage. */
  businessMetric(name: MetricName, statistic = 'Sum', period: Duration = FIVE_MINUTES): Metric {
    return new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: name,
      dimensionsMap: { stage: this.props.stage },
      statistic,
      period,
    });
  }

  private webSocketMetric(metricName: string): Metric {
    return new Metric({
      namespace: 'AWS/ApiGateway',
      metricName,
      dimensionsMap: { ApiId: this.props.webSocketApi.apiId, Stage: this.props.webSocketStageName },
      statistic: 'Sum',
      period: FIVE_MINUTES,
    });
  }

  private alarmOnServerErrorRate() {
    const { httpApi } = this.props;
    this.alarm('Http5xxRate', {
      description: `More than ${SERVER_ERROR_RATE_PERCENT} % of HTTP API requests answered 5xx in 5 minutes (with at least ${SERVER_ERROR_RATE_MIN_REQUESTS} requests)`,
      metric: new MathExpression({
        label: '5xx rate (%)',
        expression: `IF(requests >= ${SERVER_ERROR_RATE_MIN_REQUESTS}, 100 * FILL(errors, 0) / requests, 0)`,
        period: FIVE_MINUTES,
        usingMetrics: {
          errors: httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
          requests: httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }),
        },
      }),
      threshold: SERVER_ERROR_RATE_PERCENT,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
  }

  private alarm(
    id: string,
    options: {
      description: string;
      /** The alarm's section of docs/operations.md, when it is not named like the alarm. */
      runbook?: string;
      metric: IMetric;
      threshold: number;
      evaluationPeriods?: number;
      comparison?: ComparisonOperator;
    },
  ): Alarm {
    const alarm = new Alarm(this, id, {
      alarmDescription: `${options.description}. What to do: docs/operations.md, alarm ${options.runbook ?? id}.`,
      metric: options.metric,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      comparisonOperator: options.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No traffic is not a failure.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  private buildDashboard(): Dashboard {
    const { httpApi, functions, deadLetters, tickQueue, table, webAclMetricName } = this.props;
    const dashboard = new Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.hours(24),
    });
    const hourly = Duration.hours(1);
    const business = [METRIC.signUps, METRIC.plays, METRIC.generations, METRIC.games, METRIC.payments];
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# Quiz ${this.props.stage}\nHow to read this page and answer each alarm: docs/operations.md.`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new SingleValueWidget({
        title: 'Business events (today, from the functions)',
        metrics: business.map((name) => this.businessMetric(name, 'Sum', Duration.days(1))),
        width: 24,
        height: 4,
      }),
      new GraphWidget({
        title: 'Business events per hour',
        left: business.map((name) => this.businessMetric(name, 'Sum', hourly)),
        width: 24,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'HTTP API: requests, 4xx, 5xx',
        left: [
          httpApi.metricCount({ statistic: 'Sum', period: FIVE_MINUTES }),
          httpApi.metricClientError({ statistic: 'Sum', period: FIVE_MINUTES }),
          httpApi.metricServerError({ statistic: 'Sum', period: FIVE_MINUTES }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'HTTP API latency (p50, p99)',
        left: [
          httpApi.metricLatency({ statistic: 'p50', period: FIVE_MINUTES }),
          httpApi.metricLatency({ statistic: 'p99', period: FIVE_MINUTES }),
        ],
        width: 12,
      }),
    );
    const httpFunctions = functions.filter(({ entry }) => 'contract' in entry);
    // A graph holds a bounded number of lines: the routes, a screenful at a time.
    for (let first = 0; first < httpFunctions.length; first += 20) {
      const slice = httpFunctions.slice(first, first + 20);
      dashboard.addWidgets(
        new GraphWidget({
          title: `p99 duration per route (${first + 1}–${first + slice.length})`,
          left: slice.map(({ entry, fn }) =>
            fn.metricDuration({
              statistic: 'p99',
              period: FIVE_MINUTES,
              label: (entry as HttpRoute).contract.key,
            }),
          ),
          width: 24,
          height: 8,
        }),
      );
    }
    const byFunction = (metric: 'Errors' | 'Throttles') =>
      functions.map(({ entry, fn }) =>
        fn.metric(metric, { statistic: 'Sum', period: FIVE_MINUTES, label: functionIdFor(entry) }),
      );
    for (const metric of ['Errors', 'Throttles'] as const) {
      const all = byFunction(metric);
      for (let first = 0; first < all.length; first += 40)
        dashboard.addWidgets(
          new GraphWidget({
            title: `Lambda ${metric.toLowerCase()} per function`,
            left: all.slice(first, first + 40),
            width: 24,
            height: 6,
          }),
        );
    }
    dashboard.addWidgets(
      new GraphWidget({
        title: 'WebSocket: connections, messages, errors',
        left: [this.webSocketMetric('ConnectCount'), this.webSocketMetric('MessageCount')],
        right: [
          this.webSocketMetric('ExecutionError'),
          this.webSocketMetric('IntegrationError'),
          this.businessMetric(METRIC.webSocketErrors),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'Game clock: ticks waiting, oldest tick, dead letters',
        left: [
          tickQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES }),
          deadLetters.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES }),
        ],
        right: [tickQueue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES })],
        width: 12,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'DynamoDB: consumed capacity',
        left: [
          table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES }),
          table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'DynamoDB: throttled requests and system errors',
        left: [
          table.metric('ThrottledRequests', { statistic: 'Sum', period: FIVE_MINUTES }),
          table.metric('SystemErrors', { statistic: 'Sum', period: FIVE_MINUTES }),
        ],
        width: 12,
      }),
    );
    if (webAclMetricName)
      dashboard.addWidgets(
        new GraphWidget({
          title: 'WAF (us-east-1): allowed and blocked requests',
          left: ['AllowedRequests', 'BlockedRequests'].map(
            (metricName) =>
              new Metric({
                namespace: 'AWS/WAFV2',
                metricName,
                dimensionsMap: { WebACL: webAclMetricName, Rule: 'ALL' },
                statistic: 'Sum',
                period: FIVE_MINUTES,
                region: 'us-east-1',
              }),
          ),
          right: ['RateLimitAuth', 'RateLimitAi'].map(
            (rule) =>
              new Metric({
                namespace: 'AWS/WAFV2',
                metricName: 'BlockedRequests',
                dimensionsMap: { WebACL: webAclMetricName, Rule: rule },
                statistic: 'Sum',
                period: FIVE_MINUTES,
                region: 'us-east-1',
                label: `blocked by ${rule}`,
              }),
          ),
          width: 24,
        }),
      );
    const alarms: IAlarm[] = this.alarms;
    for (let first = 0; first < alarms.length; first += 100)
      dashboard.addWidgets(
        new AlarmStatusWidget({
          title: `Alarms (${first + 1}–${Math.min(first + 100, alarms.length)})`,
          alarms: alarms.slice(first, first + 100),
          width: 24,
          height: 6,
        }),
      );
    return dashboard;
  }
}
