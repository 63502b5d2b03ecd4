import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { freePort, listening } from './free-port'
import { selfSigned } from './self-signed'

/** The deployment guide's site file (docs/scaling-out.md), which the test runs as it is. */
export const NGINX_SITE = path.resolve(import.meta.dirname, '../../deploy/nginx.conf')

export interface Nginx {
  /** Where clients connect: 127.0.0.1 and the TLS port. */
  port: number
  /** PUBLIC_URL for the instances behind it: https://localhost:port. */
  publicUrl: string
  /** The self-signed certificate it serves (PEM), for clients to trust. */
  ca: string
  /** What the site's access log holds so far, oldest first. */
  accessLog(): Promise<ProxiedRequest[]>
  /** Stops it (fast shutdown) and removes its folder. */
  stop(): Promise<void>
}

/** One line of the site's access log: which instances nginx tried for a request, in order. */
export interface ProxiedRequest {
  /** The request's X-Request-Id, or '' when it had none. */
  id: string
  method: string
  /** What nginx answered the client. */
  status: number
  /** Each instance's address as nginx tried it (`127.0.0.1:3001`), the one that answered last. */
  upstreams: string[]
}

/**
 * The site's access log written as JSON, with the instances nginx tried ($upstream_addr), so a
 * test can tell which instance a failed request was on.
 */
const ACCESS_LOG_FORMAT =
  "log_format mofu_upstreams escape=json '" +
  '{"id":"$http_x_request_id","method":"$request_method","status":$status,' +
  '"upstreams":"$upstream_addr"}' +
  "';"

/**
 * The guide's site file with the test's own ports and paths, and nothing else changed but the
 * access log's format: the upstream lists `upstreams` (each line with the parameters the guide
 * gives its first one), the listeners move to free loopback ports, the certificate and logs into
 * `dir`, the access log in ACCESS_LOG_FORMAT. Throws when a line it replaces is missing, so a
 * changed guide cannot go untested.
 */
export function siteFor(
  site: string,
  options: { upstreams: number[]; port: number; httpPort: number; dir: string },
): string {
  const replace = (text: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf has no line matching ${pattern}`)
    return text.replace(pattern, replacement)
  }
  const servers =
    /^( +)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n(?:\1server 127\.0\.0\.1:\d+[^;\n]*;\n)*/m
  const [, indent = '', parameters = ''] = servers.exec(site) ?? []
  let text = replace(
    site,
    servers,
    options.upstreams.map((port) => `${indent}server 127.0.0.1:${port}${parameters};\n`).join(''),
  )
  text = replace(text, /^( +)listen 80;$/m, `$1listen 127.0.0.1:${options.httpPort};`)
  text = replace(text, /^( +)listen 443 (.*);$/m, `$1listen 127.0.0.1:${options.port} $2;`)
  text = replace(
    text,
    /^( +ssl_certificate +)\S+;$/m,
    `$1${path.join(options.dir, 'fullchain.pem')};`,
  )
  text = replace(
    text,
    /^( +ssl_certificate_key +)\S+;$/m,
    `$1${path.join(options.dir, 'privkey.pem')};`,
  )
  text = replace(
    text,
    /^( +access_log +)\S+;$/m,
    `$1${path.join(options.dir, 'access.log')} mofu_upstreams;`,
  )
  return replace(text, /^( +error_log +)\S+;$/m, `$1${path.join(options.dir, 'error.log')};`)
}

/**
 * Debian's nginx (`/usr/sbin/nginx`), not the system service: a master process of the test's
 * own in the foreground, with its configuration, pid, logs and temporary files in a folder of
 * its own, serving the guide's site file on free loopback ports in front of `upstreams`.
 */
export async function startNginx(upstreams: number[]): Promise<Nginx> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-nginx-'))
  // Under root the workers run as nobody: they must reach the folders nginx makes for them.
  await fs.chmod(dir, 0o755)
  const [port, httpPort] = [await freePort(), await freePort()]
  const { cert } = await selfSigned(dir, ['DNS:localhost', 'IP:127.0.0.1'])
  const site = siteFor(await fs.readFile(NGINX_SITE, 'utf8'), { upstreams, port, httpPort, dir })
  await fs.writeFile(path.join(dir, 'mofu.conf'), site)
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    [
      // What Debian's /etc/nginx/nginx.conf gives the site files it includes, minus the system
      // paths: this server's own pid file, logs and temporary folders.
      'daemon off;',
      'worker_processes auto;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'main-error.log')};`,
      'events { worker_connections 1024; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
      `access_log ${path.join(dir, 'main-access.log')};`,
      ACCESS_LOG_FORMAT,
      `include ${path.join(dir, 'mofu.conf')};`,
      '}',
      '',
    ].join('\n'),
  )
  const child = spawn(
    'nginx',
    ['-e', path.join(dir, 'main-error.log'), '-p', dir, '-c', path.join(dir, 'nginx.conf')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    await fs.rm(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 10_000
  while (!(await listening(port))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      const log = await fs.readFile(path.join(dir, 'main-error.log'), 'utf8').catch(() => '')
      await stop()
      throw new Error(`nginx did not start on port ${port}: ${errors}${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    port,
    publicUrl: `https://localhost:${port}`,
    ca: await fs.readFile(cert, 'utf8'),
    async accessLog() {
      const text = await fs.readFile(path.join(dir, 'access.log'), 'utf8').catch(() => '')
      return text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => {
          const entry = JSON.parse(line) as Omit<ProxiedRequest, 'upstreams'> & {
            upstreams: string
          }
          // Several tries read "a, b"; a request passed on inside nginx adds " : ".
          const upstreams = entry.upstreams.split(/, | : /).filter((address) => address !== '')
          return { ...entry, upstreams }
        })
    },
    stop,
  }
}
