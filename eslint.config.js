import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.output/**',
      '**/.wxt/**',
      '**/coverage/**',
      'data/**',
      'bench/results/**',
      'dashboard/src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Nest injects by the runtime class: `import type` would erase a constructor parameter's token.
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // Imports are followed as the tools resolve them: `.js` names a `.ts` source, workspace packages by their
    // `source` export, the extension's `@/` from its own folder.
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['source', 'import', 'default'],
          alias: { '@': [join(import.meta.dirname, 'extension')] },
        }),
      ],
    },
    rules: {
      // A cycle makes load order decide what a module sees, and shows two modules that are one (issue 42).
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Arrows point down: providers wrap outside tools and never reach into a feature module (STYLE.md).
    files: ['backend/src/providers/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './backend/src/providers',
              from: './backend/src/modules',
              message: 'A provider wraps an outside tool; what a feature decides lives in the feature module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['dashboard/**/*.tsx', 'extension/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
