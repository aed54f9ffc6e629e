import type { QuestionInput } from '@shared/quiz-schemas';
import { quizFormValues, type QuizFormValues } from './quiz-form-values';

/**
 * Form values for a new quiz from an imported spreadsheet: its questions, and the file's name
 * (without its extension) as a first title, which the author will usually change.
 */
export function importedQuizFormValues(
  questions: readonly QuestionInput[],
  fileName: string,
): QuizFormValues {
  const blank = quizFormValues();
  return {
    quiz: {
      ...blank.quiz,
      title: fileName
        .replace(/\.[^.]+$/, '')
        .trim()
        .slice(0, 100),
    },
    questions: questions.map((question) => ({
      questionText: question.questionText,
      optionA: question.optionA,
      optionB: question.optionB,
      optionC: question.optionC ?? '',
      optionD: question.optionD ?? '',
      correctAnswer: question.correctAnswer ?? 'A',
      explanation: question.explanation ?? '',
    })),
  };
}
