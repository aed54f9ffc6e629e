import { describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '@shared/ai';
import { STUDY_QUESTION_TYPES, studyQuestionSchema, type StudyQuestionType } from '@shared/focused-study';
import {
  generateStudyOffline,
  questionFingerprint,
  type GeneratedStudyQuestion,
  type StudyGenerationRequest,
} from './study-generator';
import { HISTORY_NOTES } from '../../tests/support/study-material';

/** The offline study generator: three types of question, each built from the material itself. */
const HISTORY = HISTORY_NOTES.join('\n');

const RECIPE = [
  'カレーの作り方',
  '1. 玉ねぎ、にんじん、じゃがいもを一口大に切る。',
  '2. 鍋に油を熱し、肉と玉ねぎを炒める。',
  '3. 水を加えて20分ほど煮込む。',
  '4. 火を止めてカレールウを溶かし入れる。',
  '5. 弱火でとろみがつくまで煮込む。',
].join('\n');

const PHOTOSYNTHESIS =
  '光合成は、植物が光エネルギーを使って二酸化炭素と水からデンプンなどの有機物を作るはたらきである。光合成は葉緑体で行われる。まず、葉の気孔から二酸化炭素を取り入れる。次に、根から吸い上げた水が葉に運ばれる。その後、葉緑体で光エネルギーを使ってデンプンが作られる。最後に、できたデンプンは水に溶けやすい糖に変えられて体全体に運ばれる。';

const SOLAR_SYSTEM = [
  'The Sun is a yellow dwarf star that holds about 99.86 percent of the total mass of the Solar System.',
  'Mercury is the closest planet to the Sun and completes one orbit every 88 days.',
  'Venus is the hottest planet, with a surface temperature of about 465 degrees Celsius.',
  'Earth is the only planet known to support life, and it orbits the Sun once every 365 days.',
  'Jupiter is the largest planet, and its Great Red Spot is a storm wider than Earth.',
  'Neptune was discovered in 1846 by Johann Galle, using predictions made by Urbain Le Verrier.',
  'The Voyager 2 probe flew past Uranus in 1986.',
  'Galileo Galilei observed the four largest moons of Jupiter in 1610.',
].join(' ');

const request = (
  material: string,
  overrides: Partial<StudyGenerationRequest> = {},
): StudyGenerationRequest => ({
  material,
  count: 10,
  difficulty: '中級',
  types: STUDY_QUESTION_TYPES,
  seed: 'seed-1',
  avoid: [],
  ...overrides,
});

const of = (questions: GeneratedStudyQuestion[], type: StudyQuestionType) =>
  questions.filter((question) => question.type === type);
const label = (question: GeneratedStudyQuestion, key: string) =>
  question.options[key as keyof typeof question.options]!;
const compact = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');

/** Every question is well formed: the same schema the page and the server check with. */
function expectWellFormed(questions: GeneratedStudyQuestion[]) {
  for (const question of questions) {
    expect(studyQuestionSchema.safeParse({ ...question, id: 'x' }).success, question.text).toBe(true);
    expect(question.explanation.length).toBeGreaterThan(0);
  }
}

describe('offline study generator', () => {
  it('makes all three types from one text, in turns', async () => {
    const questions = await generateStudyOffline(request(HISTORY));
    expect(questions).toHaveLength(10);
    expectWellFormed(questions);
    expect(questions.slice(0, 3).map((question) => question.type)).toEqual([...STUDY_QUESTION_TYPES]);
    for (const type of STUDY_QUESTION_TYPES) expect(of(questions, type).length).toBeGreaterThanOrEqual(2);
  });

  it('multiple choice: a question on a sentence of the material, the answer being a term of it', async () => {
    const questions = of(await generateStudyOffline(request(HISTORY)), 'multiple_choice');
    expect(questions.length).toBeGreaterThan(0);
    for (const question of questions) {
      const answer = label(question, question.correctAnswer as string);
      const quoted = /「(.+)」$/s.exec(question.text)?.[1];
      // A blank in the sentence, or a question rewritten from it whose explanation quotes it.
      const sentence = quoted
        ? quoted.replaceAll('（　　　）', answer)
        : /本文には「(.+?)」とあります。/.exec(question.explanation)![1]!;
      if (!quoted) expect(question.text).toMatch(/か。$/);
      expect(sentence).toContain(answer);
      expect(compact(HISTORY)).toContain(compact(sentence));
      expect(Object.keys(question.options)).toHaveLength(4);
    }
  });

  it('multiple select: the true statements are sentences of the material, the false ones are not', async () => {
    const questions = of(await generateStudyOffline(request(HISTORY)), 'multiple_select');
    expect(questions.length).toBeGreaterThan(0);
    for (const question of questions) {
      const correct = question.correctAnswer as string[];
      expect(correct.length).toBeGreaterThanOrEqual(2);
      expect(correct.length).toBeLessThan(Object.keys(question.options).length);
      for (const [key, statement] of Object.entries(question.options))
        expect(compact(HISTORY).includes(compact(statement)), statement).toBe(correct.includes(key));
    }
  });

  it('sort order: events by year, with the year taken out of each option', async () => {
    const questions = of(
      await generateStudyOffline(request(HISTORY, { types: ['sort_order'], count: 2 })),
      'sort_order',
    );
    const byYear = questions.find((question) => question.text.includes('年の古い順'));
    expect(byYear).toBeDefined();
    const years = (byYear!.correctAnswer as string[]).map((key) => {
      const option = label(byYear!, key);
      expect(option).not.toMatch(/\d{4}年/);
      const line = HISTORY.split('\n').find((sentence) =>
        compact(sentence).endsWith(compact(option).slice(-10)),
      )!;
      return Number(/(\d{4})年/.exec(line)![1]);
    });
    expect(years).toEqual([...years].sort((a, b) => a - b));
    // The options are not already in order.
    expect(Object.keys(byYear!.options)).not.toEqual(byYear!.correctAnswer);
  });

  it('sort order: a numbered list of steps, and a passage told with まず・次に・最後に', async () => {
    const recipe = await generateStudyOffline(
      request(RECIPE, { types: ['sort_order'], count: 1, difficulty: '上級' }),
    );
    expect(recipe[0]!.text).toBe('「カレーの作り方」の手順を、正しい順に並べ替えてください。');
    expect((recipe[0]!.correctAnswer as string[]).map((key) => label(recipe[0]!, key))).toEqual([
      '玉ねぎ、にんじん、じゃがいもを一口大に切る。',
      '鍋に油を熱し、肉と玉ねぎを炒める。',
      '水を加えて20分ほど煮込む。',
      '火を止めてカレールウを溶かし入れる。',
      '弱火でとろみがつくまで煮込む。',
    ]);

    const process = await generateStudyOffline(request(PHOTOSYNTHESIS, { types: ['sort_order'], count: 1 }));
    expect(process[0]!.text).toContain('本文で説明されている順序');
    const steps = (process[0]!.correctAnswer as string[]).map((key) => label(process[0]!, key));
    expect(steps).toEqual([
      '葉の気孔から二酸化炭素を取り入れる。',
      '根から吸い上げた水が葉に運ばれる。',
      '葉緑体で光エネルギーを使ってデンプンが作られる。',
      'できたデンプンは水に溶けやすい糖に変えられて体全体に運ばれる。',
    ]);
  });

  it('works on English material', async () => {
    const questions = await generateStudyOffline(request(SOLAR_SYSTEM, { count: 6 }));
    expectWellFormed(questions);
    expect(new Set(questions.map((question) => question.type)).size).toBe(3);
    const byYear = of(questions, 'sort_order').find((question) => question.text.includes('年の古い順'));
    if (byYear) for (const option of Object.values(byYear.options)) expect(option).not.toMatch(/\b1\d{3}\b/);
  });

  it('is the same for the same request, different for another seed, and avoids the last study run', async () => {
    const first = await generateStudyOffline(request(HISTORY, { count: 5 }));
    expect(await generateStudyOffline(request(HISTORY, { count: 5 }))).toEqual(first);
    const other = await generateStudyOffline(request(HISTORY, { count: 5, seed: 'seed-2' }));
    expect(other).not.toEqual(first);
    const fresh = await generateStudyOffline(
      request(HISTORY, { count: 5, seed: 'seed-3', avoid: first.map(questionFingerprint) }),
    );
    expect(
      fresh.map(questionFingerprint).filter((print) => first.map(questionFingerprint).includes(print)),
    ).toEqual([]);
  });

  it('keeps to the types asked for, and makes fewer questions than asked when the text is short', async () => {
    const onlySelect = await generateStudyOffline(request(HISTORY, { types: ['multiple_select'], count: 5 }));
    expect(onlySelect.every((question) => question.type === 'multiple_select')).toBe(true);
    const short = await generateStudyOffline(
      request(HISTORY.split('\n').slice(0, 4).join('\n'), { count: 30 }),
    );
    expect(short.length).toBeGreaterThan(0);
    expect(short.length).toBeLessThan(30);
    expectWellFormed(short);
  });

  it('gives the clear message for material it cannot ask about, quickly even for costly text', async () => {
    for (const material of [
      'あいうえお、かきくけこ。さしすせそ。',
      'A'.repeat(50_000),
      '1234567890'.repeat(5_000),
    ])
      await expect(generateStudyOffline(request(material))).rejects.toThrow(AI_MESSAGES.notEnoughMaterial);
  });

  it('never offers the same option twice, even when the material repeats itself', async () => {
    const repeated = Array.from({ length: 6 }, (_, copy) =>
      HISTORY.replace(/\d{4}/g, (year) => String(Number(year) + copy)),
    ).join('\n');
    const questions = await generateStudyOffline(request(repeated, { count: 30, difficulty: '上級' }));
    expect(questions).toHaveLength(30);
    expectWellFormed(questions);
  });

  it('sort order: never sentences in the order the text gives them, only an order the subject has', async () => {
    // No dates, no steps, no まず・次に: nothing to put in order.
    const undated =
      '暖かい空気と冷たい空気が接する境目を前線という。寒気が暖気を押し上げる前線を寒冷前線という。暖気が寒気の上にはい上がる前線を温暖前線という。寒冷前線が温暖前線に追いつくと閉塞前線ができる。';
    await expect(generateStudyOffline(request(undated, { types: ['sort_order'], count: 2 }))).rejects.toThrow(
      AI_MESSAGES.notEnoughMaterial,
    );
    const questions = await generateStudyOffline(request(undated, { count: 6 }));
    expect(of(questions, 'sort_order')).toEqual([]);
  });

  it('sort order: events dated by an era or a century among events dated by a year, in time order', async () => {
    const literature = [
      '明治時代になると、西洋の文学の影響を受けて新しい日本の文学が生まれた。',
      '大正時代には、芥川龍之介が短編小説『羅生門』を発表した。',
      '1935年に、芥川の名を記念して芥川賞がつくられた。',
      '11世紀前半には、紫式部が『源氏物語』を書いた。',
    ].join('\n');
    const [question] = await generateStudyOffline(
      request(literature, { types: ['sort_order'], count: 1, difficulty: '上級' }),
    );
    const order = (question!.correctAnswer as string[]).map((key) => label(question!, key));
    expect(order).toEqual([
      '紫式部が『源氏物語』を書いた。',
      '西洋の文学の影響を受けて新しい日本の文学が生まれた。',
      '芥川龍之介が短編小説『羅生門』を発表した。',
      '芥川の名を記念して芥川賞がつくられた。',
    ]);
  });

  it('single choice: the correct answers of a study run are spread over A–D', async () => {
    for (const seed of ['seed-1', 'seed-2', 'seed-3']) {
      const questions = await generateStudyOffline(
        request(HISTORY, { types: ['multiple_choice'], count: 9, seed }),
      );
      const letters = questions.map((question) => question.correctAnswer as string);
      for (const letter of ['A', 'B', 'C', 'D'])
        expect(
          Math.abs(letters.filter((entry) => entry === letter).length - letters.length / 4),
          letters.join(''),
        ).toBeLessThanOrEqual(1);
    }
  });
});
