import kuromoji, { type IpadicFeatures, type Tokenizer } from 'kuromoji';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Japanese morphological analysis with kuromoji (IPA dictionary). The dictionary is the
 * `kuromoji` package's `dict/` folder: next to the bundle in a deployed function (the stack copies
 * it there), or in node_modules locally. Building the tokenizer takes about half a second, so it
 * is built once per process.
 */
export type Token = IpadicFeatures;

function dictionaryPath(): string {
  const override = process.env.KUROMOJI_DICT_PATH;
  if (override) return override;
  const besideBundle = join(dirname(fileURLToPath(import.meta.url)), 'dict');
  if (existsSync(join(besideBundle, 'base.dat.gz'))) return besideBundle;
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('kuromoji/package.json')), 'dict');
}

let building: Promise<Tokenizer<IpadicFeatures>> | undefined;

export function japaneseTokenizer(): Promise<Tokenizer<IpadicFeatures>> {
  building ??= new Promise<Tokenizer<IpadicFeatures>>((resolve, reject) => {
    kuromoji.builder({ dicPath: dictionaryPath() }).build((error, tokenizer) => {
      if (error) reject(error);
      else resolve(tokenizer);
    });
  }).catch((error: unknown) => {
    building = undefined;
    throw error;
  });
  return building;
}
