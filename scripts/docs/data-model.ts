import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ENTITIES } from '@functions/entities';
import type { EntityDefinition } from '@functions/data/keys';
import { INDEX, TABLE } from '@functions/data/table';

/**
 * `npm run docs:data-model`: writes the generated parts of `docs/data-model.md` (the key and
 * index table, and the entity table) from the table definition and the entities' key
 * declarations. The rest of the document (access patterns, deletion, rules) is written by hand.
 * `data-model.test.ts` fails when the checked-in document differs from what this writes.
 */
export const DATA_MODEL_PATH = fileURLToPath(new URL('../../docs/data-model.md', import.meta.url));

const BEGIN = (part: string) => `<!-- generated: ${part} (npm run docs:data-model) -->`;
const END = (part: string) => `<!-- end generated: ${part} -->`;

/** A template as the document writes it: `QUIZ#{quizId}` → `QUIZ#<quizId>`, in code style. */
const shown = (template: string) => `\`${template.replace(/\{(\w+)\}/g, '<$1>')}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function keyTable(): string {
  const indexRow = (index: (typeof TABLE.indexes)[number]) =>
    `| \`${index.partitionKey}\`, \`${index.sortKey}\` | index **${index.name}**: ${cell(index.serves)} |`;
  return [
    '| key | meaning |',
    '|---|---|',
    `| \`${TABLE.partitionKey}\`, \`${TABLE.sortKey}\` | partition and sort key of every item |`,
    ...TABLE.indexes.map(indexRow),
    `| \`${TABLE.ttlAttribute}\` | epoch seconds; DynamoDB deletes expired items, possibly days late, so code always checks expiry itself |`,
  ].join('\n');
}

function indexes(entity: EntityDefinition): string {
  const parts: string[] = [];
  if (entity.byOwner) parts.push(`${INDEX.byOwner.name} ${shown(entity.byOwner)}`);
  if (entity.byCollection)
    parts.push(
      `${INDEX.byCollection.name} ${shown(entity.byCollection.pk)} / ${shown(entity.byCollection.sk)}`,
    );
  return parts.join('; ') || '—';
}

function notes(entity: EntityDefinition): string {
  const fields = Object.entries(entity.fields ?? {}).map(
    ([name, meaning]) => `${shown(`{${name}}`)}: ${meaning}`,
  );
  return cell([...fields, entity.notes].join('; '));
}

function entityTable(): string {
  return [
    '| entity | module | `pk` | `sk` | indexes | notes |',
    '|---|---|---|---|---|---|',
    ...ENTITIES.map(({ definition: entity }) =>
      [
        '',
        entity.entity,
        `\`${entity.module}\``,
        shown(entity.pk),
        shown(entity.sk),
        indexes(entity),
        notes(entity),
        '',
      ]
        .join(' | ')
        .trim(),
    ),
  ].join('\n');
}

/** The generated parts, by marker name. */
export const GENERATED = {
  keys: keyTable,
  entities: entityTable,
} as const;

/** The document with its generated parts written afresh; the hand-written rest is kept as it is. */
export function renderDataModel(document: string): string {
  let rendered = document;
  for (const [part, render] of Object.entries(GENERATED)) {
    const begin = rendered.indexOf(BEGIN(part));
    const end = rendered.indexOf(END(part));
    if (begin < 0 || end < begin)
      throw new Error(`docs/data-model.md has no "${BEGIN(part)}" … "${END(part)}" section`);
    rendered = `${rendered.slice(0, begin)}${BEGIN(part)}\n${render()}\n${rendered.slice(end)}`;
  }
  return rendered;
}

/** The hand-written parts of the document (what is outside the generated sections). */
export function handWritten(document: string): string {
  let text = document;
  for (const part of Object.keys(GENERATED)) {
    const begin = text.indexOf(BEGIN(part));
    const end = text.indexOf(END(part));
    if (begin >= 0 && end > begin) text = text.slice(0, begin) + text.slice(end + END(part).length);
  }
  return text;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const current = readFileSync(DATA_MODEL_PATH, 'utf8');
  const rendered = renderDataModel(current);
  if (process.argv.includes('--check')) {
    if (rendered !== current) {
      console.error('docs/data-model.md is out of date: run npm run docs:data-model');
      process.exit(1);
    }
  } else if (rendered !== current) {
    writeFileSync(DATA_MODEL_PATH, rendered);
    console.log('docs/data-model.md: generated tables written');
  } else {
    console.log('docs/data-model.md is up to date');
  }
}
