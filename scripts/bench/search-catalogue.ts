import { DIFFICULTIES, type Difficulty } from '@shared/constants';
import { putItems } from '@functions/data/batch';
import { QuizKeys } from '@functions/quizzes/quiz-keys';

/**
 * Public quizzes written straight into the table, as `POST /api/quizzes` writes the quiz item (its
 * questions are left out: search never reads them). Their changes reach the search indexer through
 * the table's stream like any other, so loading a catalogue this way indexes it the way it would
 * be indexed in AWS. Used by the search benchmark and the search tests.
 */
export interface CatalogueQuiz {
  id: string;
  title: string;
  description?: string;
  category?: string;
  difficulty?: Difficulty;
  createdAt: string;
  participantCount?: number;
  totalPlayers?: number;
  ratingSum?: number;
  ratingCount?: number;
  isPublished?: boolean;
  isHidden?: boolean;
  reportCount?: number;
}

export const CATALOGUE_AUTHOR = 'catalogue-author';

export function quizItem(quiz: CatalogueQuiz) {
  const isPublished = quiz.isPublished ?? true;
  const isHidden = quiz.isHidden ?? false;
  return {
    ...QuizKeys.key({ quizId: quiz.id }),
    id: quiz.id,
    title: quiz.title,
    description: quiz.description ?? '',
    category: quiz.category ?? '一般知識',
    difficulty: quiz.difficulty ?? DIFFICULTIES[0],
    timeLimit: 10,
    authorId: CATALOGUE_AUTHOR,
    authorName: 'カタログ',
    username: 'catalogue',
    isPublished,
    isHidden,
    status: 'active',
    questionCount: 5,
    reportCount: quiz.reportCount ?? 0,
    participantCount: quiz.participantCount ?? 0,
    totalPlayers: quiz.totalPlayers ?? 0,
    ratingSum: quiz.ratingSum ?? 0,
    ratingCount: quiz.ratingCount ?? 0,
    createdAt: quiz.createdAt,
    updatedAt: quiz.createdAt,
    cascade: 'partition',
    ...(isPublished && !isHidden ? QuizKeys.collection({ createdAt: quiz.createdAt, quizId: quiz.id }) : {}),
    ...QuizKeys.owner({ userId: CATALOGUE_AUTHOR, createdAt: quiz.createdAt }),
  };
}

/** Writes the quizzes, 25 per request, `parallel` requests at a time. */
export const writeCatalogue = (quizzes: readonly CatalogueQuiz[], parallel = 8) =>
  putItems(quizzes.map(quizItem), parallel);
