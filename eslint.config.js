// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Boundaries (issue 10): drizzle only in queries.ts, api/db and api/jobs (tests and scripts may
 * reach the database directly); src/domain is pure (no I/O modules); a feature's queries.ts is
 * its own — other features go through its service.ts. One `no-restricted-imports` per file group,
 * because a later block replaces the rule of an earlier one instead of adding to it.
 */
const drizzleOnlyInQueries = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Database access lives in a queries.ts (or api/db, api/jobs): call that module instead.',
};
const otherFeaturesQueries = {
  regex: '^(\\.\\./)+(features/)?[^./][^/]*/queries(\\.ts)?$',
  message: "Another feature's queries.ts is private to it: use that feature's service.ts.",
};
const featureQueriesFromOutside = {
  group: ['**/features/*/queries', '**/features/*/queries.ts'],
  message: "A feature's queries.ts is private to it: use that feature's service.ts.",
};
const ioModules = {
  group: ['node:*', 'drizzle-orm', 'drizzle-orm/*', 'ofetch', 'h3', 'srvx', 'postgres', '@electric-sql/*', 'pg-boss', 'nodemailer', 'stripe', '@sanity/client', '**/api/**'],
  message: 'src/domain holds pure rules shared by the API and the browser: no I/O here.',
};
/** @param {...object} patterns @returns {import('eslint').Linter.RulesRecord} */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const tests = ['**/*.test.ts', 'tests/**', 'scripts/**'];
const databaseModules = ['**/queries.ts', 'api/db/**', 'api/jobs/**'];

export default tseslint.config(
  {
    ignores: ['dist/', '.astro/', '.data/', 'node_modules/', 'studio/node_modules/', 'studio/dist/', 'studio/.sanity/', 'test-results/', 'playwright-report/', 'api/db/migrations/', 'src/content/sanity.types.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  { files: ['api/**/*.ts', 'src/**/*.{ts,tsx,astro}'], ignores: [...tests, ...databaseModules], rules: restrict(drizzleOnlyInQueries, featureQueriesFromOutside) },
  { files: ['api/db/**', 'api/jobs/**'], ignores: tests, rules: restrict(featureQueriesFromOutside) },
  { files: ['api/features/**/*.ts'], ignores: [...tests, '**/queries.ts'], rules: restrict(drizzleOnlyInQueries, otherFeaturesQueries) },
  { files: ['api/features/**/queries.ts'], rules: restrict(otherFeaturesQueries) },
  { files: ['src/domain/**'], ignores: ['**/*.test.ts'], rules: restrict(ioModules) },
);
