// Type-aware ESLint for every workspace, with the import boundaries of DESIGN.md:
// apps -> domain only; the domain stays pure; a web feature never imports another feature.
import path from 'node:path';
import tseslint from 'typescript-eslint';

/** A web feature may import shared code and itself, never another feature (they meet in src/app). */
const featureBoundaries = {
  meta: { type: 'problem', messages: { crossFeature: 'Feature "{{from}}" must not import feature "{{to}}": compose them in src/app.' } },
  create(context) {
    const file = context.filename;
    const match = /apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)/.exec(file);
    if (!match) return {};
    const from = match[1];
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), source);
        const targetMatch = /apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)/.exec(target);
        if (targetMatch && targetMatch[1] !== from) {
          context.report({ node, messageId: 'crossFeature', data: { from, to: targetMatch[1] } });
        }
      },
    };
  },
};

/**
 * A server module owns its tables and its repository: its code imports only its own `*.schema.ts`
 * (another module's rows are reached through that module's service), never the all-tables list in
 * db/schema.ts, never another module's repository, and never app.ts (its dependencies are in
 * app-deps.ts). A schema file may name another module's table for a foreign key.
 */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      foreignTables: 'Module "{{from}}" must not import the tables of "{{to}}": call that module\'s service.',
      foreignRepository: 'Module "{{from}}" must not import the repository of module "{{to}}": call its service.',
      appImport: 'Import AppDeps from app-deps.ts, not app.ts: modules must not import the app that registers them.',
    },
  },
  create(context) {
    const file = context.filename;
    const match = /apps[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)/.exec(file);
    if (!match) return {};
    const from = match[1];
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), source);
        if (/apps[\\/]server[\\/]src[\\/]app$/.test(target)) context.report({ node, messageId: 'appImport' });
        if (!/\.schema\.ts$/.test(file)) {
          if (/apps[\\/]server[\\/]src[\\/]db[\\/]schema(\.ts)?$/.test(target)) {
            context.report({ node, messageId: 'foreignTables', data: { from, to: 'db/schema (every module)' } });
          }
          const tablesOf = /apps[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/][^\\/]+\.schema$/.exec(target);
          if (tablesOf && tablesOf[1] !== from) {
            context.report({ node, messageId: 'foreignTables', data: { from, to: tablesOf[1] } });
          }
        }
        const targetMatch = /apps[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/].*\.repository$/.exec(target);
        if (targetMatch && targetMatch[1] !== from) {
          context.report({ node, messageId: 'foreignRepository', data: { from, to: targetMatch[1] } });
        }
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/vitest.config.ts', '**/vite.config.ts', 'vitest.config.ts', '**/drizzle/**', 'data/**', '.test-reports/**', 'e2e/artifacts/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { contrail: { rules: { 'feature-boundaries': featureBoundaries, 'module-boundaries': moduleBoundaries } } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      'contrail/feature-boundaries': 'error',
      'contrail/module-boundaries': 'error',
    },
  },
  {
    files: ['packages/domain/src/**/*.ts', 'packages/sim/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'http', 'net', 'dgram'], message: 'The domain is pure: no I/O.' },
            { group: ['fastify*', '@fastify/*', 'drizzle-orm*', 'pg', 'react*', 'socket.io*'], message: 'The domain has no framework.' },
            { group: ['@contrail/server*', '@contrail/web*', '@contrail/tracker*'], message: 'Dependencies point one way: apps -> domain.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@contrail/server*', '@contrail/tracker*', '**/apps/server/**'], message: 'The web app talks to the server over HTTP only.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@contrail/web*', '**/apps/web/**', '@contrail/tracker*'], message: 'Apps do not import each other.' }] },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts', '**/bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
