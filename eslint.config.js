import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The folders of features under `dir`: a folder holding files is a feature; one holding only folders is a group
 * of features (none today: each resource has one folder named by its slug).
 */
function featureFolders(dir) {
  const entries = readdirSync(dir, { withFileTypes: true });
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => `${dir}/${entry.name}`);
  return folders.flatMap((folder) => (readdirSync(folder, { withFileTypes: true }).some((entry) => entry.isFile()) ? [folder] : featureFolders(folder)));
}

/**
 * The console's import zones (bulletproof-react): a feature imports no other feature and nothing of app/; the
 * shared folders import no feature, nothing of app/ and nothing of the layout. test/ (the harness) may import all.
 */
function consoleZones(src) {
  const features = featureFolders(`${src}/features`);
  const shared = ['components', 'utils', 'stores', 'i18n'].map((folder) => `${src}/${folder}`);
  return [
    ...features.map((feature) => ({
      target: feature,
      from: `${src}/features`,
      except: [`./${feature.slice(`${src}/features/`.length)}`],
      message: 'A feature does not import another feature: move what both need to components/ or utils/, or to contracts.',
    })),
    { target: `${src}/features`, from: `${src}/app`, message: 'A feature does not import app/: app/ is built from the features.' },
    { target: `${src}/layout`, from: `${src}/features`, message: 'The layout does not import features.' },
    ...shared.flatMap((target) => [
      { target, from: `${src}/features`, message: 'Shared code does not import features.' },
      // stores/permission holds the generated routes: their type (and nothing else) comes from app/
      { target, from: `${src}/app`, except: ['./route-types.ts'], message: 'Shared code does not import app/.' },
      { target, from: `${src}/layout`, message: 'Shared code does not import the layout.' },
    ]),
  ];
}

/** An import or re-export of types as one of values: to the graph of modules both are the same edge. */
function asValueImport(node) {
  if (node.type === 'ImportDeclaration' || node.type === 'TSImportEqualsDeclaration') {
    const specifiers = node.specifiers?.map((specifier) => ({ ...specifier, importKind: 'value' }));
    return { ...node, importKind: 'value', ...(specifiers && { specifiers }) };
  }
  if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
    const specifiers = node.specifiers?.map((specifier) => ({ ...specifier, exportKind: 'value' }));
    return { ...node, exportKind: 'value', ...(specifiers && { specifiers }) };
  }
  return node;
}

/** The TypeScript parser, its imports and re-exports of types marked as values (for the modules no-cycle reads). */
const typesAsValuesParser = {
  meta: { name: 'typescript-types-as-values' },
  parseForESLint(code, options) {
    const parsed = tseslint.parser.parseForESLint(code, options);
    parsed.ast.body = parsed.ast.body.map(asValueImport);
    return parsed;
  },
};

/**
 * import-x/no-cycle with type-only imports followed too (the rule skips them and has no option not to): a circle
 * of types still ties its modules together, none of them read, moved or split without the others. The rule is
 * import-x's own, shown every import as one of values: the linted file's through its visitor, those of the
 * modules it reaches through the parser it reads them with (the settings' own parsers set aside for it).
 */
const noCycleWithTypes = {
  meta: importX.rules['no-cycle'].meta,
  create(context) {
    const { 'import-x/parsers': _parsers, ...settings } = context.settings;
    const seen = Object.create(context, {
      settings: { value: settings },
      languageOptions: { value: { ...context.languageOptions, parser: typesAsValuesParser } },
    });
    const visitor = importX.rules['no-cycle'].create(seen);
    return Object.fromEntries(Object.entries(visitor).map(([key, visit]) => [key, (node) => visit(asValueImport(node))]));
  },
};
const local = { rules: { 'no-cycle': noCycleWithTypes } };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'packages/server/drizzle/**', 'packages/server/scripts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify route handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Imports go one way: app → features → shared (components, utils, stores, i18n), never back, never from
  // one feature into another, and no module reaches itself again through its imports.
  {
    files: ['packages/web/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    plugins: { 'import-x': importX, local },
    settings: {
      // the modules no-cycle follows are TypeScript, read with the TypeScript parser
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          // contracts import their siblings as './x.js' (NodeNext); the console reads them from source
          extensionAlias: { '.js': ['.ts', '.js'] },
          alias: { '@gw/contracts': [fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url))] },
        }),
      ],
    },
    rules: {
      'local/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: consoleZones('packages/web/src') }],
    },
  },
  // The server's layers import one way: modules → jobs → http → lib. http/ (the guard and the resource machine)
  // imports neither the modules built on it nor the jobs (it reaches them through deps.sheets); jobs/ run lists
  // through the machine but import no module; lib/ imports none of them. The services the modules use through
  // deps sit below them: mqtt/ (the box link) imports no module and no job, live/ (the console's live channel,
  // which the box link publishes on) none of those nor mqtt/; http/ and lib/ import neither service. No module
  // reaches itself again.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX, local },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.js'] },
          alias: { '@gw/contracts': [fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url))] },
        }),
      ],
    },
    rules: {
      'local/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            { target: 'packages/server/src/http', from: 'packages/server/src/modules', message: 'http/ is what modules are built on: it imports no module.' },
            {
              target: 'packages/server/src/http',
              from: 'packages/server/src/jobs',
              message: 'http/ does not import jobs/ (jobs/ import the machine); reach the jobs through deps.sheets.',
            },
            { target: 'packages/server/src/jobs', from: 'packages/server/src/modules', message: 'jobs/ import no module: move what both need to lib/ or http/.' },
            {
              target: 'packages/server/src/http',
              from: ['packages/server/src/mqtt', 'packages/server/src/live'],
              message: 'http/ does not import the services (mqtt/, live/): routes reach them through deps.',
            },
            {
              target: 'packages/server/src/mqtt',
              from: ['packages/server/src/modules', 'packages/server/src/jobs'],
              message: 'mqtt/ is a service below the modules: it imports no module and no job; move what both need down into mqtt/.',
            },
            {
              target: 'packages/server/src/live',
              from: ['packages/server/src/modules', 'packages/server/src/jobs', 'packages/server/src/mqtt'],
              message: 'live/ is a service below the modules and the box link: it imports no module, no job and nothing of mqtt/.',
            },
            {
              target: 'packages/server/src/lib',
              from: ['packages/server/src/http', 'packages/server/src/jobs', 'packages/server/src/modules', 'packages/server/src/mqtt', 'packages/server/src/live'],
              message: 'lib/ is the bottom layer: it imports none of http/, jobs/, modules/, mqtt/ or live/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['*.js', '**/*.mjs', '*.config.ts', 'packages/*/*.config.ts'], ...tseslint.configs.disableTypeChecked },
  // The service worker is served as-is from public/ (outside every tsconfig) and runs in the worker scope.
  {
    files: ['packages/web/public/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.serviceworker },
    },
  },
  // Browser tests and benchmarks run callbacks inside the page.
  { files: ['e2e/**', 'bench/**', 'reliability/**'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  { ignores: ['**/*.d.mts'] },
);
