/**
 * The body of `POST /api/quizzes` and `PUT /api/quizzes/{id}`: the quiz's fields (defaults for
 * those not given) and `questions` two-choice questions whose answer is A.
 */
export function quizInput(quiz: Record<string, unknown>, questions = 1) {
  return {
    quiz: {
      description: '説明',
      category: '科学',
      difficulty: '初級',
      isPublished: true,
      timeLimit: 10,
      ...quiz,
    },
    questions: Array.from({ length: questions }, (_, index) => ({
      questionText: `問題${index + 1}`,
      optionA: '正解',
      optionB: '不正解',
      optionC: null,
      optionD: null,
      correctAnswer: 'A',
      explanation: null,
    })),
  };
}
