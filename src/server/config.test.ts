import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { problemsOf } from '../../tests/support/config-problems'
import { isLoopbackUrl, loadConfig } from './config'
import { TRUST_PROXY_EXPECTED } from './http/client-address'

const cwd = '/srv/mofu'

describe('loadConfig', () => {
  it('runs on one machine with nothing set', () => {
    const config = loadConfig({}, cwd)
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/mofu/data',
      database: { kind: 'sqlite', file: '/srv/mofu/data/mofu.db' },
      storage: { kind: 'local', dir: '/srv/mofu/data/storage' },
      smtpUrl: undefined,
      mailFrom: 'Mofu <no-reply@localhost>',
      authSecret: undefined,
      google: undefined,
      redisUrl: undefined,
      gaMeasurementId: undefined,
      contactUrl: 'mailto:no-reply@localhost',
      neutralAuthErrors: false,
      trustProxy: { kind: 'none' },
      metrics: undefined,
      logLevel: 'info',
      logFormat: undefined,
      plans: [],
      linkCheck: { allowHosts: [], caFile: undefined, dnsServers: undefined },
    })
  })

  it('turns metrics on with a token, a loopback port, or both', () => {
    const token = 'a'.repeat(32)
    expect(loadConfig({ METRICS_TOKEN: token }, cwd).metrics).toEqual({ token, port: undefined })
    expect(loadConfig({ METRICS_PORT: '9464' }, cwd).metrics).toEqual({
      token: undefined,
      port: 9464,
    })
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }, cwd).metrics).toEqual({
      token,
      port: 9464,
    })
    expect(problemsOf({ PORT: '8080', METRICS_PORT: '8080' })).toEqual([
      'METRICS_PORT: expected a port other than PORT',
    ])
  })

  it('derives the public URL from PORT and drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }, cwd).publicUrl).toBe('http://localhost:8080')
    expect(loadConfig({ PUBLIC_URL: 'https://mofu.example/' }, cwd).publicUrl).toBe(
      'https://mofu.example',
    )
  })

  it('reads TRUST_PROXY as off, one proxy, a hop count or a list of proxy ranges', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, cwd).trustProxy
    expect(trust('false')).toEqual({ kind: 'none' })
    expect(trust('true')).toEqual({ kind: 'hops', hops: 1 })
    expect(trust('2')).toEqual({ kind: 'hops', hops: 2 })
    expect(trust('10.0.0.0/8, 192.0.2.7,fd00::/8')).toEqual({
      kind: 'proxies',
      ranges: ['10.0.0.0/8', '192.0.2.7', 'fd00::/8'],
    })
  })

  it('reads what the link check may reach: named hosts, a CA file and DNS servers', () => {
    expect(
      loadConfig(
        {
          LINK_CHECK_ALLOW_HOSTS: 'Intranet.Example, wiki.corp.example,',
          LINK_CHECK_CA_FILE: 'certs/intranet.pem',
          LINK_CHECK_DNS_SERVERS: '10.0.0.53, 10.0.0.54:5353,[fd00::53]:53',
        },
        cwd,
      ).linkCheck,
    ).toEqual({
      allowHosts: ['intranet.example', 'wiki.corp.example'],
      caFile: '/srv/mofu/certs/intranet.pem',
      dnsServers: ['10.0.0.53', '10.0.0.54:5353', '[fd00::53]:53'],
    })
  })

  it.each(['127.0.0.1', '[::1]', '0x7f.1', '*.example', 'intranet.example:8443', 'a b'])(
    'refuses %s on the link check allow list: only names are allowed',
    (entry) => {
      expect(problemsOf({ LINK_CHECK_ALLOW_HOSTS: `intranet.example,${entry}` })).toEqual([
        'LINK_CHECK_ALLOW_HOSTS: expected host names separated by commas, such as intranet.example (no addresses)',
      ])
    },
  )

  it('refuses a DNS server that is no address', () => {
    expect(problemsOf({ LINK_CHECK_DNS_SERVERS: 'dns.example' })).toEqual([
      'LINK_CHECK_DNS_SERVERS: expected DNS server addresses separated by commas, such as 10.0.0.53 or [fd00::53]:53',
    ])
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }, cwd).port).toBe(3000)
  })

  it('selects PostgreSQL by DATABASE_URL and SQLite by a file: URL', () => {
    const postgres = 'postgres://postgres@127.0.0.1:5432/test'
    expect(loadConfig({ DATABASE_URL: postgres }, cwd).database).toEqual({
      kind: 'postgres',
      connectionString: postgres,
    })
    expect(loadConfig({ DATABASE_URL: 'file:db/mofu.db' }, cwd).database).toEqual({
      kind: 'sqlite',
      file: path.resolve(cwd, 'db/mofu.db'),
    })
    expect(loadConfig({ DATABASE_URL: 'file:///var/lib/mofu.db' }, cwd).database).toEqual({
      kind: 'sqlite',
      file: '/var/lib/mofu.db',
    })
  })

  it('selects S3 by STORAGE_URL with the S3_ variables', () => {
    const config = loadConfig(
      {
        STORAGE_URL: 's3://mofu-media/avatars-prod',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      },
      cwd,
    )
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'mofu-media',
      prefix: 'avatars-prod',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    })
  })

  it('enables Google sign-in only with both its id and secret', () => {
    expect(
      loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }, cwd).google,
    ).toEqual({ clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' })
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_CLIENT_SECRET: expected a value when the other Google variable is set',
    ])
  })

  it.each([
    ['PORT', 'abc', 'PORT: expected a port number from 0 to 65535'],
    ['PORT', '70000', 'PORT: expected a port number from 0 to 65535'],
    ['PORT', '-1', 'PORT: expected a port number from 0 to 65535'],
    ['PUBLIC_URL', 'mofu.example', 'PUBLIC_URL: expected an http:// or https:// URL'],
    ['DATABASE_URL', 'mysql://db/mofu', 'DATABASE_URL: expected postgres://… or file:PATH'],
    ['STORAGE_URL', 'gs://bucket', 'STORAGE_URL: expected s3://BUCKET or file:PATH'],
    ['S3_FORCE_PATH_STYLE', 'yes', 'S3_FORCE_PATH_STYLE: expected true or false'],
    ['AUTH_NEUTRAL_ERRORS', '1', 'AUTH_NEUTRAL_ERRORS: expected true or false'],
    ['TRUST_PROXY', 'on', `TRUST_PROXY: ${TRUST_PROXY_EXPECTED}`],
    ['TRUST_PROXY', '10.0.0.0/33', `TRUST_PROXY: ${TRUST_PROXY_EXPECTED}`],
    ['TRUST_PROXY', '10.0.0.1,proxy.internal', `TRUST_PROXY: ${TRUST_PROXY_EXPECTED}`],
    ['TRUST_PROXY', '-1', `TRUST_PROXY: ${TRUST_PROXY_EXPECTED}`],
    ['SMTP_URL', 'mail.example:25', 'SMTP_URL: expected smtp://… or smtps://…'],
    ['AUTH_SECRET', 'short', 'AUTH_SECRET: expected at least 32 characters'],
    ['GOOGLE_ISSUER', 'accounts', 'GOOGLE_ISSUER: expected an http:// or https:// URL'],
    ['REDIS_URL', 'localhost:6379', 'REDIS_URL: expected redis://… or rediss://…'],
    ['GA_MEASUREMENT_ID', 'UA-1', 'GA_MEASUREMENT_ID: expected a measurement id such as G-ABC123'],
    ['CONTACT_URL', 'javascript:alert(1)', 'CONTACT_URL: expected an http(s):// or mailto: URL'],
    ['METRICS_TOKEN', 'short', 'METRICS_TOKEN: expected at least 32 characters'],
    [
      'METRICS_TOKEN',
      `${'a'.repeat(32)} b`,
      'METRICS_TOKEN: expected printable ASCII without spaces',
    ],
    ['METRICS_PORT', 'nine', 'METRICS_PORT: expected a port number from 0 to 65535'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: expected fatal, error, warn, info, debug, trace or silent'],
    ['LOG_FORMAT', 'colour', 'LOG_FORMAT: expected json or pretty'],
  ])('refuses %s=%s, naming the variable', (name, value, problem) => {
    expect(problemsOf({ [name]: value })).toEqual([problem])
  })

  it.each([
    ['CONTACT_URL', 'https://mofu.example/contact\nContact: mailto:thief@evil.example'],
    ['CONTACT_URL', 'mailto:security@mofu.example\r\nExpires: 2099-01-01T00:00:00.000Z'],
    ['CONTACT_URL', 'https://mofu.example/\u202eevil'],
    ['PUBLIC_URL', 'https://mofu.example/\u2028evil'],
    ['MAIL_FROM', 'Mofu <no-reply@mofu.example>\nContact: https://evil.example'],
    ['DATA_DIR', '/srv/mofu/data\u0085evil'],
  ])(
    'refuses a line break, control or direction mark inside %s, without echoing it',
    (name, value) => {
      const problems = problemsOf({ [name]: value })
      expect(problems).toEqual([
        `${name}: expected no control characters, line breaks or direction marks`,
      ])
      expect(problems.join('\n')).not.toContain('evil')
    },
  )

  it('reports every wrong variable at once', () => {
    expect(problemsOf({ PORT: 'abc', SMTP_URL: 'nope' })).toHaveLength(2)
  })
})

describe('isLoopbackUrl', () => {
  it.each([
    ['http://localhost:3000', true],
    ['http://mofu.localhost', true],
    ['http://127.0.0.1:8080', true],
    ['http://127.3.2.1', true],
    ['http://[::1]:3000', true],
    ['http://mofu.example', false],
    ['http://192.168.1.10:3000', false],
    ['https://127.0.0.1.example.com', false],
  ])('%s is loopback: %s', (url, expected) => {
    expect(isLoopbackUrl(url)).toBe(expected)
  })
})
