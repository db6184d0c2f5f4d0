// One lint configuration for the whole repository, run by `npm run lint` (part of `npm test`) with
// --max-warnings 0. Type-aware rules need each file's tsconfig, which the project service finds.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/data/', 'test-results/', '.e2e-data/', '**/*.cjs', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // vitest.config.ts belongs to no tsconfig; it is read with the repo's base options (Bundler
        // resolution), without which @vitejs/plugin-react's types do not resolve.
        projectService: { allowDefaultProject: ['vitest.config.ts'], defaultProject: 'tsconfig.base.json' },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore is how this code marks a binding that is unused on purpose: a parameter
      // a callback signature requires, or a field dropped from an object by destructuring it into
      // _name beside ...rest. Anything else unused is still an error.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Here an async function with nothing to await is almost always one that must return a
      // promise by contract: Fastify hooks, plugins and route handlers (Fastify treats a hook that
      // returns no promise as callback-style), in-process twins of Redis-backed interfaces (bus,
      // presence, limits), push sources, and test doubles for fetch, resolvers, queues and act().
      // Dropping async there would turn a thrown error into a synchronous throw instead of a
      // rejection, which is a behaviour change; the rule cannot see the contract.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Plain Node scripts (scripts/*.mjs) belong to no tsconfig: linted without type information.
  { files: ['**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  { files: ['apps/web/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    // Tests read responses as JSON (typed any) and let expect() check their shape: typing each one
    // would add noise and catch nothing the assertions do not.
    files: ['**/*.test.{ts,tsx}', '**/*.test-{factories,support}.ts', '**/test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  prettier,
);
