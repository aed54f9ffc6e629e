import { AI_MESSAGES, type AiSettings, type GeneratedQuestion, type GeneratedQuiz } from '@shared/ai';
import { ANSWER_LETTERS } from '@shared/constants';
import { chooseDistractors, overlaps, stressed, type DistractorTier, type Distractors } from './distractors';
import { UnusableMaterialError } from './errors';
import { generatedQuizSchema } from './generated-quiz';
import {
  analyseMaterial,
  isYear,
  JAPANESE_CHAR,
  type AnalysedSentence,
  type Analysis,
  type Term,
} from './key-terms';
import {
  answerPositions,
  BLANK,
  blankOut,
  explanationOf,
  placeAnswer,
  stemOf,
  withoutConnective,
  type Stem,
} from './question-stems';
import { isSpecific } from './term-classes';
import { japaneseTokenizer } from './tokenizer';
import { seededRandom } from '../lib/seeded-random';

/**
 * The built-in offline generator, used when no Bedrock model is configured (the local default).
 * It asks about the material itself, as a teacher would:
 * 1. the material is read into sentences and key terms with their semantic classes (key-terms.ts:
 *    kuromoji for Japanese, the shape of the words for English);
 * 2. terms are asked about by salience: names, dates and the terms the text defines, titles and
 *    repeats first (`salience`), each once, a sentence at most once while others are left;
 * 3. each question is rewritten from its sentence into a question where the sentence allows, else a
 *    blank under a lead that says what goes in it; connectives are left out and a sentence that
 *    points back is shown after the one it points to (question-stems.ts);
 * 4. the three wrong options are of the answer's class (distractors.ts): the quiz is made of
 *    questions whose options the text's own evidence supports; only a text that offers none gets
 *    up to three others, among nouns of the answer's part of speech, rather than a refusal; a quiz
 *    with fewer questions than asked says so in its description;
 * 5. the explanation adds the sentence that defines the answer, mentions it elsewhere, or follows it;
 * 6. the correct letters are spread over A–D (each within one of even), and everything is
 *    deterministic: the same material and settings give the same quiz.
 * Every correct answer is a term of the source, and the four options are always distinct. The
 * questions are Japanese whatever the material's language.
 */
interface Candidate {
  sentence: AnalysedSentence;
  term: Term;
  score: number;
}

const SENTENCE_MIN = 12;
const SENTENCE_MAX = 300;
/** The quiz form's limit, which a generated question must keep. */
const QUESTION_TEXT_MAX = 500;
/** Questions a quiz gets from a text whose own evidence supports none (distractors.ts, tiers 2 and 3). */
const MIN_QUESTIONS = 3;
/** Candidates given up on (no stem, no three distractors) before the search stops: keeps large texts fast. */
const MAX_REJECTIONS = 300;

/** How good a question each class of term makes: names, dates and what the text is about first. */
const CLASS_WEIGHT: Record<string, number> = {
  person: 5,
  era: 4.5,
  event: 4.5,
  reform: 4.5,
  work: 4.5,
  place: 4.5,
  organization: 4,
  building: 4,
  clan: 3.5,
  role: 3,
  proper: 3,
  noun: 2,
  action: 2,
};

/**
 * How much a teacher would want the term asked about: its class, then whether the text defines
 * it, names it in a title or as its first topic, lists it with others, and repeats it.
 */
export function salience(term: Term): number {
  const weight = term.kind === 'number' ? (isYear(term) ? 4 : 3.5) : (CLASS_WEIGHT[term.cls] ?? 2);
  return (
    weight +
    (term.definedIn !== undefined ? 3 : 0) +
    (term.title ? 2 : 0) +
    (!isSpecific(term.cls) && term.group ? 1 : 0) +
    Math.min(term.count, 4) * 0.4 +
    Math.min(term.topicCount, 2) * 0.5 +
    // English process nouns (evaporation, subduction) are the terms a science text is about.
    (term.latin && term.group.includes('suffix:process') ? 1 : 0)
  );
}

function scoreOf(term: Term, sentence: AnalysedSentence, difficulty: AiSettings['difficulty']) {
  const base = salience(term) + Math.min(term.surface.length, 6) * 0.1;
  if (difficulty === '初級') return base + Math.min(term.count, 4) * 0.4 - sentence.text.length / 200;
  if (difficulty === '上級') return base - Math.min(term.count, 4) * 0.5 + sentence.terms.length * 0.1;
  return base;
}

const COMPOUND_CHAR = /[\p{Script=Han}\p{Script=Katakana}ヶー]/u;

/**
 * Whether the term stands once in the sentence and as a whole word: not a piece of a longer
 * compound (「青木ヶ」 of 「青木ヶ原樹海」, 「江戸」 of 「江戸幕府」), and so the question has exactly one blank.
 */
function blanksOnce(sentence: string, term: string): boolean {
  const blanked = blankOut(sentence, term);
  if (blanked.split(BLANK).length !== 2) return false;
  if (!JAPANESE_CHAR.test(term)) return true;
  const at = sentence.indexOf(term);
  const before = sentence[at - 1] ?? '';
  const after = sentence[at + term.length] ?? '';
  return !(
    (COMPOUND_CHAR.test(term[0]!) && COMPOUND_CHAR.test(before)) ||
    (COMPOUND_CHAR.test(term.at(-1)!) && COMPOUND_CHAR.test(after))
  );
}

/** Letters left in the sentence once the term is blanked: too few, and there is nothing to read. */
const MIN_CONTEXT_LETTERS = 5;
const hasContext = (sentence: string, term: string) =>
  (sentence.split(term).join('').match(/\p{L}/gu)?.length ?? 0) >= MIN_CONTEXT_LETTERS;

/** A small stable hash, so the same material always gets the same wording. */
export const hashOf = (text: string) =>
  [...text].reduce((hash, char) => (hash * 31 + char.codePointAt(0)!) >>> 0, 7);

/** The questions a material offers: every key term of every sentence it stands in once, best first. */
function candidatesOf(analysis: Analysis, difficulty: AiSettings['difficulty']): Candidate[] {
  return analysis.sentences
    .filter(
      (sentence) =>
        sentence.first && sentence.text.length >= SENTENCE_MIN && sentence.text.length <= SENTENCE_MAX,
    )
    .flatMap((sentence) => {
      const body = withoutConnective(sentence.text);
      return sentence.terms
        .filter((surface) => hasContext(body, surface) && blanksOnce(body, surface))
        .map((surface) => {
          const term = analysis.terms.get(surface)!;
          return { sentence, term, score: scoreOf(term, sentence, difficulty) };
        });
    })
    .sort(
      (x, y) =>
        y.score - x.score || x.sentence.index - y.sentence.index || x.term.firstSeen - y.term.firstSeen,
    );
}

interface Chosen {
  candidate: Candidate;
  stem: Stem;
  distractors: Distractors;
}

/**
 * Chooses the questions: greedily by score, lowered for a sentence already asked about (-3) and
 * for each earlier question of the same class (-1.5), so a quiz mixes people, places, years and
 * terms; tier by tier (distractors.ts), so weaker options only fill what the text cannot.
 */
function choose(
  analysis: Analysis,
  candidates: Candidate[],
  settings: AiSettings,
  tokenizer: Parameters<typeof stemOf>[3],
) {
  const chosen: Chosen[] = [];
  const usedTerms = new Set<string>();
  const usedSentences = new Set<number>();
  const classCount = new Map<string, number>();
  const stems = new Map<Candidate, Stem | null>();
  let rejections = 0;
  for (const tier of [1, 2, 3] as DistractorTier[]) {
    // Options of the lower tiers only make a quiz of a text that offers no question otherwise (rather
    // than refusing it): a teacher would rather have fewer questions than weak ones.
    if (tier > 1 && chosen.length > 0) break;
    const wanted = tier === 1 ? settings.numQuestions : Math.min(settings.numQuestions, MIN_QUESTIONS);
    // Terms with too few others of their class to ask about in any question, at this tier.
    const alone = new Set<string>();
    const rejected = new Set<Candidate>();
    while (chosen.length < wanted && rejections < MAX_REJECTIONS) {
      let best: Candidate | undefined;
      let bestScore = -Infinity;
      for (const candidate of candidates) {
        // Candidates come by falling score and penalties only lower it: none further on can do better.
        if (candidate.score <= bestScore) break;
        const { term, sentence } = candidate;
        if (rejected.has(candidate) || usedTerms.has(term.surface) || alone.has(term.surface)) continue;
        // Below the last tier, only the terms a text stresses are asked about among ordinary nouns.
        if (tier < 3 && !isSpecific(term.cls) && !stressed(term)) continue;
        if (
          usedSentences.has(sentence.index) &&
          chosen.some(
            (entry) =>
              entry.candidate.sentence === sentence && overlaps(entry.candidate.term.surface, term.surface),
          )
        )
          continue;
        const effective =
          candidate.score -
          (usedSentences.has(sentence.index) ? 3 : 0) -
          1.5 * (classCount.get(term.cls.startsWith('number') ? 'number' : term.cls) ?? 0);
        if (effective > bestScore) {
          best = candidate;
          bestScore = effective;
        }
      }
      if (!best) break;
      if (!stems.has(best))
        stems.set(
          best,
          stemOf(
            analysis,
            best.sentence,
            best.term,
            tokenizer,
            hashOf(`${best.sentence.text}|${best.term.surface}`),
          ),
        );
      const stem = stems.get(best);
      if (!stem || stem.text.length > QUESTION_TEXT_MAX) {
        rejected.add(best);
        rejections += 1;
        continue;
      }
      const distractors = chooseDistractors(best.term, stem.shown, analysis.terms, settings.difficulty, tier);
      if (!distractors) {
        // A term the material offers no three alternatives for is given up everywhere at once, so a
        // frequent one cannot use up the search (longer material never yields fewer questions).
        if (!chooseDistractors(best.term, '', analysis.terms, settings.difficulty, tier))
          alone.add(best.term.surface);
        else rejected.add(best);
        rejections += 1;
        continue;
      }
      chosen.push({ candidate: best, stem, distractors });
      usedTerms.add(best.term.surface);
      usedSentences.add(best.sentence.index);
      const cls = best.term.cls.startsWith('number') ? 'number' : best.term.cls;
      classCount.set(cls, (classCount.get(cls) ?? 0) + 1);
    }
  }
  return chosen;
}

/** Generates a quiz from the material (see the module comment). */
export async function generateOffline(settings: AiSettings, material: string): Promise<GeneratedQuiz> {
  const tokenizer = await japaneseTokenizer();
  const analysis = await analyseMaterial(material);
  const chosen = choose(analysis, candidatesOf(analysis, settings.difficulty), settings, tokenizer);
  if (chosen.length === 0) throw new UnusableMaterialError(AI_MESSAGES.notEnoughMaterial);

  // Questions follow the material's order, so the quiz reads like the text.
  chosen.sort(
    (x, y) =>
      x.candidate.sentence.index - y.candidate.sentence.index ||
      x.candidate.term.firstSeen - y.candidate.term.firstSeen,
  );
  const random = seededRandom(`${settings.numQuestions}|${settings.difficulty}|${material}`);
  const positions = answerPositions(chosen.length, random);
  const questions: GeneratedQuestion[] = chosen.map(({ candidate, stem, distractors }, index) => {
    const options = placeAnswer(candidate.term.surface, distractors.options, positions[index]!, random);
    const [a, b, c, d] = options as [string, string, string, string];
    return {
      text: stem.text,
      options: { a, b, c, d },
      correctAnswer: ANSWER_LETTERS[positions[index]!]!,
      explanation: explanationOf(analysis, candidate.sentence, candidate.term, stem),
    };
  });

  // The title names what the text is about: a term sentences are about (「…は」), above all the
  // first one, that the text defines or puts in a heading, occurs often, and better a name than an
  // ordinary noun.
  const topicScore = (term: Term) =>
    term.count +
    2 * term.topicCount +
    (term.surface === analysis.firstTopic ? 2 : 0) +
    (term.title ? 1 : 0) +
    (term.definedIn !== undefined ? 2 : 0) +
    (isSpecific(term.cls) ? 1 : 0);
  const topic = [...analysis.terms.values()]
    .filter((term) => term.kind !== 'number')
    .sort((x, y) => topicScore(y) - topicScore(x) || x.firstSeen - y.firstSeen)[0];
  const shortfall =
    questions.length < settings.numQuestions ? `（この文章から作れたのは${questions.length}問です）` : '';
  const title =
    topic && topic.surface.length <= 40
      ? `「${topic.surface}」に関するクイズ`
      : `${settings.category}のクイズ`;
  // The same check as a model's output gets: what the web app loads into the form must save as is.
  const quiz = generatedQuizSchema.parse({
    title: title.slice(0, 100),
    description: `入力された文章から作成した${settings.difficulty}の4択問題${questions.length}問です。${shortfall}`,
    questions,
  });
  return { ...quiz, provider: 'offline' };
}
