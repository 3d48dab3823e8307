import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '.tmp/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['scripts/**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // config.ts is the only place that reads the environment.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the api client in src/lib/api-client.ts' },
      ],
    },
  },
  {
    // The service worker stands between the page and the network: fetching is its job (ADR 34).
    files: ['apps/web/src/sw/**/*.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Boundaries. No import cycle, at file level; the zones below forbid the folder-level ones.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // The web app imports without extensions (bundler resolution): resolve them too.
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The contract is shared by both sides and depends on neither.
            { target: './packages/contract/src', from: './apps' },
            // Neither side reaches into the other.
            { target: './apps/web/src', from: './apps/server' },
            { target: './apps/server/src', from: './apps/web' },
            // Server layers: lib knows nothing of the rest; plugins do not build modules.
            {
              target: './apps/server/src/lib',
              from: ['./apps/server/src/modules', './apps/server/src/plugins', './apps/server/src/app.ts'],
            },
            { target: './apps/server/src/plugins', from: './apps/server/src/modules' },
            // Web layers: lib and components know nothing of features; a feature does not import the app shell.
            { target: ['./apps/web/src/lib', './apps/web/src/components'], from: './apps/web/src/features' },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON bodies freely.
    files: ['**/*.test.ts', '**/*.e2e.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The HTTP client, and the first requests the entry sends before it has loaded (ADR 54).
    files: ['apps/web/src/lib/api-client.ts', 'apps/web/src/lib/first-requests.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
);
