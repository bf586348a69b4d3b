import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs
  .readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Node's own modules, for the rule that keeps common/ free of them.
const { builtinModules } = await import('node:module');

const NODE_ONLY_GLOBALS = [
  'process',
  'Buffer',
  '__dirname',
  '__filename',
  'require',
  'module',
  'global',
  'setImmediate',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'migrations/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['common/tsconfig.json', 'client/tsconfig.json', 'server/tsconfig.json', 'tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
      // A circle of imports hides which module owns a concept; none are allowed, type imports included.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './common',
              from: ['./client', './server'],
              message: 'common/ is shared: it imports neither side.',
            },
            { target: './client', from: './server', message: 'The client talks to the server over HTTP only.' },
            { target: './server', from: './client', message: 'The server never imports client code.' },
            {
              target: ['./client/src/lib', './client/src/ui'],
              from: ['./client/src/features', './client/src/app'],
              message: 'lib/ and ui/ sit below features and the app shell.',
            },
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'Features are composed by the app shell, not the other way round.',
            },
            // Each feature may use only itself, lib/ and ui/: shared code moves down a layer.
            ...features.map((feature) => ({
              target: `./client/src/features/${feature}`,
              from: './client/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature; move what both need to client/src/lib or ui.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'deploy/**/*.ts', 'scripts/**/*.{js,mjs}', '*.{js,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['client/**/*.{ts,tsx}', 'client/src/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...NODE_ONLY_GLOBALS.map((name) => ({ name, message: 'common/ runs in the browser too: no Node globals.' })),
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: 'common/ runs in the browser too: no Node modules.' })),
          patterns: [{ group: ['node:*'], message: 'common/ runs in the browser too: no Node modules.' }],
        },
      ],
    },
  },
  {
    // Routes declare access only through server/src/http/route.ts, which the access hook and the
    // route-table test read; a hand-written `config: { access }` would bypass the narrowed user.
    files: ['server/**/*.ts'],
    ignores: ['server/src/http/route.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='config'] > ObjectExpression > Property[key.name='access']",
          message: 'Declare access with route(app) from server/src/http/route.ts.',
        },
        {
          selector: "CallExpression[callee.property.name='withTypeProvider']",
          message: 'Register routes with route(app) from server/src/http/route.ts.',
        },
      ],
    },
  },
);
