// @ts-check
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'drizzle/'] },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // server-only code stays on the server: what the browser loads never imports it
    files: ['src/islands/**', 'src/lib/client/**', 'src/lib/stores/**', 'src/lib/schemas/**', 'src/lib/i18n/**', 'src/lib/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/lib/server/**', '**/server/**', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'nodemailer', 'node:*'], message: 'Islands and shared modules must not import server-only code.' }] },
      ],
    },
  },
);
