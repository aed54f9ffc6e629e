import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  EventType,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { SqsDestination } from 'aws-cdk-lib/aws-s3-notifications';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queueVisibilitySeconds } from '../../functions/routes';
import { QueueWithDeadLetters } from './queue-with-dead-letters';
import { QUIZ_IMAGE_PATH } from '../../shared/quiz-images';

/** Buckets: access logs, the web app, and the materials users upload for AI generation. */
export class Storage extends Construct {
  readonly logs: Bucket;
  readonly web: Bucket;
  readonly materials: Bucket;
  /** Questions' pictures (issue 30), re-encoded WebP under `quiz-images/<quiz id>/`, read by CloudFront only. */
  readonly quizImages: Bucket;
  /**
   * Every removal of a stored picture (the bucket's event notifications), read in batches by the
   * function that takes them off CloudFront's edge (route table: `quiz-image-removals`).
   */
  readonly quizImageRemovals: Queue;
  /** Removals whose invalidation failed on every try (alarmed). */
  readonly quizImageRemovalFailures: Queue;

  /**
   * The materials bucket's origin, where browsers upload by presigned POST (the URL the S3 client
   * signs for: virtual-hosted, regional), named in the pages' Content-Security-Policy.
   */
  readonly materialsOrigin: string;

  constructor(scope: Construct, id: string, props: { stage: string; removalPolicy: RemovalPolicy }) {
    super(scope, id);
    const autoDelete = props.removalPolicy === RemovalPolicy.DESTROY;
    const common = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: autoDelete,
    } as const;

    this.logs = new Bucket(this, 'Logs', {
      ...common,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logs are delivered with ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });

    this.web = new Bucket(this, 'Web', {
      ...common,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 's3/web/',
    });

    // Named from the stage, account and Region rather than by CloudFormation: the pages' policy
    // names the bucket, and the bucket's CORS rule names the site, so a name CloudFormation makes
    // would tie the distribution and the bucket into a cycle.
    const materialsName = `quiz-${props.stage}-uploads-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
    this.materialsOrigin = `https://${materialsName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    this.materials = new Bucket(this, 'Materials', {
      ...common,
      bucketName: materialsName,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 's3/materials/',
      // Files are deleted after extraction (question pictures once saved); this catches anything a
      // failure or an abandoned edit left behind.
      lifecycleRules: [
        { expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });

    // Private like the others: CloudFront reads it through its origin access control (web.ts).
    // Pictures are kept as long as a question shows them, so nothing expires; only the parts of a
    // multipart upload that never completed go (the functions write whole objects, so there should
    // be none).
    this.quizImages = new Bucket(this, 'QuizImages', {
      ...common,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 's3/quiz-images/',
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    // CloudFront keeps a picture a year (its name changes with its content); a removed one must
    // leave the edge too. The notification is a resource of its own, so the distribution (which
    // reads this bucket) and the invalidating function (which names the distribution) make no cycle.
    const removals = new QueueWithDeadLetters(this, 'QuizImageRemovals', {
      queueId: 'Queue',
      visibilityTimeout: Duration.seconds(queueVisibilitySeconds('quiz-image-removals')),
      // CloudFront refuses invalidations while too many are in progress; a batch waits and tries again.
      maxReceiveCount: 10,
    });
    this.quizImageRemovals = removals.queue;
    this.quizImageRemovalFailures = removals.deadLetters;
    this.quizImages.addEventNotification(
      EventType.OBJECT_REMOVED,
      new SqsDestination(this.quizImageRemovals),
      { prefix: QUIZ_IMAGE_PATH.slice(1) },
    );
  }

  /** Browsers upload materials straight to S3 by presigned POST from the app's origin. */
  allowUploadsFrom(origin: string) {
    this.materials.addCorsRule({
      allowedMethods: [HttpMethods.POST],
      allowedOrigins: [origin],
      allowedHeaders: ['*'],
      maxAge: 3000,
    });
  }
}
