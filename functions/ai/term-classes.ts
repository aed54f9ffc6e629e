import type { Token } from './tokenizer';

/**
 * The semantic class of a key term, so that a question's wrong options are of the answer's class
 * (a person among persons, an era among eras, a reform among reforms). kuromoji gives part of
 * speech and, for proper nouns, person / place / organisation; the rest comes from the term's last
 * word (「〜時代」「〜幕府」「〜令」), from a few closed lists (eras, roles) and from the text itself:
 * terms listed together (「AやB」「A、B」「A and B」) are of one class, and so are terms the text
 * defines as the same kind of thing (「〜価格を均衡価格という」「〜価格を独占価格という」).
 *
 * Specific classes are final; ordinary nouns ('noun', and 'action' for サ変 nouns, which name an
 * act or a process) are grouped further by that evidence (`TermGroups`).
 */
export type TermClass =
  | 'person'
  | 'clan'
  | 'role'
  | 'place'
  | 'building'
  | 'organization'
  | 'era'
  | 'event'
  | 'reform'
  | 'work'
  | 'proper'
  | 'noun'
  | 'action'
  | `number:${string}`;

/**
 * A number's counter and wording around its digits: 「1868年」 and 「1871年」 share 「#年」; a bare
 * year in English («1930») is not a bare count («365»), nor a year (「794年」) a number of years
 * (「任期は4年」).
 */
export const unitOf = (surface: string) => {
  if (/^\d{4}$/.test(surface) && Number(surface) >= 1000 && Number(surface) <= 2100) return '#year';
  const unit = surface.replace(/\d[\d,.]*/g, '#');
  return /^\d{1,2}年/u.test(surface) ? unit.replace(/^#年/u, '#年(期間)') : unit;
};

/** Classes whose members are interchangeable as options without further evidence. */
const SPECIFIC = new Set<string>([
  'person',
  'clan',
  'role',
  'place',
  'building',
  'organization',
  'era',
  'event',
  'reform',
  'work',
]);
export const isSpecific = (cls: string) => SPECIFIC.has(cls) || cls.startsWith('number:');

/** Era names: 「平安時代」 is asked among other eras, which the text may not name enough of. */
export const ERAS = [
  '縄文時代',
  '弥生時代',
  '古墳時代',
  '飛鳥時代',
  '奈良時代',
  '平安時代',
  '鎌倉時代',
  '室町時代',
  '戦国時代',
  '安土桃山時代',
  '江戸時代',
  '明治時代',
  '大正時代',
  '昭和時代',
  '平成時代',
] as const;
/** Era names of the modern calendar (元号), asked among each other. */
export const GENGO = ['明治', '大正', '昭和', '平成', '令和'] as const;
const ERA_NAME = new RegExp(
  `^(?:${ERAS.map((era) => era.replace('時代', '')).join('|')})時代$|^(?:${GENGO.join('|')})$`,
  'u',
);

/** Titles after a name that keep it a person: 「桓武天皇」「中大兄皇子」. */
const PERSON_TITLE = /(?:天皇|上皇|法皇|皇子|皇女|親王|将軍|大王|太子|公)$/u;
/** People by their role or standing: 「天皇」「摂政」「武士」「消費者」. */
const ROLE =
  /^(?:天皇|上皇|法皇|皇后|将軍|大臣|太政大臣|摂政|関白|執権|守護|地頭|大名|貴族|武士|農民|商人|職人|町人|百姓|首相|大統領|知事|国王|皇帝|議員|作家|画家|政治家|思想家|小説家|歌人|詩人|俳人)$|(?:者|武士|議員|裁判官|警察官|長官|教師|医師|僧)$/u;
/** 「前者」「後者」「読者」 and the like are not people worth asking about. */
const NOT_ROLE = /^(?:前者|後者|両者|他者|筆者|著者|作者|何者)$/u;
const BUILDING = /(?:寺|院|堂|城|宮|神社|大社|神宮|塔|御殿)$/u;
const ORGANIZATION =
  /(?:幕府|政府|朝廷|議会|国会|内閣|裁判所|委員会|連盟|連合|同盟|政党|議院|団体|組合|会社|銀行|大学|省|庁)$/u;
/** Endings that make a compound with a name in it a place: 「青木ヶ原樹海」「奥羽山脈」「東北地方」. */
const PLACE_ENDING =
  /(?:山|川|湖|島|県|市|町|村|原|樹海|海|半島|湾|岬|峠|高原|平野|盆地|諸島|列島|海峡|砂漠|大陸|山脈|山地|高地|海岸|地方|側|京)$/u;
/** Happenings: 「桶狭間の戦い」「応仁の乱」「本能寺の変」. */
export const EVENT_HEADS = new Set([
  '戦い',
  '乱',
  '変',
  '役',
  '合戦',
  '戦争',
  '事件',
  '大戦',
  '一揆',
  '革命',
]);
const EVENT = /(?:戦い|合戦|の乱|の変|の役|戦争|事件|大戦|一揆|革命|騒動)$/u;
/** Reforms, policies and laws: 「大政奉還」「明治維新」「徴兵令」「地租改正」「独占禁止法」. */
const REFORM = /(?:改革|改新|維新|奉還|改正|置県|令|律令|憲法|.{2}法|条約|宣言|法典|式目|運動)$/u;
/** Verbs after 「〜が」 that make what precedes a reform or a law: 「学制が公布され」「廃藩置県が行われ」. */
const REFORM_CUE = /^(?:公布|発布|制定|施行|実施|行わ|出さ|定め|始ま|廃止)/u;
/** Titles of works: 「源氏物語」「土佐日記」「古今和歌集」. */
const WORK = /(?:物語|日記|草子|和歌集|歌集|集|記|伝|抄)$/u;

/** Whether a word names people by their role (「思想家」「天皇」「消費者」). */
export const isRole = (surface: string) => ROLE.test(surface) && !NOT_ROLE.test(surface);

const isProper = (token: Token) => token.pos_detail_1 === '固有名詞';
const isPersonName = (token: Token) => isProper(token) && token.pos_detail_2 === '人名';

/**
 * The class of a run of Japanese nouns (a key term), from its parts of speech and its ending.
 * `kind` is the offline generator's coarse kind (kuromoji's proper-noun sub-classes).
 */
export function japaneseClass(run: readonly Token[], surface: string, kind: string): TermClass {
  const words = run.filter((token) => token.pos !== '記号');
  if (ERA_NAME.test(surface) || (/時代$/u.test(surface) && surface.length > 2)) return 'era';
  if (kind === 'person') {
    // 「藤原氏」「平氏」: a family, not one person.
    if (words.at(-1)?.pos_detail_1 === '接尾' && words.at(-1)?.surface_form === '氏') return 'clan';
    return 'person';
  }
  if (words.length > 1 && isPersonName(words[0]!) && PERSON_TITLE.test(surface)) return 'person';
  if (isRole(surface)) return 'role';
  if (EVENT.test(surface) && surface.length > 2) return 'event';
  if (REFORM.test(surface) && surface.length > 2) return 'reform';
  if (ORGANIZATION.test(surface) && surface.length > 1) return 'organization';
  if (words.some(isProper) && BUILDING.test(surface)) return 'building';
  if (kind === 'place') return 'place';
  if (words.some(isProper) && PLACE_ENDING.test(surface) && surface.length > 2) return 'place';
  // kuromoji tags some katakana words as organisations (「デンプン」): one katakana word is a thing.
  if (kind === 'organization' && !(words.length === 1 && /^[\p{Script=Katakana}ー]+$/u.test(surface)))
    return 'organization';
  if (words.some(isProper) && WORK.test(surface) && surface.length > 2) return 'work';
  if (kind === 'proper' || kind === 'organization') return 'proper';
  // A compound ending in a サ変 noun names an act or a process (「光合成」 is one word of 一般).
  return words.at(-1)?.pos_detail_1 === 'サ変接続' ? 'action' : 'noun';
}

/** A cue after a term that it is a reform or a law: 「〜が公布され」「〜が行われ」. */
export function reformCue(after: readonly Token[]): boolean {
  const [particle, verb, passive] = after;
  if (!particle || !verb || particle.pos !== '助詞' || !['が', 'は'].includes(particle.surface_form))
    return false;
  if (!REFORM_CUE.test(verb.surface_form)) return false;
  // 「行わ」「出さ」 only in the passive (「政治を行う」 is not a cue).
  if (/^(?:行わ|出さ)$/u.test(verb.surface_form)) return passive?.surface_form === 'れ';
  return true;
}

/** English words after which a capitalised name is a person: titles and roles. */
const PERSON_BEFORE = new Set(
  `by scientist scientists playwright poet writer author inventor engineer painter composer
  philosopher king queen emperor president general explorer astronomer physicist chemist
  biologist Sir Dr Mr Mrs Ms Professor Saint St`
    .split(/\s+/)
    .filter(Boolean),
);
/** Verbs after a name that make it a person (a planet is discovered, it does not discover). */
const PERSON_VERB =
  /^(?:invented|patented|built|described|discovered|wrote|observed|founded|proposed|published|developed|designed|painted|composed|led|ruled|argued|showed|proved|explained|studied|named|was born|died|became)$/;
const ORGANIZATION_HEAD =
  /\b(?:Union|Society|Agency|Institute|Institution|University|College|Company|Corporation|Party|Council|Association|Organi[sz]ation|Committee|Congress|Parliament|Assembly|Court|Men|Church|Army|Navy)$/;
const PLACE_HEAD =
  /\b(?:Ocean|Sea|River|Mountains|Mount|Mt|Lake|Island|Islands|Bay|Desert|Valley|Ridge|Plain|Plains|Peninsula|Strait|Gulf|Coast|City|Kingdom|Republic|States|Channel|Canyon|Falls|Range|Basin|Plateau|Forest|Himalayas|Alps|Andes)$/;
const BUILDING_HEAD =
  /\b(?:Theatre|Theater|Palace|Castle|Cathedral|Temple|Abbey|Tower|Bridge|Hall|Museum|Library|Gallery|Stadium)$/;
const EVENT_HEAD = /\b(?:Revolution|War|Battle|Crisis|Rebellion|Revolt|Massacre|Movement)$/;
const REFORM_HEAD = /\b(?:Act|Treaty|Law|Declaration|Charter|Constitution|Agreement|Bill|Accord|Code)$/;
/** Words before a name that make it a place: «in Britain», «from London». */
const PLACE_BEFORE = new Set(['in', 'at', 'from', 'to', 'near', 'across', 'throughout', 'around']);
const MONTHS =
  /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/;

/**
 * The class of an English name from its last word and the words around it: «Pacific Plate» and
 * «Indian Plate» share their last word (grouped by `TermGroups`), «James Watt patented» is a person.
 */
export function englishNameClass(name: string, before: string | undefined, after: string): TermClass {
  if (ORGANIZATION_HEAD.test(name)) return 'organization';
  if (BUILDING_HEAD.test(name)) return 'building';
  if (PLACE_HEAD.test(name)) return 'place';
  if (EVENT_HEAD.test(name)) return 'event';
  if (REFORM_HEAD.test(name)) return 'reform';
  const words = name.split(/\s+/);
  const personShape =
    words.length <= 3 && words.every((word) => /^\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?$/u.test(word));
  if (personShape && ((before && PERSON_BEFORE.has(before)) || PERSON_VERB.test(after))) return 'person';
  if (words.length === 1 && before && PLACE_BEFORE.has(before.toLowerCase()) && !MONTHS.test(name))
    return 'place';
  return 'proper';
}

/**
 * Groups ordinary terms by the text's evidence (union–find over terms and the kinds they are said
 * to be: `hyp:価格`, `tail:前線`, `suffix:tion`), and resolves a term listed with one of a specific
 * class to that class («Manchester and Birmingham» once «in Britain» is a place).
 */
export class TermGroups {
  private readonly parent = new Map<string, string>();

  private find(key: string): string {
    let root = key;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    // Path compression keeps every later lookup short.
    let at = key;
    while (at !== root) {
      const next = this.parent.get(at)!;
      this.parent.set(at, root);
      at = next;
    }
    return root;
  }

  link(a: string, b: string) {
    if (!this.parent.has(a)) this.parent.set(a, a);
    if (!this.parent.has(b)) this.parent.set(b, b);
    const [x, y] = [this.find(a), this.find(b)];
    if (x !== y) this.parent.set(x, y);
  }

  /** The group a term belongs to ('' when the text gives no evidence). */
  groupOf(term: string): string {
    return this.parent.has(term) ? this.find(term) : '';
  }
}
