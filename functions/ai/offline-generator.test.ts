import { describe, expect, it } from 'vitest';
import { AI_MESSAGES, type GeneratedQuiz } from '@shared/ai';
import { normalizeCjk } from './cjk-normalize';
import { splitSentences } from './key-terms';
import { generateOffline } from './offline-generator';

/** The offline generator on real Japanese paragraphs. */
const PARAGRAPHS = {
  fuji: '富士山は静岡県と山梨県にまたがる日本最高峰の活火山で、標高は3776メートルである。最後の噴火は1707年の宝永噴火で、江戸にも火山灰が降った。2013年には「富士山－信仰の対象と芸術の源泉」として世界文化遺産に登録された。葛飾北斎は「富嶽三十六景」で富士山を描き、その作品はヨーロッパの印象派にも影響を与えた。',
  photosynthesis:
    '光合成は、植物が光エネルギーを利用して二酸化炭素と水からデンプンなどの有機物を合成するはたらきである。\n光合成は主に葉の細胞にある葉緑体で行われ、その過程で酸素が放出される。\n葉緑体に含まれるクロロフィルは、主に青色と赤色の光を吸収する。\n光合成でつくられたデンプンは、夜の間に糖に分解されて師管を通り、植物の体全体に運ばれる。',
  sengoku:
    '1560年の桶狭間の戦いで、織田信長は今川義元を破った。1575年の長篠の戦いでは、織田・徳川連合軍が武田勝頼の騎馬隊を鉄砲で退けた。1582年、明智光秀が本能寺で信長を討った。その後、豊臣秀吉が1590年に全国を統一し、1600年の関ヶ原の戦いを経て徳川家康が江戸幕府を開いた。',
};

/** Material in English: a short text about the solar system, as a study handout would have it. */
const SOLAR_SYSTEM = [
  'The Solar System formed about 4.6 billion years ago from the gravitational collapse of a giant molecular cloud.',
  'The Sun is a yellow dwarf star that holds about 99.86 percent of the total mass of the Solar System.',
  'Mercury is the closest planet to the Sun and completes one orbit every 88 days.',
  'Venus is the hottest planet, with a surface temperature of about 465 degrees Celsius, because its thick atmosphere traps heat.',
  'Earth is the only planet known to support life, and it orbits the Sun once every 365 days.',
  'Mars is called the Red Planet because iron oxide on its surface gives it a reddish colour.',
  'Jupiter is the largest planet, and its Great Red Spot is a storm wider than Earth.',
  'Saturn is famous for its bright rings, which are made mostly of ice and rock.',
  'Uranus rotates on its side, with an axial tilt of about 98 degrees.',
  'Neptune was discovered in 1846 by Johann Galle, using predictions made by Urbain Le Verrier.',
  'Pluto was discovered in 1930 by Clyde Tombaugh and was reclassified as a dwarf planet in 2006 by the International Astronomical Union.',
  'The asteroid belt lies between the orbits of Mars and Jupiter.',
].join(' ');

const answerOf = (question: GeneratedQuiz['questions'][number]) =>
  question.options[question.correctAnswer.toLowerCase() as 'a'];
const isLatin = (text: string) => /^[\p{Script=Latin}\d\s.,%'’-]+$/u.test(text);

/**
 * The sentence of the source a question asks about, the answer in place: the quoted sentence of a
 * blank, or for a question rewritten from its sentence, the sentence its explanation quotes.
 */
function askedSentence(question: GeneratedQuiz['questions'][number]): string {
  const quoted = /「(.+)」$/s.exec(question.text)?.[1];
  if (quoted) return quoted.replaceAll('（　　　）', answerOf(question));
  return /本文には「(.+?)」とあります。/.exec(question.explanation)![1]!;
}

function expectSound(quiz: GeneratedQuiz, source: string) {
  const normalised = normalizeCjk(source);
  for (const question of quiz.questions) {
    const options = Object.values(question.options);
    expect(new Set(options).size, question.text).toBe(4);
    for (const option of options) expect(option.length).toBeGreaterThan(0);
    const answer = answerOf(question);
    // The correct answer is taken from the source, and the sentence asked about is the source's.
    expect(normalised).toContain(answer);
    const sentence = askedSentence(question);
    expect(sentence).toContain(answer);
    expect(normalised).toContain(sentence);
    if (question.text.includes('（　　　）')) {
      const blanked = /「(.+)」$/s.exec(question.text)![1]!;
      // A wrong option never fits the blank as written in the source.
      for (const option of options.filter((entry) => entry !== answer))
        expect(normalised.includes(blanked.replaceAll('（　　　）', option))).toBe(false);
    } else {
      // A question rewritten from its sentence asks, and does not give the answer away.
      expect(question.text, question.text).toMatch(/(?:何|誰|どこ|いつ|いくつ).*か。$/);
      expect(question.text).not.toContain(answer);
    }
    expect(question.text.length).toBeLessThanOrEqual(500);
  }
}

describe('offline generator', () => {
  for (const [name, text] of Object.entries(PARAGRAPHS)) {
    it(`asks about the text itself (${name})`, async () => {
      const quiz = await generateOffline({ numQuestions: 5, difficulty: '中級', category: '一般' }, text);
      expect(quiz.provider).toBe('offline');
      expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
      expect(quiz.questions.length).toBeLessThanOrEqual(5);
      expectSound(quiz, text);
    });
  }

  it('is deterministic, spreads the correct letter, and honours the count', async () => {
    const settings = { numQuestions: 4, difficulty: '初級', category: '歴史' } as const;
    const first = await generateOffline(settings, PARAGRAPHS.sengoku);
    expect(await generateOffline(settings, PARAGRAPHS.sengoku)).toEqual(first);
    expect(first.questions).toHaveLength(4);
    expect(new Set(first.questions.map((question) => question.correctAnswer)).size).toBeGreaterThan(1);
    const one = await generateOffline({ ...settings, numQuestions: 1 }, PARAGRAPHS.sengoku);
    expect(one.questions).toHaveLength(1);
  });

  it('uses terms of the same kind as distractors: years for a year, people for a person', async () => {
    const quiz = await generateOffline(
      { numQuestions: 8, difficulty: '中級', category: '歴史' },
      PARAGRAPHS.sengoku,
    );
    expectSound(quiz, PARAGRAPHS.sengoku);
    const people = ['織田信長', '今川義元', '武田勝頼', '明智光秀', '豊臣秀吉', '徳川家康'];
    const years = quiz.questions.filter((question) => /^\d{4}年$/.test(answerOf(question)));
    const persons = quiz.questions.filter((question) => people.includes(answerOf(question)));
    expect(years.length).toBeGreaterThan(0);
    expect(persons.length).toBeGreaterThan(0);
    for (const question of years)
      for (const option of Object.values(question.options)) expect(option).toMatch(/^\d{4}年$/);
    for (const question of persons) {
      expect(question.text).toMatch(/人物|誰/);
      for (const option of Object.values(question.options)) expect(people).toContain(option);
    }
  });

  it('makes as many questions from long material as from short: a term with no alternatives is given up once', async () => {
    const cities = ['東京', '大阪', '名古屋', '札幌', '福岡', '仙台', '広島', '京都', '神戸', '横浜'];
    const material = (sentences: number) =>
      Array.from(
        { length: sentences },
        (_, i) =>
          `${cities[i % 10]}の人口は${100 + i}万人で、${cities[(i + 3) % 10]}から${50 + i * 7}キロメートル離れている。`,
      ).join('');
    const settings = { numQuestions: 20, difficulty: '中級', category: '地理' } as const;
    for (const sentences of [30, 400, 1500]) {
      const quiz = await generateOffline(settings, material(sentences));
      expect(quiz.questions, `${sentences} sentences`).toHaveLength(20);
    }
    // One person's biography repeated section after section: the name has no other person to stand beside.
    const biography = Array.from(
      { length: 30 },
      (_, i) =>
        `野口英世は1876年に福島県の猪苗代で生まれた。1900年にアメリカへ渡り、ロックフェラー医学研究所で細菌学を研究した。その後、黄熱病の研究のためにアフリカのガーナへ向かい、1928年にアクラで亡くなった。（第${i + 1}節）`,
    ).join('\n');
    const quiz = await generateOffline({ ...settings, numQuestions: 5 }, biography);
    expect(quiz.questions).toHaveLength(5);
    expect(quiz.title).toBe('「野口英世」に関するクイズ');
  });

  it('keeps a number among numbers with the same counter, and names a kind only when every option is of it', async () => {
    const text =
      '光合成は、植物が光エネルギーを利用して二酸化炭素と水から有機物を合成するはたらきである。酸素は地球の大気の約21%を占めている。C4植物はトウモロコシなどに見られ、1771年にプリーストリーが植物が空気を浄化することを発見した。イギリスの科学者ジョゼフ・プリーストリーは酸素の発見者の一人とされる。1868年、明治政府が成立し、江戸は東京と改められた。同じ年、岩倉使節団が欧米へ派遣された。約3,000万人が住み、3.5キロメートルの川が流れる。';
    const quiz = await generateOffline({ numQuestions: 20, difficulty: '中級', category: '一般' }, text);
    expectSound(quiz, text);
    const unit = (option: string) => option.replace(/\d[\d,.]*/g, '#');
    const numberQuestions = quiz.questions.filter((question) => /^\d/.test(answerOf(question)));
    expect(numberQuestions.length).toBeGreaterThanOrEqual(3);
    for (const question of numberQuestions) {
      const options = Object.values(question.options);
      expect(new Set(options.map(unit)).size, options.join(' / ')).toBe(1);
      expect(options[0]).toMatch(/\d/);
    }
    const options = quiz.questions.flatMap((question) => Object.values(question.options));
    expect(options).toContain('21%');
    expect(options).toContain('3,000万人');
    expect(options).not.toContain('科学者ジョゼフ');
    for (const question of quiz.questions.filter((entry) => /地名|場所/.test(entry.text)))
      for (const option of Object.values(question.options))
        expect(['江戸', '東京', '欧米', 'イギリス', '地球']).toContain(option);
  });

  it('asks nothing about a sentence with no words around the term', async () => {
    await expect(
      generateOffline({ numQuestions: 3, difficulty: '中級', category: '一般' }, '1234567890 1234567890'),
    ).rejects.toMatchObject({ status: 422 });
  });

  describe('worst-case material: linear cost, questions or a clear 422', () => {
    const mixed = () => {
      // Long runs of one character class after another, with some prose between them.
      const runs = ['A', '漢', '7', 'ア', 'あ', ' ', 'z', '-'];
      let text = '';
      for (let i = 0; text.length < 50_000; i++)
        text +=
          runs[i % runs.length]!.repeat(500 + ((i * 7919) % 4000)) + PARAGRAPHS.sengoku.slice(0, i % 120);
      return text.slice(0, 50_000);
    };
    const cases: [string, () => string][] = [
      ['one letter', () => 'A'.repeat(50_000)],
      ['one letter in a Japanese sentence', () => `日本語の${'A'.repeat(49_996)}`],
      ['one kanji', () => '漢'.repeat(50_000)],
      ['digits', () => '1234567890'.repeat(5_000)],
      ['a repeated sentence', () => PARAGRAPHS.fuji.repeat(400).slice(0, 50_000)],
      ['mixed runs', mixed],
      ['English prose', () => `${SOLAR_SYSTEM} `.repeat(50).slice(0, 50_000)],
    ];
    for (const [name, make] of cases) {
      // Before: one unbroken run of 30,000 characters took minutes and 4.5 GB of heap.
      it(`answers 50,000 characters of ${name}`, async () => {
        const material = make();
        expect(material).toHaveLength(50_000);
        const outcome = await generateOffline(
          { numQuestions: 20, difficulty: '中級', category: '一般' },
          material,
        ).catch((error: unknown) => error);
        if (outcome instanceof Error)
          expect(outcome).toMatchObject({ status: 422, message: AI_MESSAGES.notEnoughMaterial });
        else expectSound(outcome as GeneratedQuiz, material);
      });
    }
  });

  describe('English material', () => {
    it('asks about an English text: names, numbers with their units, and key words', async () => {
      const quiz = await generateOffline(
        { numQuestions: 10, difficulty: '中級', category: '理科' },
        SOLAR_SYSTEM,
      );
      expect(quiz.questions.length).toBeGreaterThanOrEqual(8);
      expectSound(quiz, SOLAR_SYSTEM);
      const answers = quiz.questions.map(answerOf);
      for (const question of quiz.questions) {
        expect(question.text).toMatch(/（\u3000\u3000\u3000）/);
        for (const option of Object.values(question.options)) {
          expect(isLatin(option), option).toBe(true);
          expect(['The', 'the', 'and', 'which', 'about', 'its']).not.toContain(option);
          // Words of the text are whole words, never a piece of one (numbers may be nearby values).
          if (!/\d/.test(option) || option === answerOf(question))
            expect(SOLAR_SYSTEM).toMatch(
              new RegExp(`(?<![A-Za-z])${option.replace(/[.]/g, '\\.')}(?![A-Za-z])`),
            );
        }
      }
      // Numbers are asked among numbers with the same unit: years among years, days among days.
      const numberQuestions = quiz.questions.filter((question) => /\d/.test(answerOf(question)));
      expect(numberQuestions.length).toBeGreaterThanOrEqual(2);
      for (const question of numberQuestions) {
        const units = Object.values(question.options).map((option) => option.replace(/[\d,.]+/g, '#'));
        expect(new Set(units).size, units.join(' / ')).toBe(1);
      }
      expect(answers.some((answer) => /^[A-Z]/.test(answer) && !/\d/.test(answer))).toBe(true);
      // A planet is asked among planets (the text says what each is: «Mercury is the closest planet»).
      const planets = [
        'Mercury',
        'Venus',
        'Earth',
        'Mars',
        'Jupiter',
        'Saturn',
        'Uranus',
        'Neptune',
        'Pluto',
      ];
      for (const question of quiz.questions.filter((entry) => planets.includes(answerOf(entry))))
        for (const option of Object.values(question.options)) expect(planets).toContain(option);
      const options = quiz.questions.flatMap((question) => Object.values(question.options));
      expect(options).not.toContain('Red');
      expect(quiz.title.length).toBeLessThanOrEqual(100);
    });

    it('asks about mixed Japanese and English material, each question in one language', async () => {
      const material = `${PARAGRAPHS.sengoku}\n\n${SOLAR_SYSTEM}`;
      const quiz = await generateOffline(
        { numQuestions: 20, difficulty: '中級', category: '一般' },
        material,
      );
      expectSound(quiz, material);
      const english = quiz.questions.filter(
        (question) => isLatin(answerOf(question)) && !/^\d+$/.test(answerOf(question)),
      );
      const japanese = quiz.questions.filter((question) => /\p{Script=Han}/u.test(answerOf(question)));
      expect(english.length).toBeGreaterThan(0);
      expect(japanese.length).toBeGreaterThan(0);
      for (const question of english)
        for (const option of Object.values(question.options)) expect(isLatin(option), option).toBe(true);
      for (const question of japanese)
        for (const option of Object.values(question.options))
          expect(/[A-Za-z]/.test(option), option).toBe(false);
    });

    it('splits English sentences at their full stops, not after titles, initials or decimals', () => {
      expect(
        splitSentences(
          'Dr. Smith measured 3.5 km. The U.S. Navy agreed! Was it J. R. R. Tolkien? Yes.\nThe Sun is\na star.',
        ),
      ).toEqual([
        'Dr. Smith measured 3.5 km.',
        'The U.S. Navy agreed!',
        'Was it J. R. R. Tolkien?',
        'Yes.',
        'The Sun is a star.',
      ]);
    });
  });

  it('splits sentences, joining lines wrapped inside one', () => {
    expect(
      splitSentences('富士山は日本一高い\n山である。京都は古都だ。\n\n見出し\n・箇条書きの項目'),
    ).toEqual(['富士山は日本一高い山である。', '京都は古都だ。', '見出し', '箇条書きの項目']);
  });

  it('refuses material with nothing to ask about', async () => {
    await expect(
      generateOffline(
        { numQuestions: 3, difficulty: '中級', category: '一般' },
        'これはとてもよいです。それもよいです。',
      ),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('keeps every question within the quiz form’s limits, even when blanking lengthens a sentence', async () => {
    // A long sentence naming 山 and 川 again and again: blanking either pushes it past 500 characters.
    const long = `${'山と川と'.repeat(70)}がある。`;
    const text = `${long}\n${PARAGRAPHS.sengoku}`;
    const quiz = await generateOffline(
      { numQuestions: 10, difficulty: '初級', category: '地理'.repeat(50) },
      text,
    );
    expect(quiz.questions.length).toBeGreaterThan(0);
    for (const question of quiz.questions) expect(question.text).not.toContain('山と川と山と川と');
    expect(quiz.title.length).toBeLessThanOrEqual(100);
    expectSound(quiz, text);
  });

  describe('questions that read as written by a person', () => {
    const nature =
      '富士山の北西には青木ヶ原樹海が広がっている。青木ヶ原樹海は864年の噴火で流れ出た溶岩の上にできた森である。関ヶ原の戦いは1600年に起こり、徳川家康が勝利した。本能寺の変は1582年に起こり、織田信長が倒れた。桶狭間の戦いは1560年に起こり、今川義元が敗れた。西湖は富士五湖のひとつで、河口湖の西にある。江戸は東京の古い呼び名で、江戸幕府は徳川家康が開いた。';

    it('keeps compound words whole, blanks once, and offers options of the answer’s kind', async () => {
      const quiz = await generateOffline({ numQuestions: 12, difficulty: '中級', category: '一般' }, nature);
      expectSound(quiz, nature);
      const options = quiz.questions.flatMap((question) => Object.values(question.options));
      expect(options).not.toContain('青木ヶ');
      expect(
        options.filter((option) => option.includes('青木')).every((option) => option === '青木ヶ原樹海'),
      ).toBe(true);
      for (const question of quiz.questions) {
        const sentence = /「(.+)」$/s.exec(question.text)?.[1];
        if (sentence) expect(sentence.split('（　　　）'), question.text).toHaveLength(2);
        const answer = answerOf(question);
        const kind = (text: string) => (/^\d+年$/.test(text) ? 'year' : /\d/.test(text) ? 'number' : 'word');
        for (const option of Object.values(question.options))
          expect(kind(option), question.text).toBe(kind(answer));
      }
    });

    it('asks by what it asks for, in more than one wording', async () => {
      const quiz = await generateOffline({ numQuestions: 12, difficulty: '中級', category: '歴史' }, nature);
      const leads = quiz.questions.map((question) => question.text.split('\n')[0]!);
      expect(new Set(leads).size).toBeGreaterThan(2);
      for (const question of quiz.questions) {
        if (/^\d+年$/.test(answerOf(question))) expect(question.text).toMatch(/に入る年|あてはまる年|何年/);
        if (['徳川家康', '織田信長', '今川義元'].includes(answerOf(question)))
          expect(question.text).toMatch(/人物|誰/);
      }
    });

    it('reads look-alike characters from PDFs as the standard ones (CJK radicals, traditional forms)', async () => {
      expect(normalizeCjk('⻄湖と江戶と⼈')).toBe('西湖と江戸と人');
      const fromPdf = nature.replaceAll('西', '⻄').replaceAll('江戸', '江戶');
      const quiz = await generateOffline({ numQuestions: 12, difficulty: '中級', category: '一般' }, fromPdf);
      const text = JSON.stringify(quiz);
      expect(text).not.toMatch(/[⻄戶]/);
      expect(text).toMatch(/江戸|西/);
    });
  });

  describe('questions a teacher would keep (issue 27)', () => {
    const settings = { numQuestions: 10, difficulty: '中級', category: '歴史' } as const;
    /** 「天皇」 is a role among roles; 「発表」「実施」 are used as verbs, never offered as options. */
    const ritsuryo =
      '701年、大宝律令が完成し、天皇を中心とする政治のしくみが整えられた。天皇が幼いときは摂政が、成人してからは関白が政治を行った。やがて上皇が政治の実権を握り、武士が力をのばした。1872年には学制が発表され、1873年には徴兵令が実施された。';

    it('offers only options of the answer’s class: roles among roles, years among years, never a verb', async () => {
      const quiz = await generateOffline(settings, ritsuryo);
      expectSound(quiz, ritsuryo);
      const roles = ['天皇', '摂政', '関白', '上皇', '武士'];
      const emperor = quiz.questions.find((question) => answerOf(question) === '天皇');
      expect(emperor).toBeDefined();
      for (const option of Object.values(emperor!.options)) expect(roles).toContain(option);
      const options = quiz.questions.flatMap((question) => Object.values(question.options));
      for (const verb of ['発表', '実施', '完成', '中心']) expect(options).not.toContain(verb);
    });

    it('rewrites sentences into questions where they allow, always as a whole question', async () => {
      const quiz = await generateOffline(settings, `${PARAGRAPHS.sengoku}${ritsuryo}`);
      expectSound(quiz, `${PARAGRAPHS.sengoku}${ritsuryo}`);
      const texts = quiz.questions.map((question) => question.text);
      // 「1582年、明智光秀が本能寺で信長を討った。」: who, or when, asked as a question.
      expect(texts).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^(?:1582年、本能寺で信長を討ったのは誰か|明智光秀が本能寺で信長を討ったのは何年か)。$/,
          ),
        ]),
      );
      // A year that dates only the first of two clauses is not asked as if it dated both.
      expect(texts.join('\n')).not.toMatch(/学制が発表され、1873年に徴兵令が実施されたのは何年か/);
      for (const text of texts) {
        // A rewritten question ends as one; a blank stands under a lead that says what goes in it.
        if (!text.includes('（　　　）')) expect(text).toMatch(/か。$/);
        else
          expect(text).toMatch(
            /^(?:次の(?:英)?文の|(?:英)?文中の)（\u3000\u3000\u3000）に(?:入る|あてはまる).+選んでください。\n「/u,
          );
      }
    });

    it('asks what a term the text defines is called, with the sentence it points back to', async () => {
      const heian = '794年、桓武天皇は都を平安京に移した。これから約400年間を平安時代という。';
      const quiz = await generateOffline(settings, heian);
      expect(quiz.questions.map((question) => question.text)).toContain(
        '794年、桓武天皇は都を平安京に移した。これから約400年間を何というか。',
      );
      const era = quiz.questions.find((question) => answerOf(question) === '平安時代')!;
      for (const option of Object.values(era.options)) expect(option).toMatch(/時代$/);
    });

    it('leaves out a connective that opens a sentence', async () => {
      const text =
        '1560年、織田信長は桶狭間で今川義元を破った。また、1575年には長篠で武田勝頼を破った。しかし、1582年に明智光秀が本能寺で信長を討った。その後、1590年に豊臣秀吉が全国を統一した。';
      const quiz = await generateOffline(settings, text);
      expect(quiz.questions.length).toBeGreaterThan(2);
      for (const question of quiz.questions) {
        const asked = /「(.+)」$/s.exec(question.text)?.[1] ?? question.text;
        expect(asked, question.text).not.toMatch(/^(?:また|しかし|その後)、/);
      }
    });

    it('spreads the correct answers over A–D, each letter within one of even, the same every time', async () => {
      for (const [count, text] of [
        [5, PARAGRAPHS.sengoku],
        [10, `${PARAGRAPHS.sengoku}${PARAGRAPHS.fuji}${ritsuryo}`],
        [12, SOLAR_SYSTEM],
      ] as const) {
        const quiz = await generateOffline({ ...settings, numQuestions: count }, text);
        expect(await generateOffline({ ...settings, numQuestions: count }, text)).toEqual(quiz);
        const letters = quiz.questions.map((question) => question.correctAnswer);
        for (const letter of ['A', 'B', 'C', 'D'])
          expect(
            Math.abs(letters.filter((entry) => entry === letter).length - letters.length / 4),
            letters.join(''),
          ).toBeLessThanOrEqual(1);
      }
    });

    it('asks English by the terms the text is about, never a verb or an adjective', async () => {
      const rocks =
        'The rock cycle describes how rocks change over time. Magma cools to form igneous rock, a process called crystallisation. Wind and rain break rocks into small pieces through weathering. Rivers carry the pieces away by erosion and drop them in layers through deposition. Over time the layers are pressed together by compaction and cemented into sedimentary rock. Heat and pressure deep underground change rocks into metamorphic rock.';
      const quiz = await generateOffline(settings, rocks);
      const processes = ['crystallisation', 'erosion', 'deposition', 'compaction'];
      expect(quiz.questions.length).toBeGreaterThanOrEqual(2);
      for (const question of quiz.questions) {
        expect(processes).toContain(answerOf(question));
        for (const option of Object.values(question.options)) expect(processes).toContain(option);
      }
    });

    it('explains with a sentence of the text the question does not show', async () => {
      const quiz = await generateOffline(settings, `${PARAGRAPHS.sengoku}${ritsuryo}`);
      for (const question of quiz.questions) {
        const quoted = [
          ...question.explanation.matchAll(
            /(?:には|では|また、)「(.+?)」(?:とあります|ともあります|と続きます|と説明されています)/g,
          ),
        ].map((match) => match[1]!);
        const shown = question.text.replaceAll('（　　　）', answerOf(question));
        expect(
          quoted.some((sentence) => !shown.includes(sentence)),
          `${question.text} / ${question.explanation}`,
        ).toBe(true);
      }
    });
  });
});
