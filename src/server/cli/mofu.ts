import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { pino } from 'pino'
import { ConfigError, loadConfig } from '../config'
import { openServices, type Services } from '../services'
import { prepareDataDir } from '../startup-checks'
import { backupCommands } from './backup-commands'
import { catalogCommands } from './catalog-commands'
import { CommandError, EXIT, UsageError, type Command, type CommandContext } from './command'
import { outboxCommands } from './outbox-commands'
import { purgeCommand } from './purge-command'
import { userAccessCommands } from './user-access-commands'
import { userLookupCommands } from './user-lookup-commands'
import { userPlanCommand } from './user-plan-command'
import { userSignUpCommands } from './user-signup-commands'
import { MOFU_VERSION } from '../version'

/**
 * `mofu`: the operator's command, on the server's own configuration (the same environment:
 * DATA_DIR, DATABASE_URL, STORAGE_URL, SMTP_URL, REDIS_URL…) and the server's own stores.
 * Exit codes: 0 done, 1 failed, 2 wrong command line. Results on stdout (JSON with --json),
 * messages on stderr, security events as the server's JSON log lines on stderr.
 */

const COMMANDS: readonly Command[] = [
  ...userLookupCommands,
  ...userAccessCommands,
  userPlanCommand,
  ...userSignUpCommands,
  purgeCommand,
  ...outboxCommands,
  ...backupCommands,
  ...catalogCommands,
]

const usageOf = (command: Command) => `mofu ${[...command.name, command.args].join(' ').trim()}`

function overview(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => usageOf(command).length))
  return [
    'Usage: mofu <command> [options]',
    '',
    'Runs on the configuration of the server (DATA_DIR, DATABASE_URL, …: see docs/configuration.md).',
    '',
    ...commands.map((command) => `  ${usageOf(command).padEnd(width)}  ${command.summary}`),
    '',
    'Every command takes --json (results as JSON) and --help; mofu --version prints the release.',
    'Exit codes: 0 done, 1 failed, 2 wrong command line.',
  ].join('\n')
}

function help(command: Command): string {
  return [
    `Usage: ${usageOf(command)} [--json]`,
    '',
    command.summary,
    ...(command.details ?? []),
  ].join('\n')
}

function findCommand(argv: readonly string[]): Command | undefined {
  return COMMANDS.find((command) => command.name.every((word, index) => argv[index] === word))
}

/** Asked on stderr, so stdout keeps the results alone (and JSON with --json). */
async function confirm(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr })
  try {
    const answer = await prompt.question(`${question} [y/N] `)
    return /^(y|yes)$/i.test(answer.trim())
  } finally {
    prompt.close()
  }
}

async function run(argv: string[]): Promise<number> {
  if (argv.length === 1 && argv[0] === '--version') {
    process.stdout.write(`${MOFU_VERSION}\n`)
    return EXIT.ok
  }
  const command = findCommand(argv)
  if (command === undefined) {
    const [first = '', second = ''] = argv
    const isHelp = (word: string) => ['help', '--help', '-h'].includes(word)
    const group = COMMANDS.filter((c) => c.name.length > 1 && c.name[0] === first)
    if (isHelp(first) || (group.length > 0 && isHelp(second))) {
      process.stdout.write(`${overview(group.length > 0 ? group : COMMANDS)}\n`)
      return EXIT.ok
    }
    const problem = first === '' ? 'no command given' : `unknown command: ${argv.join(' ')}`
    process.stderr.write(`mofu: ${problem}\n\n${overview(group.length > 0 ? group : COMMANDS)}\n`)
    return EXIT.usage
  }

  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: argv.slice(command.name.length),
      options: {
        ...command.options,
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    process.stderr.write(`mofu: ${(error as Error).message}\n\n${help(command)}\n`)
    return EXIT.usage
  }
  const { values, positionals } = parsed
  if (values.help === true) {
    process.stdout.write(`${help(command)}\n`)
    return EXIT.ok
  }
  if (positionals.length !== command.positionals) {
    process.stderr.write(
      `mofu: expected ${command.positionals} argument(s), got ${positionals.length}\n\n${help(command)}\n`,
    )
    return EXIT.usage
  }

  let config
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`mofu: ${error.message}\n`)
    return EXIT.failure
  }
  const logger = pino(
    { level: config.logLevel, base: { service: 'mofu' }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ fd: 2, sync: true }),
  )
  let services: Promise<Services> | undefined
  const json = values.json === true
  const context: CommandContext = {
    config,
    logger,
    json,
    services: () => {
      if (services === undefined) {
        prepareDataDir(config.dataDir, logger)
        services = openServices(config, logger, {
          neutralAuthErrors: false,
          logMailLinks: false,
        })
      }
      return services
    },
    print: (human, data) => {
      process.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : `${human}\n`)
    },
    terminal: process.stdin.isTTY ? { confirm } : null,
  }
  try {
    await command.run(context, positionals, values)
    return EXIT.ok
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`mofu: ${error.message}\n\n${help(command)}\n`)
      return EXIT.usage
    }
    if (error instanceof CommandError) {
      process.stderr.write(`mofu: ${error.message}\n`)
      return EXIT.failure
    }
    logger.error({ err: error }, 'command failed')
    process.stderr.write(`mofu: ${error instanceof Error ? error.message : String(error)}\n`)
    return EXIT.failure
  } finally {
    await (await services?.catch(() => undefined))?.close()
  }
}

process.exit(await run(process.argv.slice(2)))
