import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { getConfig } from './config';

/**
 * SDK clients as module singletons (reused across warm invocations). When an endpoint override
 * is configured (local stack, tests) the client talks to the emulator with dummy credentials.
 */
function localOptions(endpoint: string | undefined, localKey = 'local') {
  if (!endpoint) return {};
  return { endpoint, credentials: { accessKeyId: localKey, secretAccessKey: localKey } };
}

/** s3rver only accepts requests signed with its fixed key pair. */
export const S3RVER_KEY = 'S3RVER';

/** Attempts of a call to DynamoDB Local (see `dynamo`). */
const LOCAL_DYNAMODB_ATTEMPTS = 10;

let documentClient: DynamoDBDocumentClient | undefined;
export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const config = getConfig();
    documentClient = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: config.region,
        ...localOptions(config.endpoints.dynamodb),
        // DynamoDB Local serialises writes on one lock and answers 500 "timed out ... waiting for a
        // lock. This request will succeed in actual DynamoDB API" when a burst waits too long on a
        // busy machine (30 parallel writes on a loaded 2-core box); the SDK's three attempts were
        // not enough there. Against AWS the SDK's default stands.
        ...(config.endpoints.dynamodb ? { maxAttempts: LOCAL_DYNAMODB_ATTEMPTS } : {}),
      }),
      { marshallOptions: { removeUndefinedValues: true } },
    );
  }
  return documentClient;
}

let s3Client: S3Client | undefined;
export function s3(): S3Client {
  if (!s3Client) {
    const config = getConfig();
    s3Client = new S3Client({
      region: config.region,
      ...localOptions(config.endpoints.s3, S3RVER_KEY),
      forcePathStyle: Boolean(config.endpoints.s3),
      // s3rver stores streamed bodies corrupted when the SDK adds its default CRC32 checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  return s3Client;
}

let cloudFrontClient: CloudFrontClient | undefined;
/** CloudFront's API (global; served from us-east-1). There is no emulator: only deployed stages call it. */
export function cloudFront(): CloudFrontClient {
  cloudFrontClient ??= new CloudFrontClient({ region: 'us-east-1' });
  return cloudFrontClient;
}

let sesClient: SESv2Client | undefined;
export function ses(): SESv2Client {
  if (!sesClient) {
    const config = getConfig();
    sesClient = new SESv2Client({ region: config.region, ...localOptions(config.endpoints.ses) });
  }
  return sesClient;
}

let sqsClient: SQSClient | undefined;
export function sqs(): SQSClient {
  if (!sqsClient) {
    const config = getConfig();
    sqsClient = new SQSClient({ region: config.region, ...localOptions(config.endpoints.sqs) });
  }
  return sqsClient;
}

const managementClients = new Map<string, ApiGatewayManagementApiClient>();
/** Client for the WebSocket `@connections` API at `endpoint` (`https://{api}.execute-api.{region}.amazonaws.com/{stage}`). */
export function connectionsApi(endpoint: string): ApiGatewayManagementApiClient {
  let client = managementClients.get(endpoint);
  if (!client) {
    const config = getConfig();
    client = new ApiGatewayManagementApiClient({
      region: config.region,
      ...localOptions(config.endpoints.webSocketManagement ? endpoint : undefined),
      endpoint,
    });
    managementClients.set(endpoint, client);
  }
  return client;
}
