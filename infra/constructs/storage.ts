import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** Buckets: access logs, the web app, and the materials users upload for AI generation. */
export class Storage extends Construct {
  readonly logs: Bucket;
  readonly web: Bucket;
  readonly materials: Bucket;

  constructor(scope: Construct, id: string, props: { removalPolicy: RemovalPolicy }) {
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

    this.materials = new Bucket(this, 'Materials', {
      ...common,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 's3/materials/',
      // Files are deleted after extraction; this catches anything a failure left behind.
      lifecycleRules: [
        { expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
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
