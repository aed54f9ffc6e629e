import {
  OPTION_KEYS,
  STUDY_QUESTION_TYPE_LABELS,
  studyQuestionSchema,
  type OptionKey,
  type StudyQuestionType,
} from '@shared/focused-study';
import { BEDROCK_MATERIAL_MAX_CHARS, converseWithTool, type BedrockOptions } from './bedrock-generator';
import type { GeneratedStudyQuestion, StudyGenerationRequest } from './study-generator';

/**
 * Focused-study questions from Amazon Bedrock: the model answers through the
 * `submit_study_questions` tool, whose input schema is the questions' shape; each question is
 * normalised (keys upper-cased, a single key for a multiple choice) and checked with the same
 * schema as every study question, and the malformed ones are left out. An answer with no usable
 * question is tried once more.
 */
const TOOL_NAME = 'submit_study_questions';

const TYPE_GUIDE: Record<StudyQuestionType, string> = {
  multiple_choice:
    'multiple_choice（単一選択）: 選択肢4つ、正解は1つ。correctAnswer は正解の記号1つ（例 "B"）。',
  multiple_select:
    'multiple_select（複数選択）: 選択肢4〜5つ、正解は2つ以上。correctAnswer は正解の記号すべての配列（例 ["A","C"]）。',
  sort_order:
    'sort_order（並べ替え）: 年代順の出来事、手順、過程など資料に順序がある項目を3〜5つ。選択肢は正しい順序と異なる順に並べ、correctAnswer は正しい順序に並べた全記号の配列（例 ["C","A","D","B"]）。',
};

const SYSTEM_PROMPT = [
  'あなたは日本語の学習教材から復習問題を作る編集者です。',
  '与えられた資料だけを根拠に問題を作ります。資料に書かれていないことを問題や正解にしてはいけません。',
  '選択肢の記号は A, B, C... の順に付け、各選択肢はすべて異なる内容にします。',
  '問題文・選択肢・解説はすべて自然な日本語で書きます（資料が英語なら選択肢は資料の言語でもかまいません）。',
  `結果は必ず ${TOOL_NAME} ツールを呼び出して返してください。`,
].join('\n');

const difficultyGuide = {
  初級: '資料に明記された基本的な事実を問う、やさしい問題',
  中級: '資料の内容の理解を確かめる、標準的な難しさの問題',
  上級: '資料の複数の記述を結びつけたり細部を正確に読み取ったりする必要がある、難しめの問題',
} as const;

function userPrompt(request: StudyGenerationRequest) {
  return [
    `次の資料から、学習用の問題を${request.count}問作ってください。`,
    `難易度: ${request.difficulty}（${difficultyGuide[request.difficulty]}）`,
    `問題形式（${request.types.map((type) => STUDY_QUESTION_TYPE_LABELS[type]).join('・')}）をなるべく均等に混ぜてください:`,
    ...request.types.map((type) => `- ${TYPE_GUIDE[type]}`),
    'explanation には、正解の根拠となる資料の記述を簡潔に示してください。',
    ...(request.avoid.length
      ? [
          '前回出題した次の問題とは違う内容を問う問題にしてください:',
          ...request.avoid.map((fingerprint) => `- ${fingerprint.split('\n')[0]!.slice(0, 120)}`),
        ]
      : []),
    '',
    '<資料>',
    request.material.slice(0, BEDROCK_MATERIAL_MAX_CHARS),
    '</資料>',
  ].join('\n');
}

const RETRY_REMINDER = `先ほどの出力は形式が正しくありませんでした。指定されたスキーマに厳密に従い、選択肢の記号を A から順に付け、正解の記号が選択肢にあることを確かめて、もう一度 ${TOOL_NAME} ツールで返してください。`;

export const studyQuestionsJsonSchema = {
  type: 'object',
  required: ['questions'],
  properties: {
    questions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'text', 'options', 'correctAnswer', 'explanation'],
        properties: {
          type: { type: 'string', enum: ['multiple_choice', 'multiple_select', 'sort_order'] },
          text: { type: 'string', description: '問題文（500文字以内）' },
          options: {
            type: 'object',
            description: '記号（A, B, C, D, E, F の順）から選択肢の文へ。2〜6個',
            additionalProperties: { type: 'string' },
          },
          correctAnswer: {
            anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
            description: '単一選択は記号1つ、複数選択は正解の記号の配列、並べ替えは正しい順の全記号の配列',
          },
          explanation: { type: 'string', description: '正解の根拠となる資料の内容を示す解説' },
        },
      },
    },
  },
} as const;

const upperKeys = (options: unknown) =>
  options && typeof options === 'object' && !Array.isArray(options)
    ? Object.fromEntries(Object.entries(options).map(([key, label]) => [key.trim().toUpperCase(), label]))
    : options;
const upperAnswer = (answer: unknown) =>
  typeof answer === 'string'
    ? answer.trim().toUpperCase()
    : Array.isArray(answer)
      ? answer.map((key) => (typeof key === 'string' ? key.trim().toUpperCase() : key))
      : answer;

/**
 * A sort-order question whose options the model listed already in the right order would be solved
 * by submitting it untouched: the labels are moved round by one key, and the answer with them.
 */
function unsolvedOrder(question: GeneratedStudyQuestion): GeneratedStudyQuestion {
  if (question.type !== 'sort_order') return question;
  const keys = (Object.keys(question.options) as OptionKey[]).sort();
  const order = question.correctAnswer as OptionKey[];
  if (order.join() !== keys.join()) return question;
  const labels = order.map((key) => question.options[key]!);
  // The i-th label of the right order goes to the key after the i-th (the last to the first).
  const keyOf = (index: number) => keys[(index + 1) % keys.length]!;
  return {
    ...question,
    options: Object.fromEntries(
      keys.map((key, index) => [key, labels[(index + keys.length - 1) % keys.length]!]),
    ),
    correctAnswer: labels.map((_, index) => keyOf(index)),
  };
}

/** The model's questions that are well formed and of the types asked for, at most the count. */
export function parseStudyQuestions(
  input: unknown,
  request: Pick<StudyGenerationRequest, 'count' | 'types'>,
): GeneratedStudyQuestion[] | null {
  const questions = (input as { questions?: unknown } | undefined)?.questions;
  if (!Array.isArray(questions)) return null;
  const parsed = questions.flatMap((raw: unknown) => {
    if (!raw || typeof raw !== 'object') return [];
    const question = raw as Record<string, unknown>;
    let correctAnswer = upperAnswer(question.correctAnswer);
    if (question.type === 'multiple_choice' && Array.isArray(correctAnswer)) correctAnswer = correctAnswer[0];
    const checked = studyQuestionSchema.safeParse({
      ...question,
      id: 'generated',
      options: upperKeys(question.options),
      correctAnswer,
      explanation: typeof question.explanation === 'string' ? question.explanation : '',
    });
    if (!checked.success || !request.types.includes(checked.data.type)) return [];
    const { id: _id, ...generated } = checked.data;
    return [unsolvedOrder(generated)];
  });
  return parsed.length ? parsed.slice(0, request.count) : null;
}

export function generateStudyWithBedrock(
  request: StudyGenerationRequest,
  options: BedrockOptions,
): Promise<GeneratedStudyQuestion[]> {
  return converseWithTool(
    {
      tool: {
        name: TOOL_NAME,
        description: `作成した学習用の問題（選択肢の記号は ${OPTION_KEYS.join(', ')} の順）を提出する`,
        inputSchema: studyQuestionsJsonSchema,
      },
      system: SYSTEM_PROMPT,
      prompt: userPrompt(request),
      parse: (input) => parseStudyQuestions(input, request),
      retryReminder: RETRY_REMINDER,
    },
    options,
  );
}
