import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '@functions/entities';
import { literalPrefix, templateFields, type EntityDefinition, type EntityKeys } from '@functions/data/keys';
import { INDEX } from '@functions/data/table';
import { DATA_MODEL_PATH, handWritten, renderDataModel } from './data-model';

/**
 * The data model document cannot drift from the code: its tables are what the generator writes
 * from the key declarations, what it says by hand names only keys and indexes that exist, and the
 * declarations themselves are complete and cannot collide.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const document = readFileSync(DATA_MODEL_PATH, 'utf8');

function keyModules(folder = join(root, 'functions')): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return keyModules(path);
    return entry.name.endsWith('-keys.ts') ? [path] : [];
  });
}

const isEntity = (value: unknown): value is EntityKeys =>
  typeof value === 'object' &&
  value !== null &&
  'definition' in value &&
  typeof (value as EntityKeys).definition?.entity === 'string';

/** Every entity declaration, with the key module that declares it. */
const declared = await Promise.all(
  keyModules().map(async (file) => {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    return Object.values(module)
      .filter(isEntity)
      .map((entity) => ({ entity, file: relative(root, file) }));
  }),
).then((lists) => lists.flat());

const templates = (entity: EntityDefinition) => [
  entity.pk,
  entity.sk,
  ...(entity.byOwner ? [entity.byOwner] : []),
  ...(entity.byCollection ? [entity.byCollection.pk, entity.byCollection.sk] : []),
];

/** Whether two keys made from these templates can be equal, or one found by the other's `begins_with`. */
function mayCollide(a: string, b: string): boolean {
  const [prefixA, prefixB] = [literalPrefix(a), literalPrefix(b)];
  const [openA, openB] = [templateFields(a).length > 0, templateFields(b).length > 0];
  if (!openA && !openB) return a === b;
  return (openA && prefixB.startsWith(prefixA)) || (openB && prefixA.startsWith(prefixB));
}

describe('docs/data-model.md', () => {
  it('is what `npm run docs:data-model` writes from the key declarations', () => {
    expect(renderDataModel(document), 'run `npm run docs:data-model` and commit the result').toBe(document);
  });

  it('names only key prefixes that an entity declares', () => {
    const literals = ENTITIES.flatMap(({ definition }) =>
      templates(definition).flatMap((template) => template.split(/\{\w+\}/)),
    );
    const prefixes = new Set(literals.flatMap((text) => text.match(/[A-Z][A-Z_]*#/g) ?? []));
    const named = new Set(handWritten(document).match(/\b[A-Z][A-Z_]*#/g));
    expect([...named].filter((prefix) => !prefixes.has(prefix))).toEqual([]);
    // Fixed keys such as collections (`QUIZ#PUBLIC`) must be written in some template as they are.
    const fixed = new Set(handWritten(document).match(/\b[A-Z][A-Z_]*#[A-Z][A-Z_]*\b/g));
    expect([...fixed].filter((key) => !literals.some((text) => text.includes(key)))).toEqual([]);
  });

  it('names only indexes that exist', () => {
    const names = new Set<string>(Object.values(INDEX).map((index) => index.name));
    const named = new Set(document.match(/\bby[A-Z]\w*/g));
    expect([...named].filter((name) => !names.has(name))).toEqual([]);
  });
});

describe('entity key declarations', () => {
  it('are all in the entity table (functions/entities.ts), once', () => {
    const listed = new Set(ENTITIES);
    expect(listed.size).toBe(ENTITIES.length);
    expect(declared.filter(({ entity }) => !listed.has(entity)).map(({ file }) => file)).toEqual([]);
    expect(declared).toHaveLength(ENTITIES.length);
  });

  it('sit beside the module that reads and writes the entity', () => {
    for (const { entity, file } of declared) {
      expect(existsSync(join(root, entity.definition.module)), entity.definition.module).toBe(true);
      expect(dirname(file), entity.definition.entity).toBe(dirname(entity.definition.module));
    }
  });

  it('cannot collide: no key or kind prefix of one entity finds items of another', () => {
    const collisions: string[] = [];
    ENTITIES.forEach(({ definition: a }, index) => {
      for (const { definition: b } of ENTITIES.slice(index + 1)) {
        if (mayCollide(a.pk, b.pk) && mayCollide(a.sk, b.sk)) collisions.push(`${a.entity} / ${b.entity}`);
        // Everything owned shares the owner's index partition: the kinds must stay apart.
        if (a.byOwner && b.byOwner && mayCollide(a.byOwner, b.byOwner))
          collisions.push(`${a.entity} / ${b.entity} in ${INDEX.byOwner.name}`);
        if (
          a.byCollection &&
          b.byCollection &&
          mayCollide(a.byCollection.pk, b.byCollection.pk) &&
          mayCollide(a.byCollection.sk, b.byCollection.sk)
        )
          collisions.push(`${a.entity} / ${b.entity} in ${INDEX.byCollection.name}`);
      }
    });
    expect(collisions).toEqual([]);
  });
});
