// One lint setup for the whole repository (functions, infra, web, scripts, tests).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** The web features, read from the folder so that a new one is fenced in without listing it here. */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The layers of functions/ (issue 28, docs/decisions.md): handlers (functions/api, functions/ws, the route table and
 * the handler chain) call the domain; the domain keeps its rules pure and reaches DynamoDB only
 * through its entities' stores (`*-store.ts`) and functions/data. One `no-restricted-imports`
 * setting per file, so each layer's block lists everything its files may not import.
 */
const HANDLER_LAYER = [
  'functions/api/**',
  'functions/ws/**',
  'functions/routes.ts',
  'functions/lib/http-handler.ts',
  'functions/lib/http/**',
];
const DATA_LAYER = ['functions/data/**', 'functions/lib/aws-clients.ts'];
const STORES = ['functions/**/*-store.ts'];
const itemApi = {
  name: '@aws-sdk/lib-dynamodb',
  message: 'Use db, the paginator, batch.ts or transactWrite (functions/data).',
};
const dynamoClient = {
  name: '@aws-sdk/client-dynamodb',
  message:
    "Only functions/data and the entities' stores (*-store.ts) talk to DynamoDB; recognise its failures with functions/data/errors.ts.",
};
const handlers = {
  regex: '^((\\.\\./)+|@functions/)(api|ws)(/|$)',
  message:
    'The domain never imports the handlers (functions/api, functions/ws): they call it, and map its errors.',
};
/** Keys are spelled by the entities' key modules, and the table's name and indexes filled in by functions/data. */
const keySyntax = [
  {
    selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^[A-Z][A-Z_]*#/]',
    message: "Build keys with the entity's key module (`*-keys.ts`), not inline.",
  },
  {
    selector: 'Literal[raw=/^[\x27"][A-Z][A-Z_]*#/]',
    message: "Build keys and prefixes with the entity's key module (`*-keys.ts`), not inline.",
  },
  {
    selector: 'Property[key.name=/^(TableName|IndexName|KeyConditionExpression)$/]',
    message: 'Use db, queryAll/queryPages, batch.ts or transactWrite (functions/data): they fill these in.',
  },
  {
    selector: "MemberExpression[property.name='tableName'][object.callee.name='getConfig']",
    message: 'Use tableName() from functions/data/db.ts.',
  },
];

/**
 * DynamoDB's expressions (conditions, updates, filters, projections and their names and values)
 * are written only by functions/data and the entities' stores (`*-store.ts`): the domain says what
 * is allowed and what to write (`*-policy.ts`), the store how the table keeps it.
 * `KeyConditionExpression` is refused everywhere already (keySyntax: the paginators fill it in).
 */
const expressionSyntax = {
  selector:
    'Property[key.name=/^(UpdateExpression|ConditionExpression|FilterExpression|ProjectionExpression|ExpressionAttributeNames|ExpressionAttributeValues)$/]',
  message:
    "Write DynamoDB expressions in the entity's store (*-store.ts) or functions/data; keep the rules in *-policy.ts.",
};

const restrictedImports = (paths, patterns = []) => [
  'error',
  { paths, ...(patterns.length ? { patterns } : {}) },
];

export default tseslint.config(
  // scripts/boundaries/fixtures break the rules on purpose: boundaries.test.ts lints them.
  {
    ignores: [
      'node_modules',
      'cdk.out',
      'web/dist',
      '.data',
      '.bench',
      'coverage',
      'scripts/boundaries/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['scripts/**/*.ts', 'tests/**/*.ts', 'infra/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  // Imports are resolved as TypeScript does (the aliases of tsconfig.base.json), so the rules below
  // see where an `@web/...` or `@functions/...` import really lands.
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without TypeScript's extensions and parser the plugin reads no .ts file it follows, and
      // no-cycle would find no circle at all.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.base.json' })],
    },
    rules: {
      // A circle of imports makes load order matter and two modules one; a type-only import is
      // erased at build time, so it does not count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // The web app's rooms (bulletproof-react's zones): the browser code never reaches server code; a
  // feature never imports another feature (web/src/app composes them, and what two features share
  // lives in web/src/components or web/src/lib); the shared parts import no feature and no app code.
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './web',
              from: ['./functions', './infra', './scripts', './tests'],
              message: 'The web app runs in the browser: share code through shared/ instead.',
            },
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message:
                'A feature does not import another feature: compose them in web/src/app, or move what both use to web/src/components or web/src/lib.',
            })),
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'The app composes the features, not the other way round.',
            },
            {
              target: ['./web/src/components', './web/src/lib', './web/src/config', './web/src/testing'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared web code does not depend on a feature or on the app.',
            },
          ],
        },
      ],
    },
  },
  // shared/ runs in the browser and in Lambda: it imports nothing of either side.
  {
    files: ['shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./web', './functions', './infra', './scripts', './tests'],
              message: 'shared/ is imported by the web app and the functions alike; it imports neither.',
            },
          ],
        },
      ],
    },
  },
  // The data layer (functions/data) is the only code that talks to DynamoDB's item API, and the
  // entities' key modules the only code that spells keys: see docs/data-model.md.
  {
    files: ['functions/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
    ignores: [
      'functions/data/**',
      'functions/lib/aws-clients.ts',
      '**/*-keys.ts',
      'scripts/local/**',
      'tests/integration/bootstrap.test.ts',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...keySyntax],
      'no-restricted-imports': [
        'error',
        {
          paths: [itemApi],
        },
      ],
    },
  },
  // functions/ by layer (the setting above, for functions, is restated in each).
  {
    files: HANDLER_LAYER,
    rules: { 'no-restricted-imports': restrictedImports([itemApi, dynamoClient]) },
  },
  {
    files: ['functions/**/*.ts'],
    ignores: [...HANDLER_LAYER, ...DATA_LAYER, ...STORES],
    rules: { 'no-restricted-imports': restrictedImports([itemApi, dynamoClient], [handlers]) },
  },
  {
    files: STORES,
    rules: { 'no-restricted-imports': restrictedImports([itemApi], [handlers]) },
  },
  {
    files: DATA_LAYER,
    rules: { 'no-restricted-imports': restrictedImports([], [handlers]) },
  },
  // The domain (functions/ outside the data layer and the stores) writes no DynamoDB expression.
  // This block restates the key rules above for its files: a rule's later setting replaces them.
  {
    files: ['functions/**/*.ts'],
    ignores: [...DATA_LAYER, ...STORES, '**/*-keys.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...keySyntax, expressionSyntax] },
  },
);
