import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandOutput,
  type Message,
} from '@aws-sdk/client-bedrock-runtime';
import type { AiSettings, GeneratedQuiz } from '@shared/ai';
import type { Logger } from '../lib/logger';
import { AiBusyError, GenerationFailedError } from './errors';
import { generatedQuizJsonSchema, parseGeneratedQuiz } from './generated-quiz';

/**
 * Generation with Amazon Bedrock's Converse API. The model must answer by calling a tool whose
 * input schema is the answer's shape (structured output): `submit_quiz` here, the focused-study
 * questions' tool in study-generation.ts; the input is validated, and one malformed answer is
 * retried once with a reminder.
 */
const TOOL_NAME = 'submit_quiz';
/** Material beyond this many characters is left out of the prompt. */
export const BEDROCK_MATERIAL_MAX_CHARS = 30_000;

/**
 * All model calls of one request share the time left before the reply is due (the HTTP API gives
 * up at 30 s); a retry is only started when enough of it is left.
 */
const RETRY_MIN_MS = 8_000;

const clients = new Map<string, BedrockRuntimeClient>();
function bedrockClient(region: string) {
  let client = clients.get(region);
  if (!client) {
    client = new BedrockRuntimeClient({ region });
    clients.set(region, client);
  }
  return client;
}

const difficultyGuide: Record<AiSettings['difficulty'], string> = {
  初級: '本文に明記された基本的な事実を問う、初学者向けのやさしい問題',
  中級: '本文の内容の理解を確かめる、標準的な難しさの問題',
  上級: '本文の複数の記述を結びつけたり細部を正確に読み取ったりする必要がある、難しめの問題',
};

const SYSTEM_PROMPT = [
  'あなたは日本語の学習用クイズを作る編集者です。',
  '与えられた資料だけを根拠に、四択問題を作ります。資料に書かれていないことを問題や正解にしてはいけません。',
  '各問題の選択肢 a〜d はすべて異なり、正解はちょうど1つです。紛らわしい選択肢にも資料の語句を使ってください。',
  '問題文・選択肢・解説・タイトル・説明はすべて自然な日本語で書きます。',
  `結果は必ず ${TOOL_NAME} ツールを呼び出して返してください。`,
].join('\n');

function userPrompt(settings: AiSettings, material: string) {
  return [
    `次の資料から、カテゴリ「${settings.category}」の四択クイズを${settings.numQuestions}問作ってください。`,
    `難易度: ${settings.difficulty}（${difficultyGuide[settings.difficulty]}）`,
    'correctAnswer には正解の選択肢の記号（A, B, C, D のいずれか）を入れ、正解の位置は問題ごとにばらつかせてください。',
    'explanation には、正解の根拠となる資料の記述を簡潔に示してください。',
    '',
    '<資料>',
    material.slice(0, BEDROCK_MATERIAL_MAX_CHARS),
    '</資料>',
  ].join('\n');
}

const RETRY_REMINDER =
  '先ほどの出力は形式が正しくありませんでした。指定されたスキーマに厳密に従い、選択肢 a〜d をすべて異なる内容にして、もう一度 submit_quiz ツールで返してください。';

/** Errors that mean "busy, try later" rather than "broken". */
const BUSY_ERRORS = new Set([
  'ThrottlingException',
  'ServiceUnavailableException',
  'ModelNotReadyException',
  'ServiceQuotaExceededException',
  'ModelTimeoutException',
  'TimeoutError',
  'AbortError',
]);

/** How a generating call reaches its model, and what it answers when it cannot. */
export interface BedrockOptions {
  modelId: string;
  region: string;
  log: Logger;
  failureMessage: string;
  deadline: number;
  /** Counts one call against the member's daily cap before it is made; throws when none is left. */
  reserveModelCall: () => Promise<void>;
}

/** One structured answer asked of the model: the tool it must call, and how its input is checked. */
export interface ToolRequest<T> {
  tool: { name: string; description: string; inputSchema: object };
  system: string;
  prompt: string;
  /** The tool's input validated and normalised; null when it is malformed (tried once more). */
  parse: (input: unknown) => T | null;
  /** What the model is told when its first answer was malformed. */
  retryReminder: string;
}

/**
 * Asks the model for one call of the request's tool (a forced tool choice) and answers its
 * validated input. A malformed answer is tried once more with a reminder, when enough time is
 * left; a busy service answers 503, anything else the call's failure message. Each call, the
 * retry included, is counted against the member's daily cap of model calls before it is sent.
 */
export async function converseWithTool<T>(request: ToolRequest<T>, options: BedrockOptions): Promise<T> {
  const messages: Message[] = [{ role: 'user', content: [{ text: request.prompt }] }];
  const { deadline } = options;
  const toolInput = (output: ConverseCommandOutput): unknown =>
    (output.output?.message?.content ?? []).find((block) => block.toolUse?.name === request.tool.name)
      ?.toolUse?.input;
  for (let attempt = 1; attempt <= 2; attempt++) {
    if (attempt > 1 && deadline - Date.now() < RETRY_MIN_MS) break;
    await options.reserveModelCall();
    let output: ConverseCommandOutput;
    try {
      output = await bedrockClient(options.region).send(
        new ConverseCommand({
          modelId: options.modelId,
          system: [{ text: request.system }],
          messages,
          toolConfig: {
            tools: [
              {
                toolSpec: {
                  name: request.tool.name,
                  description: request.tool.description,
                  inputSchema: { json: request.tool.inputSchema as never },
                },
              },
            ],
            toolChoice: { tool: { name: request.tool.name } },
          },
          inferenceConfig: { maxTokens: 8192, temperature: 0.5 },
        }),
        { abortSignal: AbortSignal.timeout(Math.max(1, Math.floor(deadline - Date.now()))) },
      );
    } catch (error) {
      const name = error instanceof Error ? error.name : 'unknown';
      options.log.error('bedrock call failed', { error, attempt });
      if (BUSY_ERRORS.has(name)) throw new AiBusyError();
      throw new GenerationFailedError(options.failureMessage);
    }
    const answer = request.parse(toolInput(output));
    if (answer) return answer;
    options.log.warn('bedrock answered malformed output', { attempt, stopReason: output.stopReason });
    const reply = output.output?.message;
    if (reply?.content?.length) {
      // Every tool call must be answered with its result: the reminder goes back as error results.
      const toolUseIds = reply.content.flatMap((block) =>
        block.toolUse?.toolUseId ? [block.toolUse.toolUseId] : [],
      );
      messages.push(reply, {
        role: 'user',
        content: toolUseIds.length
          ? toolUseIds.map((toolUseId) => ({
              toolResult: {
                toolUseId,
                status: 'error' as const,
                content: [{ text: request.retryReminder }],
              },
            }))
          : [{ text: request.retryReminder }],
      });
    }
  }
  throw new GenerationFailedError(options.failureMessage);
}

export function generateWithBedrock(
  settings: AiSettings,
  material: string,
  options: BedrockOptions,
): Promise<GeneratedQuiz> {
  return converseWithTool(
    {
      tool: {
        name: TOOL_NAME,
        description: '作成した四択クイズを提出する',
        inputSchema: generatedQuizJsonSchema,
      },
      system: SYSTEM_PROMPT,
      prompt: userPrompt(settings, material),
      parse: (input) => parseGeneratedQuiz(input, settings, 'bedrock'),
      retryReminder: RETRY_REMINDER,
    },
    options,
  );
}
