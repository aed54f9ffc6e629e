import * as z from 'zod';

/**
 * Configuration, read from the environment and validated once per process. The local stack and
 * the tests set the endpoint overrides; in AWS they are absent and the SDK's defaults apply.
 */

/**
 * Stages that run on this machine only (`npm run dev`, the tests): they use the payment
 * simulator's public keys, honour `STRIPE_API_URL`, seed the demo accounts and send cookies
 * without `Secure`. A deployed stage may not take these names (infra/stage-name.ts).
 */
export const LOCAL_STAGES: readonly string[] = ['local', 'test'];

const configSchema = z
  .object({
    /** Required: a missing stage must not silently become `local` (no `Secure` cookies). */
    STAGE: z.string().min(1),
    TABLE_NAME: z.string().min(1),
    APP_URL: z.url().optional(),
    AWS_REGION: z.string().min(1).default('ap-northeast-1'),
    DYNAMODB_ENDPOINT: z.url().optional(),
    S3_ENDPOINT: z.url().optional(),
    SES_ENDPOINT: z.url().optional(),
    SQS_ENDPOINT: z.url().optional(),
    MATERIALS_BUCKET: z.string().min(1).optional(),
    /** Questions' pictures, re-encoded (issue 30), served by CloudFront under /quiz-images/. */
    QUIZ_IMAGES_BUCKET: z.string().min(1).optional(),
    /** The CloudFront distribution whose cached pictures a removal invalidates (deployed stages only). */
    DISTRIBUTION_ID: z.string().min(1).optional(),
    MAIL_FROM: z.string().min(3).optional(),
    WS_MANAGEMENT_ENDPOINT: z.url().optional(),
    TICK_QUEUE_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    /** The Bedrock model (or inference profile) id for AI generation; without it the offline generator is used. */
    BEDROCK_MODEL_ID: z.string().trim().optional(),
    /** Region of the Bedrock model, when it is not the stack's own. */
    BEDROCK_REGION: z.string().trim().optional(),
    /** Per-address request limits (sign-up, login, mail); `off` only for test suites that sign up hundreds of users from 127.0.0.1. */
    PER_IP_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    /**
     * The cost of new password hashes: OWASP's (`owasp`), or `fast` (scrypt N = 2^10) for the test
     * suites on the local stages only, whose hundreds of sign-ups and sign-ins would otherwise
     * spend some 300 s of a run's CPU in scrypt (functions/users/passwords.ts).
     */
    PASSWORD_HASH_COST: z.enum(['owasp', 'fast']).default('owasp'),
    /** How long a warm function keeps reference data (categories) before reading it again. */
    REFERENCE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** The local payment simulator (local and test stages only; in AWS the SDK talks to Stripe). */
    STRIPE_API_URL: z.url().optional(),
    /** Secrets Manager secret holding `{ secretKey, webhookSecret }` (deployed stages). */
    STRIPE_SECRET_ARN: z.string().min(1).optional(),
    /** Set by AWS Lambda itself (a reserved variable): the function is deployed. */
    AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
  })
  .transform((env, ctx) => {
    const isLocal = LOCAL_STAGES.includes(env.STAGE);
    // Whatever its stack says, a function running in Lambda is never local: it refuses to start
    // rather than take the simulator's keys, an STRIPE_API_URL or cookies without `Secure`.
    if (isLocal && env.AWS_LAMBDA_FUNCTION_NAME) {
      ctx.addIssue({
        code: 'custom',
        path: ['STAGE'],
        message: `the ${env.STAGE} stage runs on this machine only, never in AWS Lambda`,
      });
    }
    if (!isLocal && env.PASSWORD_HASH_COST !== 'owasp') {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: 'password hashes are made at OWASP’s cost outside the local stages',
      });
    }
    if (!isLocal && !env.APP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message: 'APP_URL is required outside the local stage',
      });
    }
    return {
      stage: env.STAGE,
      isLocal,
      tableName: env.TABLE_NAME,
      appUrl: (env.APP_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
      region: env.AWS_REGION,
      endpoints: {
        dynamodb: env.DYNAMODB_ENDPOINT,
        s3: env.S3_ENDPOINT,
        ses: env.SES_ENDPOINT,
        sqs: env.SQS_ENDPOINT,
        webSocketManagement: env.WS_MANAGEMENT_ENDPOINT,
      },
      materialsBucket: env.MATERIALS_BUCKET,
      quizImagesBucket: env.QUIZ_IMAGES_BUCKET,
      distributionId: env.DISTRIBUTION_ID,
      mailFrom: env.MAIL_FROM ?? 'みんなのクイズ <no-reply@example.com>',
      tickQueueUrl: env.TICK_QUEUE_URL,
      /** AI generation: Amazon Bedrock when a model is configured, else the built-in offline generator. */
      bedrock: env.BEDROCK_MODEL_ID
        ? { modelId: env.BEDROCK_MODEL_ID, region: env.BEDROCK_REGION || env.AWS_REGION }
        : undefined,
      /**
       * Stripe: locally the payment simulator with its fixed keys; elsewhere the keys are read
       * from Secrets Manager at first use (never from a plain environment variable).
       */
      stripe: {
        apiUrl: isLocal ? (env.STRIPE_API_URL ?? 'http://127.0.0.1:12111') : undefined,
        secretArn: env.STRIPE_SECRET_ARN,
      },
      logLevel: env.LOG_LEVEL,
      referenceCacheSeconds: env.REFERENCE_CACHE_SECONDS,
      perIpRateLimits: env.PER_IP_RATE_LIMITS === 'on',
      passwordHashCost: env.PASSWORD_HASH_COST,
      /** Cookies carry `Secure` everywhere but on the local stage (plain http://localhost). */
      secureCookies: !isLocal,
    };
  });

export type Config = z.output<typeof configSchema>;

let cached: Config | undefined;

/** Returns the validated configuration; throws at cold start when a required setting is missing. */
export function getConfig(): Config {
  if (!cached) {
    const parsed = configSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ');
      throw new Error(`Invalid configuration: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** For tests that change the environment between cases. */
export function resetConfigForTests(): void {
  cached = undefined;
}
