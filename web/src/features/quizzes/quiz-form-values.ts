import type { AiSettings, GeneratedQuiz } from '@shared/ai';
import { LIMITS } from '@shared/constants';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { QuizDetail } from '@shared/quiz-schemas';
import { updateQuizSchema, type CreateQuizInput } from '@shared/quiz-schemas';
import { isBlank } from '@shared/visible-text';
import { quizImageKeyOf } from '@shared/quiz-images';

/** The quiz form's values: the creation schema's input, plus the time limit that editing adds. */
export type QuizFormValues = CreateQuizInput & { quiz: { timeLimit?: number } };

/** A blank question: the form starts with one, and 問題を追加 appends another. */
export const emptyQuestion = () => ({
  questionText: '',
  optionA: '',
  optionB: '',
  optionC: '',
  optionD: '',
  correctAnswer: 'A' as const,
  explanation: '',
});

/** Form values for a new quiz, or for editing an existing one. */
export function quizFormValues(quiz?: QuizDetail): QuizFormValues {
  if (!quiz) {
    return {
      quiz: {
        title: '',
        description: '',
        category: '',
        difficulty: '中級',
        isPublished: true,
        timeLimit: LIMITS.timeLimitDefaultMinutes,
        tags: [],
      },
      questions: [emptyQuestion()],
    };
  }
  return {
    quiz: {
      title: quiz.title,
      description: quiz.description,
      category: quiz.category,
      difficulty: quiz.difficulty,
      isPublished: quiz.isPublished,
      timeLimit: quiz.timeLimit,
      tags: quiz.tags.map((tag) => tag.name),
    },
    questions: quiz.questions.map((question) => ({
      questionText: question.questionText,
      optionA: question.optionA,
      optionB: question.optionB,
      optionC: question.optionC ?? '',
      optionD: question.optionD ?? '',
      correctAnswer: question.correctAnswer,
      explanation: question.explanation ?? '',
      // Sent back by its key: the edit keeps the stored picture (or its new alt text).
      image: question.image ? { key: quizImageKeyOf(question.image.url), alt: question.image.alt } : null,
    })),
  };
}

/**
 * Form values for a new quiz from an AI-generated one: its title, description and questions, the
 * category and difficulty it was generated with, published (the default).
 */
export function generatedQuizFormValues(
  generated: GeneratedQuiz,
  settings: Pick<AiSettings, 'category' | 'difficulty'>,
): QuizFormValues {
  const blank = quizFormValues();
  return {
    quiz: {
      ...blank.quiz,
      title: generated.title,
      description: generated.description,
      category: settings.category,
      difficulty: settings.difficulty,
    },
    questions: generated.questions.map((question) => ({
      questionText: question.text,
      optionA: question.options.a,
      optionB: question.options.b,
      optionC: question.options.c,
      optionD: question.options.d,
      correctAnswer: question.correctAnswer,
      explanation: question.explanation,
    })),
  };
}

/**
 * The edit form's rules: the server's edit schema, and a description as creation requires one,
 * so the two forms ask the same of an author (docs/decisions.md). The server still takes an edit
 * without one, as the spec's edit rules do.
 */
export const editQuizFormSchema = updateQuizSchema.superRefine((value, context) => {
  if (isBlank(value.quiz.description))
    context.addIssue({
      code: 'custom',
      path: ['quiz', 'description'],
      message: QUIZ_MESSAGES.descriptionRequired,
    });
});

/** Whether submitted edit values change nothing of the quiz as it was loaded (both as the schema reads them). */
export function isUnchanged(submitted: unknown, initial: QuizFormValues): boolean {
  const before = updateQuizSchema.safeParse(initial);
  return before.success && JSON.stringify(before.data) === JSON.stringify(submitted);
}
