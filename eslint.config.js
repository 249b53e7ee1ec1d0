import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { moduleDoorsPlugin } from './scripts/eslint-module-doors.ts'

const SERVER_ONLY_THROUGH_CONTEXT = {
  group: ['#server/*', '../server/*', '../../server/*'],
  message: 'app/ reaches the server only through the load context.',
  allowTypeImports: true,
}

/** What sits above components/: the route modules, the layouts and the root. */
const ABOVE_COMPONENTS = [
  '#app/routes/*',
  '**/routes/*',
  '#app/layouts/*',
  '**/layouts/*',
  '#app/root.tsx',
  '**/root.tsx',
]

/** A floor imports only from floors below it, types included: a shared type moves down, next to its user. */
const floor = (group) => ({
  group,
  message: 'app/ has floors: lib/ below components/ below routes/. Move what both need down a floor.',
})

export default tseslint.config(
  { ignores: ['build/', 'build-*/', 'var/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { patterns: [SERVER_ONLY_THROUGH_CONTEXT] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message:
            'Stored or static HTML goes through <StoredHtml> (app/components/StoredHtml.tsx), which takes SanitizedHtml.',
        },
      ],
    },
  },
  { files: ['app/components/StoredHtml.tsx'], rules: { 'no-restricted-syntax': 'off' } },
  // The client's floors: lib/ below components/ below routes/ (and the layouts and the root).
  {
    files: ['app/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_ONLY_THROUGH_CONTEXT, floor(ABOVE_COMPONENTS)] }] },
  },
  {
    files: ['app/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [SERVER_ONLY_THROUGH_CONTEXT, floor([...ABOVE_COMPONENTS, '#app/components/*', '**/components/*'])],
        },
      ],
    },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'tests/**', '*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // A module is entered through its index.ts (decision 050).
  {
    files: ['server/modules/**/*.ts', 'server/flows/**/*.ts'],
    plugins: { house: moduleDoorsPlugin },
    rules: { 'house/module-doors': 'error' },
  },
)
