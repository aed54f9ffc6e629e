import type { StudyQuestion } from '@shared/focused-study';

/**
 * A study run's questions for the page's tests: one of each kind the panel answers (one choice,
 * several, an order), then one more choice, as a generation hands them back.
 */
export const studyQuestions: StudyQuestion[] = [
  {
    id: 'q1',
    type: 'multiple_choice',
    text: '本能寺で信長を討ったのは？',
    options: { A: '明智光秀', B: '豊臣秀吉' },
    correctAnswer: 'A',
    explanation: '',
  },
  {
    id: 'q2',
    type: 'multiple_select',
    text: '戦国時代の人物をすべて選んでください。',
    options: { A: '織田信長', B: '聖徳太子', C: '武田信玄' },
    correctAnswer: ['A', 'C'],
    explanation: '',
  },
  {
    id: 'q3',
    type: 'sort_order',
    text: '古い順に並べ替えてください。',
    options: { A: '明治維新', B: '桶狭間の戦い', C: '本能寺の変' },
    correctAnswer: ['B', 'C', 'A'],
    explanation: '',
  },
  {
    id: 'q4',
    type: 'multiple_choice',
    text: '江戸幕府を開いたのは？',
    options: { A: '徳川家康', B: '足利尊氏' },
    correctAnswer: 'A',
    explanation: '',
  },
];
