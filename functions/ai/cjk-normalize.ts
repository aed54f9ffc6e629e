/**
 * Text taken out of PDFs often carries look-alike characters: a font maps a glyph to a CJK radical
 * (「⻄湖」 with U+2EC4 for 西), a compatibility ideograph, a Kangxi radical (「⼈」 U+2F08), or the
 * traditional form a CID font happens to use (「江戶」 with 戶 U+6236 for 戸). They look right and
 * read wrong: the dictionary does not know them, search does not find them, and a quiz shows them.
 * This maps them to the standard characters, like NFKC does for full-width letters.
 */

/**
 * CJK Radicals Supplement (U+2E80–U+2EFF) to their unified ideographs, as Unicode's
 * EquivalentUnifiedIdeograph data pairs them (NFKC leaves this block alone; it does map the Kangxi
 * radicals U+2F00–U+2FDF and the compatibility ideographs).
 */
const RADICALS =
  '⺂乛⺃乚⺅亻⺉刂⺋㔾⺎兀⺏尣⺐尢⺒巳⺓幺⺔彑⺖忄⺗㣺⺘扌⺙攵⺛旡⺞歺⺟母⺠民⺡氵⺢氺⺣灬⺤爫⺦丬⺨犭⺫罒⺭礻⺯糹⺱罓⺲罒⺹耂⺺肀⺾艹⺿艹⻀艹⻁虎⻂衤⻃覀⻄西⻅见⻈讠⻉贝⻋车⻌辶⻍辶⻏阝⻐钅⻑長⻒镸⻓长⻔门⻖阝⻘青⻙韦⻚页⻛风⻜飞⻝食⻟飠⻠饣⻢马⻤鬼⻥鱼⻨麦⻩黄⻫斉⻬齐⻭歯⻮齿⻯竜⻰龙⻲亀⻳龟';

/**
 * Traditional forms that Japanese PDFs' fonts put where the text has the standard (常用) form.
 * Only pairs where the traditional form is not itself used in Japanese writing.
 */
const JAPANESE_FORMS = '戶戸內内郞郎卽即槪概旣既絕絶瘦痩吿告姬姫卷巻淸清靑青黃黄步歩';

const pairs = (table: string) => {
  const chars = [...table];
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < chars.length; i += 2) map.set(chars[i]!, chars[i + 1]!);
  return map;
};
const LOOK_ALIKES = new Map([...pairs(RADICALS), ...pairs(JAPANESE_FORMS)]);
const LOOK_ALIKE = new RegExp(`[${[...LOOK_ALIKES.keys()].join('')}]`, 'gu');

/** NFKC, then the radicals and traditional forms above mapped to standard characters. */
export function normalizeCjk(text: string): string {
  return text.normalize('NFKC').replace(LOOK_ALIKE, (char) => LOOK_ALIKES.get(char) ?? char);
}
