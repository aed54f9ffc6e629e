import { normalizeCjk } from './cjk-normalize';
import { englishTermsOf, isEnglishSentence, lowerCaseWords } from './english-terms';
import {
  EVENT_HEADS,
  isRole,
  isSpecific,
  japaneseClass,
  reformCue,
  TermGroups,
  unitOf,
  type TermClass,
} from './term-classes';
import { japaneseTokenizer, tokenize, type Token } from './tokenizer';

/**
 * The offline generators' reading of the material (offline-generator.ts, study-generator.ts):
 * 1. the text is split into paragraphs and sentences (。！？, and 「. 」 in English); look-alike
 *    characters from PDFs are mapped to standard ones first (cjk-normalize.ts);
 * 2. Japanese sentences are analysed morphologically (kuromoji, in bounded pieces so the cost stays
 *    linear), English ones by the shape of their words (english-terms.ts);
 * 3. key terms are runs of nouns, each whole (compounds are not cut), with their kind and semantic
 *    class (term-classes.ts), how often they occur, whether the text defines them
 *    (「〜を…という」「〜とは」「〜と呼ばれる」, «called …») and what it lists them with;
 * 4. terms of ordinary classes are grouped by that evidence, so wrong options come from the
 *    answer's group.
 * Everything is one pass over the text plus work per term, so the cost is linear in the text.
 */
export type TermKind = 'person' | 'place' | 'organization' | 'proper' | 'number' | 'noun';

export interface Term {
  surface: string;
  kind: TermKind;
  /** The semantic class its wrong options share (term-classes.ts). */
  cls: TermClass;
  /** What its wrong options are drawn from: its class, or the group the text puts it in ('' for none). */
  group: string;
  /** How many times the term occurs in the material. */
  count: number;
  /** Position of its first occurrence (for a stable order). */
  firstSeen: number;
  /** How many sentences are about it (「…は」). */
  topicCount: number;
  /** Written without Japanese script (an English word, a bare number): its options are too. */
  latin: boolean;
  /** The sentence that defines it (「〜をXという」), if one does. */
  definedIn?: number;
  /** It names what the text is about: in a heading, or the first topic. */
  title: boolean;
  /** Sentences it occurs in (the first few), for explanations. */
  sentences: number[];
}

export interface FoundTerm {
  surface: string;
  kind: TermKind;
  cls: TermClass;
  /** The sentence is about it: 「…は」 follows it. */
  topic: boolean;
  /** The sentence defines it: 「〜を X という」「X とは」「X と呼ばれる」, «called X». */
  defined: boolean;
  /** The kind of thing the sentence says it is: 「〜前線を寒冷前線という」 → 前線. */
  hypernym?: string;
  /** The term (its index in the sentence's list) it is listed with (「AやB」「A、B」«A and B»): of one class. */
  listedWith?: number;
  /** The last word of a compound (「閉塞前線」 → 前線, 「立法権」 → 権): compounds with one head are alike. */
  head?: string;
}

export interface AnalysedSentence {
  index: number;
  text: string;
  /** Its key terms, each once, in order. */
  terms: string[];
  paragraph: number;
  /** The text goes on in the same paragraph after it. */
  paragraphGoesOn: boolean;
  /** Its first occurrence (a running header or a pasted paragraph comes again). */
  first: boolean;
}

export interface Analysis {
  sentences: AnalysedSentence[];
  terms: Map<string, Term>;
  /** What the text opens by talking about (the first 「…は」). */
  firstTopic?: string;
}

/** Longest option the quiz form takes. */
export const OPTION_MAX = 200;
/** Sentences kept per term for explanations. */
const SENTENCES_PER_TERM = 6;

/** Titles, months and initials after which 「. 」 does not end an English sentence. */
const ABBREVIATIONS =
  'Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|No|Nos|Fig|Figs|Vol|Vols|vs|approx|ca|cf|al|Inc|Ltd|Co|Corp|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|[A-Z]';
const CLOSERS = '[」』）)"”’]';

/**
 * Where sentences end. Every lookbehind is of bounded length, so the split is linear in the text
 * whatever it holds (a run of 50,000 closing brackets included).
 */
const SENTENCE_BREAK = new RegExp(
  [
    '\\n{2,}',
    // After 。！？, and the closing brackets or quotes that follow them.
    `(?<=[。！？!?]${CLOSERS}{0,2})(?!${CLOSERS}|[!?！？])`,
    // A full stop after Japanese (「．」, normalised to 「.」).
    `(?<=[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー][.]${CLOSERS}{0,2})(?!${CLOSERS}|[.])`,
    // English: 「. 」 before a capital or a digit, but not after a title or an initial («Dr. Smith», «U.S. Navy»).
    `(?<=[.]${CLOSERS}?)(?<!\\b(?:${ABBREVIATIONS})[.]${CLOSERS}?)\\s+(?=[("“‘]?[\\p{Lu}\\d])`,
    // A bullet or a numbered item («1.», not «4.6») on a new line.
    '\\n(?=[・●■◆○\\-*]|\\d{1,3}[.)．](?!\\d))',
  ].join('|'),
  'u',
);

export const JAPANESE_CHAR =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** Lines wrapped inside a sentence, joined: with a space between English words, without in Japanese. */
function joinWrapped(lines: string[]): string {
  let text = '';
  for (const line of lines) {
    if (!line) continue;
    const last = text.at(-1);
    const space =
      last !== undefined && last !== '-' && !JAPANESE_CHAR.test(last) && !JAPANESE_CHAR.test(line[0]!);
    text += space ? ` ${line}` : line;
  }
  return text;
}

/** Splits material into sentences; lines that wrap inside a sentence are joined first. */
export function splitSentences(material: string): string[] {
  const normalised = normalizeCjk(material).replace(/\r\n?/g, '\n');
  return normalised
    .split(SENTENCE_BREAK)
    .map((part) =>
      joinWrapped(part.split('\n').map((line) => line.trim()))
        .replace(/^[・●■◆○\-*\s]+|^\d{1,3}[.)．](?!\d)\s*/u, '')
        .trim(),
    )
    .filter((part) => part.length > 0);
}

/** Nouns too vague to ask about. */
const VAGUE_NOUNS = new Set(
  `こと もの ため よう それ これ あれ ここ そこ とき ところ 一連 中心 以上 以下 以降 以前 一部 全体 部分
  場合 結果 方法 今日 現在 当時 最初 最後 一方 他方 自分 彼ら 我々 人々 多く 一つ 二つ 様々 種類 程度 必要
  可能 関係 問題 内容 状態 事実 理由 目的 意味 影響 特徴 役割 一般 大きな 中ごろ 前半 後半 ころ 以外 同様
  すべて 全て 上空 次 後 前 間 際 点 面 量 数 形 方 側 下流 上流 北部 南部 東部 西部 中部 西側 東側 南側
  北側 沖合 一年 一年中 昼 夜 夏 冬 春 秋 朝 晩 同じ年 同じころ 短い時間 長い時間 日本 世界 全国 国内 海外
  はたらき しくみ`
    .split(/\s+/)
    .filter(Boolean),
);

const isNounPart = (token: Token) =>
  token.pos === '名詞' &&
  !['非自立', '代名詞', '副詞可能', '接続詞的', '動詞非自立的', '特殊'].includes(token.pos_detail_1);

const hasContent = (surface: string) => /[\p{Script=Han}\p{Script=Katakana}A-Za-z0-9]/u.test(surface);

const isNumeral = (token: Token | undefined) => token?.pos_detail_1 === '数';
/** 「,」 and 「.」 between digits and 「%」 after them belong to the number (3,000 / 3.5 / 21%). */
const isNumberGlue = (token: Token, previous: Token | undefined, next: Token | undefined) =>
  isNumeral(previous) &&
  (token.surface_form === '%' || (/^[,.]$/.test(token.surface_form) && isNumeral(next)));

/**
 * The small ヶ (and ケ, ヵ) inside a place name joins its parts: 「青木ヶ原樹海」「関ヶ原」 are one word,
 * never 「青木ヶ」.
 */
const isKaGlue = (token: Token, previous: Token | undefined, next: Token | undefined) =>
  /^[ヶケヵ]$/.test(token.surface_form) &&
  Boolean(previous && isNounPart(previous) && next && isNounPart(next));

/** A space between two capitalised words of a name in a Japanese sentence («James Webb»). */
const isNameGlue = (token: Token, previous: Token | undefined, next: Token | undefined) =>
  token.surface_form === ' ' &&
  [previous, next].every((word) => word && isNounPart(word) && /^[A-Z][A-Za-z]*$/.test(word.surface_form));

/** 「する」 after a サ変 noun: the noun is used as a verb (「発布され」「吸収する」), not named. */
const isSuru = (token: Token | undefined) =>
  token?.pos === '動詞' && token.basic_form === 'する' && token.conjugated_type.startsWith('サ変');

/** 「〜という」「〜といい」「〜と呼ぶ」「〜と呼ばれる」 after a term: the sentence names it. */
function namingAfter(tokens: readonly Token[], at: number): 'definition' | 'naming' | null {
  const first = tokens[at];
  if (!first) return null;
  if (first.surface_form === 'という')
    return tokens[at + 1] && isNounPart(tokens[at + 1]!) ? 'naming' : 'definition';
  if (first.surface_form !== 'と' || first.pos !== '助詞') return null;
  const verb = tokens[at + 1];
  if (!verb) return null;
  if (verb.surface_form === 'は') return 'definition';
  if (verb.pos === '動詞' && /^(?:いう|言う|呼ぶ|称する)$/u.test(verb.basic_form)) {
    // 「XというN」 names X as an N; 「〜をXという。」 defines it.
    const next = tokens[at + 2];
    return next && isNounPart(next) && verb.basic_form !== '呼ぶ' ? 'naming' : 'definition';
  }
  return null;
}

/** A separator of a list: 「や」「、」「と」, «および». */
function listSeparator(separator: readonly Token[]): boolean {
  if (separator.length !== 1) return false;
  const [token] = separator as [Token];
  if (token.pos === '助詞' && (token.pos_detail_1 === '並立助詞' || token.surface_form === 'と')) return true;
  if (token.pos === '接続詞' && /^(?:および|及び|または|又は|ならびに|並びに)$/u.test(token.surface_form))
    return true;
  return token.surface_form === '、';
}

/**
 * Whether two terms with `separator` between them are listed, `after` being what follows the
 * second: 「酸素や水蒸気」, 「需要と供給によって」 (と before a particle, not 「と呼ぶ」), 「電気やガス、水道
 * など」 (a comma inside a list, not between clauses); never when the second term modifies what
 * follows (「南部鉄器や宮城県のこけし」 lists the crafts, not 宮城県).
 */
function listedBetween(separator: readonly Token[], after: Token | undefined): boolean {
  if (!listSeparator(separator) || after?.surface_form === 'の') return false;
  const [token] = separator as [Token];
  if (token.surface_form === 'と' && token.pos_detail_1 !== '並立助詞')
    return after?.pos === '助詞' && after.surface_form !== 'と';
  if (token.surface_form === '、')
    return Boolean(after && (/^(?:、|や|と|など|なども)$/u.test(after.surface_form) || after.pos === '記号'));
  return true;
}

/** What a definition of a process or an act puts it under: 「〜ことを蒸散という」「〜はたらきを光合成という」. */
const PROCESS_HYPERNYMS = new Set(['こと', 'はたらき', '現象', '作用', '過程', '変化', '反応', '行為']);

/** Hypernyms too vague to group by (「〜ものである」). */
const VAGUE_HYPERNYMS = new Set(['もの', 'こと', 'ところ', 'ため', 'よう', 'の', 'わけ', 'はず']);

/** 「富士山は…活火山で、」「北海道は…気候である」: the noun a topic is said to be. */
function copularHypernym(tokens: readonly Token[], from: number): string | undefined {
  for (let at = from; at < tokens.length && tokens[at]!.surface_form !== '。'; at++) {
    const token = tokens[at]!;
    if (token.pos === '助動詞' && token.basic_form === 'だ') {
      const noun = tokens[at - 1];
      return noun &&
        isNounPart(noun) &&
        !['接尾', '数'].includes(noun.pos_detail_1) &&
        !VAGUE_HYPERNYMS.has(noun.surface_form)
        ? noun.surface_form
        : undefined;
    }
  }
  return undefined;
}

/**
 * Key terms of a Japanese sentence's tokens (see the module comment): runs of nouns with a leading
 * prefix and trailing suffixes, 『titles』 whole, 「〜の戦い」 with its place.
 */
export function termsOf(tokens: Token[]): FoundTerm[] {
  const terms: FoundTerm[] = [];
  let run: Token[] = [];
  let runStart = 0;
  /** Where the last term ended, for lists (「AやB」). */
  let lastEnd = -1;
  /** A listed term whose partner is the head after 「の」: 「岩手県の南部鉄器や宮城県のこけし」. */
  let pending: number | undefined;
  /** The run is a name after a role (「思想家モンテスキュー」): a person. */
  let named = false;
  const push = (term: Omit<FoundTerm, 'listedWith'>, start: number, end: number) => {
    const separator = lastEnd >= 0 ? tokens.slice(lastEnd, start) : [];
    const index = terms.length;
    let listedWith: number | undefined;
    // 「基本的人権の尊重」: an act done to something is not what the list is of.
    if (
      pending !== undefined &&
      separator.length === 1 &&
      separator[0]!.surface_form === 'の' &&
      term.cls !== 'action'
    )
      listedWith = pending;
    pending = undefined;
    if (listedWith === undefined && index > 0 && listedBetween(separator, tokens[end]))
      listedWith = index - 1;
    else if (index > 0 && listSeparator(separator) && tokens[end]?.surface_form === 'の') pending = index - 1;
    terms.push({ ...term, ...(listedWith === undefined ? {} : { listedWith }) });
    lastEnd = end;
  };
  const flush = (end: number) => {
    // A run may not start with a suffix (「年」 alone), nor a number with a prefix (「翌」1890年).
    while (run.length && run[0]!.pos_detail_1 === '接尾') {
      run.shift();
      runStart += 1;
    }
    const kind = run.length ? kindOf(run) : null;
    if (kind === 'number')
      while (run[0]!.pos === '接頭詞') {
        run.shift();
        runStart += 1;
      }
    if (kind) {
      const surface = run.map((token) => token.surface_form).join('');
      const next = tokens[end];
      const verbal = run.at(-1)!.pos_detail_1 === 'サ変接続' && isSuru(next);
      // A number without its counter (「2つ」 is read as 「2」 and a particle) says nothing alone.
      const bare = kind === 'number' && /^[\d,.]+$/.test(surface);
      // An adjectival noun (「温暖」「公正」) alone is not a term.
      const adjectival = [run.at(-1)!.pos_detail_1, run.at(-1)!.pos_detail_2].includes('形容動詞語幹');
      if (!verbal && !adjectival && !bare && acceptable(surface, kind)) {
        const naming = namingAfter(tokens, end);
        const before = tokens[runStart - 1];
        const object = before?.surface_form === 'を' ? tokens[runStart - 2] : undefined;
        const hypernym =
          naming === 'definition' && object && isNounPart(object)
            ? object.surface_form
            : naming === 'naming'
              ? nounAfterNaming(tokens, end)
              : undefined;
        let cls =
          kind === 'number' ? (`number:${unitOf(surface)}` as const) : japaneseClass(run, surface, kind);
        if (named && (kind === 'proper' || kind === 'organization')) cls = 'person';
        if ((cls === 'noun' || cls === 'action') && reformCue(tokens.slice(end, end + 3))) cls = 'reform';
        // 「〜はたらきを光合成という」「〜ことを蒸散という」: a process, like the サ変 nouns.
        if (cls === 'noun' && hypernym && PROCESS_HYPERNYMS.has(hypernym)) cls = 'action';
        const topic = next?.surface_form === 'は' && next.pos === '助詞';
        const said = hypernym ?? (topic ? copularHypernym(tokens, end + 1) : undefined);
        const head = run.length > 1 ? run.at(-1)!.surface_form : undefined;
        push(
          {
            surface,
            kind,
            cls,
            topic,
            defined: naming === 'definition',
            ...(said && said !== surface && !surface.endsWith(said)
              ? { hypernym: PROCESS_HYPERNYMS.has(said) ? 'こと' : said }
              : {}),
            ...(head && head !== surface ? { head } : {}),
          },
          runStart,
          end,
        );
      }
    }
    run = [];
    named = false;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const last = run[run.length - 1];
    if (token.surface_form === '『') {
      flush(i);
      const close = tokens.findIndex((entry, at) => at > i && /^[』。]$/u.test(entry.surface_form));
      const inner = close > i ? tokens.slice(i + 1, close) : [];
      const surface = inner.map((entry) => entry.surface_form).join('');
      if (close > i && tokens[close]!.surface_form === '』' && surface.length >= 1 && surface.length <= 40) {
        push(
          {
            surface,
            kind: 'proper',
            cls: 'work',
            topic: tokens[close + 1]?.surface_form === 'は',
            defined: false,
          },
          i,
          close + 1,
        );
        i = close;
      }
      runStart = i + 1;
      continue;
    }
    // 「桶狭間の戦い」「応仁の乱」: a place or name with の and the event is one term.
    if (
      token.surface_form === 'の' &&
      run.length &&
      next &&
      EVENT_HEADS.has(next.surface_form) &&
      !isNounPart(tokens[i + 2] ?? token) &&
      run.every((entry) => entry.pos !== '名詞' || entry.pos_detail_1 !== '数')
    ) {
      const place = run.map((entry) => entry.surface_form).join('');
      const surface = `${place}の${next.surface_form}`;
      run = [];
      push(
        {
          surface,
          kind: 'proper',
          cls: 'event',
          topic: tokens[i + 2]?.surface_form === 'は',
          defined: false,
        },
        runStart,
        i + 2,
      );
      i += 1;
      runStart = i + 1;
      continue;
    }
    // A name starts a term of its own: 「科学者」 and 「ジョゼフ」, not 「科学者ジョゼフ」; after a role
    // it is a person whatever kuromoji calls it (「思想家モンテスキュー」).
    const role =
      last &&
      ((token.pos_detail_1 === '固有名詞' && token.pos_detail_2 !== '地域') ||
        /^[\p{Script=Katakana}ー・]{3,}$/u.test(token.surface_form)) &&
      isRole(text(run));
    if (
      (last &&
        token.pos_detail_2 === '人名' &&
        token.pos_detail_1 === '固有名詞' &&
        last.pos_detail_2 !== '人名' &&
        last.pos !== '接頭詞') ||
      role
    ) {
      flush(i);
      runStart = i;
      named = Boolean(role);
    }
    const joins =
      (isNounPart(token) && (hasContent(token.surface_form) || isNumberGlue(token, last, next))) ||
      (last && (isNameGlue(token, last, next) || isKaGlue(token, last, next))) ||
      // A prefix starts a term (「翌年」), or joins the parts of a compound (青木ヶ「原」樹海).
      (token.pos === '接頭詞' && next && isNounPart(next) && (run.length === 0 || isNounPart(last!)));
    if (joins) {
      if (run.length === 0) runStart = i;
      run.push(token);
    } else {
      flush(i);
      runStart = i + 1;
    }
  }
  flush(tokens.length);
  return terms;
}

const text = (tokens: readonly Token[]) => tokens.map((token) => token.surface_form).join('');

/** 「光源氏という貴族」: the noun a naming puts the term under. */
function nounAfterNaming(tokens: readonly Token[], end: number): string | undefined {
  let at = end + (tokens[end]!.surface_form === 'という' ? 1 : 2);
  const nouns: string[] = [];
  while (tokens[at] && isNounPart(tokens[at]!)) nouns.push(tokens[at++]!.surface_form);
  return nouns.at(-1);
}

function kindOf(withGlue: Token[]): TermKind | null {
  const run = withGlue.filter((token) => token.pos !== '記号' && !/^[ヶケヵ]$/.test(token.surface_form));
  const details = run.map((token) => `${token.pos_detail_1}/${token.pos_detail_2}`);
  if (run.some(isNumeral)) {
    // Numbers count only with a digit in them (「一連」 is not a number).
    if (!run.some((token) => isNumeral(token) && /\d/.test(token.surface_form))) return null;
    // A number is digits with their counter (「1868年」「3,000万人」「21%」); 「C4植物」 is a term.
    const numeric = run.every(
      (token, index) =>
        token.pos === '接頭詞' ||
        isNumeral(token) ||
        token.pos_detail_1 === '接尾' ||
        // 「11世紀」「5月3日」: a counter kuromoji reads as a noun.
        /^(?:世紀|月|日|時|分|秒|年代|前半|後半|初め|末)$/u.test(token.surface_form) ||
        isNumberGlue(token, run[index - 1], run[index + 1]),
    );
    if (numeric) return 'number';
  }
  const proper = details.filter((detail) => detail.startsWith('固有名詞'));
  if (proper.length === 0) return 'noun';
  if (proper.length === run.length) {
    if (details.every((detail) => detail === '固有名詞/人名')) return 'person';
    if (details.every((detail) => detail === '固有名詞/地域')) return 'place';
  }
  if (details.includes('固有名詞/組織')) return 'organization';
  return 'proper';
}

function acceptable(surface: string, kind: TermKind): boolean {
  if (surface.length > 40 || !hasContent(surface) || VAGUE_NOUNS.has(surface)) return false;
  if (kind === 'number') return true;
  // A single ordinary character (「国」「人」) is too weak to ask about.
  if (surface.length < 2) return false;
  return (
    kind !== 'noun' || /[\p{Script=Han}\p{Script=Katakana}]{2}|^[\p{Script=Hiragana}]{3,}$/u.test(surface)
  );
}

/** Whether a number term is a year (「1868年」, a bare «1930»). */
export const isYear = (term: Pick<Term, 'surface' | 'kind'>) =>
  term.kind === 'number' && /^#(?:年|year)$/u.test(unitOf(term.surface));

/** Headings: a short line without a full stop names what follows. */
const isHeading = (text: string) => text.length <= 30 && !/[。．.!?！？」』）)]$/u.test(text);

/**
 * Reads the material (see the module comment). Sentences that come again (a page's running
 * header, a pasted paragraph) are analysed once.
 */
export async function analyseMaterial(material: string): Promise<Analysis> {
  const tokenizer = await japaneseTokenizer();
  const normalised = normalizeCjk(material).replace(/\r\n?/g, '\n');
  const paragraphs = normalised.split(/\n\s*\n/);
  const english = lowerCaseWords(splitSentences(normalised).filter(isEnglishSentence));
  const terms = new Map<string, Term>();
  const sentences: AnalysedSentence[] = [];
  const seen = new Set<string>();
  const analysed = new Map<string, FoundTerm[]>();
  const links: [string, string][] = [];
  const hypernyms: [string, string][] = [];
  /** Heads of compounds, by term. */
  const heads = new Map<string, string>();
  let position = 0;
  let firstTopic: string | undefined;
  paragraphs.forEach((paragraph, paragraphIndex) => {
    const inParagraph = splitSentences(paragraph);
    inParagraph.forEach((text, at) => {
      const key = text.replace(/\s+/g, '');
      const first = !seen.has(key);
      seen.add(key);
      let found = analysed.get(text);
      if (!found) {
        found = (
          isEnglishSentence(text) ? englishTermsOf(text, english) : termsOf(tokenize(tokenizer, text))
        ).filter((term) => term.surface.length <= OPTION_MAX);
        analysed.set(text, found);
      }
      const index = sentences.length;
      firstTopic ??= found.find((term) => term.topic)?.surface;
      found.forEach((term) => {
        const known = terms.get(term.surface);
        const heading = isHeading(text);
        if (known) {
          known.count += 1;
          if (term.topic) known.topicCount += 1;
          if (term.defined && known.definedIn === undefined) known.definedIn = index;
          if (heading) known.title = true;
          // An occurrence that says more (「〜が公布され」: a reform) settles an ordinary term's class.
          if (!isSpecific(known.cls) && isSpecific(term.cls) && known.kind === term.kind)
            known.cls = term.cls;
          if (known.sentences.length < SENTENCES_PER_TERM && known.sentences.at(-1) !== index)
            known.sentences.push(index);
        } else
          terms.set(term.surface, {
            surface: term.surface,
            kind: term.kind,
            cls: term.cls,
            group: '',
            count: 1,
            firstSeen: position,
            topicCount: term.topic ? 1 : 0,
            latin: !JAPANESE_CHAR.test(term.surface),
            ...(term.defined ? { definedIn: index } : {}),
            title: heading,
            sentences: [index],
          });
        position += 1;
        if (term.listedWith !== undefined) links.push([found[term.listedWith]!.surface, term.surface]);
        if (term.hypernym) hypernyms.push([term.surface, term.hypernym]);
        if (term.head) heads.set(term.surface, term.head);
      });
      sentences.push({
        index,
        text,
        terms: [...new Set(found.map((term) => term.surface))],
        paragraph: paragraphIndex,
        paragraphGoesOn: at < inParagraph.length - 1,
        first,
      });
    });
  });
  if (firstTopic) terms.get(firstTopic)!.title = true;
  groupTerms(terms, links, hypernyms, heads);
  return { sentences, terms, ...(firstTopic ? { firstTopic } : {}) };
}

/** Kanji that name a kind of thing at the end of a word: 「積乱雲」「乱層雲」, 「酸素」「二酸化炭素」. */
const CATEGORY_KANJI = /[雲風線管素体権院法令制党省庁湾層帯圏器質酸塩病症]$/u;

/** English nominalisations (evaporation, condensation, photosynthesis): processes, one group. */
const PROCESS_SUFFIX = /^(?:[a-z]{2,}(?:tion|sion)|[a-z]{4,}sis)$/;

/**
 * Each term's group (see Term.group): a specific class is its own group; an ordinary term joins
 * the terms it is listed with, the terms said to be the same kind of thing, and the compounds with
 * its head (「寒冷前線」「閉塞前線」; «Pacific Plate», «Indian Plate»; «lithosphere», «asthenosphere»).
 * An ordinary term listed with one of a specific class takes that class.
 */
function groupTerms(
  terms: Map<string, Term>,
  links: [string, string][],
  hypernyms: [string, string][],
  heads: Map<string, string>,
) {
  const groups = new TermGroups();
  for (const [a, b] of links) {
    const [x, y] = [terms.get(a), terms.get(b)];
    if (!x || !y || x.latin !== y.latin || x.kind === 'number' || y.kind === 'number') continue;
    if (isSpecific(x.cls) && !isSpecific(y.cls)) y.cls = x.cls;
    else if (isSpecific(y.cls) && !isSpecific(x.cls)) x.cls = y.cls;
    else if (!isSpecific(x.cls) && !isSpecific(y.cls)) groups.link(a, b);
  }
  for (const [term, hypernym] of hypernyms) groups.link(term, `hyp:${hypernym.toLowerCase()}`);
  for (const term of terms.values()) {
    if (isSpecific(term.cls)) continue;
    const { surface } = term;
    if (term.latin) {
      const words = surface.split(' ');
      if (words.length > 1) {
        groups.link(surface, `tail:${words.at(-1)!.toLowerCase()}`);
        // «cell membrane», «cell wall»: parts named after one thing.
        if (/^\p{Ll}/u.test(surface)) groups.link(surface, `modifier:${words[0]}`);
      } else if (PROCESS_SUFFIX.test(surface)) groups.link(surface, 'suffix:process');
      // «lithosphere», «asthenosphere»: long words with one ending.
      else if (/^\p{Ll}{8,}$/u.test(surface)) groups.link(surface, `suffix:${surface.slice(-6)}`);
      continue;
    }
    const compoundHead = heads.get(surface);
    const head = compoundHead ?? (surface.length >= 3 ? surface.slice(-2) : undefined);
    if (head && /\p{Script=Han}/u.test(head)) groups.link(surface, `tail:${head}`);
    // A one-kanji head (「立法権」の「権」) or the last kanji of one word (「酸素」「積乱雲」); not the
    // last kanji of a longer head (「国民主権」 is not of the kind 「権」).
    const category =
      compoundHead === undefined || compoundHead.length === 1
        ? CATEGORY_KANJI.exec(compoundHead ?? surface)?.[0]
        : undefined;
    if (category) groups.link(surface, `kanji:${category}`);
  }
  for (const term of terms.values()) {
    if (isSpecific(term.cls)) term.group = `${term.latin ? 'en:' : ''}${term.cls}`;
    else {
      const group = groups.groupOf(term.surface);
      term.group = group ? `group:${group}` : '';
    }
  }
}
