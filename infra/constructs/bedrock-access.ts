import { Aws, Token } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';

/**
 * The Regions a cross-Region (system-defined) inference profile of each geography may route a
 * request to, as Amazon Bedrock documents them ("Supported Regions and models for inference
 * profiles"; a given model uses some of them). `global` routes to any commercial Region.
 */
export const INFERENCE_PROFILE_REGIONS: Readonly<Record<string, readonly string[]>> = {
  us: ['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2'],
  'us-gov': ['us-gov-east-1', 'us-gov-west-1'],
  ca: ['ca-central-1', 'ca-west-1'],
  eu: [
    'eu-central-1',
    'eu-central-2',
    'eu-north-1',
    'eu-south-1',
    'eu-south-2',
    'eu-west-1',
    'eu-west-2',
    'eu-west-3',
  ],
  apac: [
    'ap-east-2',
    'ap-northeast-1',
    'ap-northeast-2',
    'ap-northeast-3',
    'ap-south-1',
    'ap-south-2',
    'ap-southeast-1',
    'ap-southeast-2',
    'ap-southeast-3',
    'ap-southeast-4',
    'ap-southeast-5',
    'ap-southeast-7',
    'me-central-1',
  ],
  jp: ['ap-northeast-1', 'ap-northeast-3'],
  au: ['ap-southeast-2', 'ap-southeast-4'],
  global: ['*'],
};

const bedrockArn = (region: string, account: string, resource: string) =>
  `arn:${Aws.PARTITION}:bedrock:${region}:${account}:${resource}`;

const invoke = (resources: string[], profileArn?: string) =>
  new PolicyStatement({
    actions: ['bedrock:InvokeModel'],
    resources,
    // The foundation models of a profile may be invoked only through that profile.
    ...(profileArn ? { conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } } } : {}),
  });

/** A cross-Region inference profile: itself, and its model in each Region it may route to. */
function profileStatements(profileId: string, geography: string, sourceRegion: string) {
  const regions = INFERENCE_PROFILE_REGIONS[geography]!;
  if (!Token.isUnresolved(sourceRegion) && geography !== 'global' && !regions.includes(sourceRegion))
    throw new Error(
      `The inference profile ${profileId} cannot be used from ${sourceRegion}: it serves ${regions.join(', ')} (set -c bedrockRegion=…).`,
    );
  const modelId = profileId.slice(geography.length + 1);
  const profileArn = bedrockArn(sourceRegion, Aws.ACCOUNT_ID, `inference-profile/${profileId}`);
  const models = regions.map((region) => bedrockArn(region, '', `foundation-model/${modelId}`));
  // A global profile's requests are authorized against the model without a Region too.
  if (geography === 'global') models.push(bedrockArn('', '', `foundation-model/${modelId}`));
  return [invoke([profileArn]), invoke(models, profileArn)];
}

/**
 * What a generating function may invoke: the configured model or inference profile and nothing
 * else, never every model of the account.
 * - A foundation model id (`anthropic.claude-3-haiku-20240307-v1:0`): that model in its Region.
 * - A cross-Region inference profile id (`apac.anthropic.claude-sonnet-4-20250514-v1:0`, or its
 *   ARN): the profile in the source Region, and its foundation model in each Region the profile may
 *   route to, only when invoked through the profile.
 * - An application inference profile ARN: the profile, and the foundation models only when invoked
 *   through it (which models it holds is not known at synthesis).
 */
export function bedrockInvokeStatements(modelId: string, sourceRegion: string): PolicyStatement[] {
  const arn = /^arn:[^:]+:bedrock:(?<region>[^:]*):[^:]*:(?<type>[a-z-]+)\/(?<name>.+)$/.exec(
    modelId,
  )?.groups;
  if (arn) {
    const { region = '', type, name = '' } = arn;
    if (type === 'foundation-model') return [invoke([bedrockArn(region, '', `foundation-model/${name}`)])];
    if (type === 'inference-profile') return bedrockInvokeStatements(name, region);
    if (type === 'application-inference-profile')
      return [invoke([modelId]), invoke([bedrockArn('*', '', 'foundation-model/*')], modelId)];
    throw new Error(`BEDROCK_MODEL_ID ${modelId} is neither a model nor an inference profile.`);
  }
  const geography = Object.keys(INFERENCE_PROFILE_REGIONS)
    // `us-gov.` before `us.`.
    .sort((a, b) => b.length - a.length)
    .find((prefix) => modelId.startsWith(`${prefix}.`));
  if (geography) return profileStatements(modelId, geography, sourceRegion);
  return [invoke([bedrockArn(sourceRegion, '', `foundation-model/${modelId}`)])];
}
