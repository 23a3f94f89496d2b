// The linter: ESLint's and typescript-eslint's recommended rules, with the rules that need
// type information (floating promises, misused promises, unsafe any), over the whole tree.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-hosts/', 'dist-shots/', '.cache/', 'node_modules/', 'tests/.artifacts/', 'content/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // An async function without await is how an interface that returns a promise is met.
      '@typescript-eslint/require-await': 'off',
      // Event listeners may be async: they handle their own errors and nobody awaits them.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Child processes' output arrives as Buffers that tests collect into strings.
    files: ['tests/**'],
    rules: { '@typescript-eslint/restrict-plus-operands': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
