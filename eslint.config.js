import fs from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const client = 'src/client'
const features = fs
  .readdirSync(`${client}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * The client's layers, imports pointing down only: app -> features -> components and lib ->
 * src/shared. A feature never imports another feature; what two features need moves down.
 */
const layerZones = [
  ...features.map((name) => ({
    target: `${client}/features/${name}`,
    from: `${client}/features`,
    except: [`./${name}`],
    message:
      'A feature never imports another feature: move what both need to components/ or lib/, or compose them in app/.',
  })),
  {
    target: [`${client}/features`, `${client}/components`, `${client}/lib`],
    from: `${client}/app`,
    message: 'Only app/ composes; nothing imports it.',
  },
  {
    target: [`${client}/components`, `${client}/lib`],
    from: `${client}/features`,
    message: 'components/ and lib/ sit below the features and never import them.',
  },
  {
    target: `${client}/lib`,
    from: `${client}/components`,
    message: 'lib/ holds no UI: it never imports components/.',
  },
]

const server = 'src/server'

/** HTTP code: each resource's route files, and the gateway that hands /api/auth to Better Auth. */
const routeFiles = [`${server}/**/routes.ts`, `${server}/**/*-routes.ts`, `${server}/**/gateway.ts`]

/**
 * The server's layers: main.ts -> app.ts -> <resource>/routes.ts and *-routes.ts (HTTP only) ->
 * stores and services (data) -> sessions/, http/, metrics/ -> db/, storage/, mail/. The account
 * (account/) stands on Better Auth's set-up (auth/); both, and the profile's routes, stand on the
 * stores they share (stores/: the profile, its handles, recovery codes, the address history,
 * the disabled flag). config.ts reads
 * the environment into the types those define. A route file never imports another one. The
 * admin command (cli/) stands beside main.ts on the stores, and nothing imports it.
 */
const serverZones = [
  {
    target: routeFiles,
    from: routeFiles,
    message: 'A route file never imports another route file: move what both need into a store.',
  },
  {
    target: [`${server}/**/*-store.ts`, `${server}/db`, `${server}/storage`, `${server}/mail`],
    from: [...routeFiles, `${server}/{app,main}.ts`],
    message: 'Stores and the layers under them never import HTTP code.',
  },
  {
    target: [
      `${server}/{db,storage,mail,sessions,http,metrics}/**`,
      `${server}/{logger,security-events}.ts`,
    ],
    from: [
      `${server}/{account,auth,profiles,avatars,share-cards,analytics,client-errors}/**`,
      `${server}/{config,services,startup-checks}.ts`,
    ],
    message:
      'The layers under the resources never import them or the configuration: they take what they need as arguments.',
  },
  {
    target: `${server}/stores/**`,
    from: `${server}/{account,auth,profiles,avatars,share-cards,board,calendar,plans,catalog,cli}/**`,
    message:
      'The shared stores sit below the account, Better Auth and the resources: they import none of them.',
  },
  {
    target: `${server}/cli`,
    from: [...routeFiles, `${server}/{app,main}.ts`],
    message: 'The admin command works through stores and services, never through HTTP code.',
  },
  {
    target: [`${server}/*.ts`, `${server}/!(cli)/**`],
    from: `${server}/cli`,
    message: 'The admin command sits on top: nothing in the server imports it.',
  },
]

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../../*'], message: 'Import from a closer module.' }] },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${client}/tsconfig.json` }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '../server/*'],
              allowTypeImports: true,
              message: 'The client may import server code only as `import type`.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${server}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${server}/tsconfig.json` }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: [`${server}/**/*-store.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['hono', 'hono/*'], message: 'A store holds data access, no HTTP.' }],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'src/shared runs in the browser too.' },
            { group: ['**/server/**', '**/client/**'], message: 'src/shared depends on nothing.' },
          ],
        },
      ],
    },
  },
)
