/**
 * How many quizzes a list holds, in words: a list that stopped at its cap says 「100件以上」, since
 * the cap is not the total.
 */
export const countLabel = (count: number, cap: number) => (count >= cap ? `${cap}件以上` : `${count}件`);
