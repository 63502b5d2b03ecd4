import { mkdtemp, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

export interface S3Peer {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Every request the server received, as `METHOD /path`, oldest first; clear it at will. */
  requests: string[]
  close(): Promise<void>
}

export interface S3ServerOptions {
  bucket?: string
}

export async function startS3Server(options: S3ServerOptions = {}): Promise<S3Peer> {
  // The AWS SDK warns once per process that it will drop Node 20 in 2027; the project runs on 20
  // on purpose, so the warning is only noise in test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const bucket = options.bucket ?? 'mofu-test'
  const directory = await mkdtemp(join(tmpdir(), 'mofu-s3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  })

  let port: number
  try {
    port = (await server.run()).port
  } catch (error) {
    await rm(directory, { recursive: true, force: true })
    throw error
  }
  const requests: string[] = []
  // s3rver keeps its listening server here once running; its type declarations omit it.
  const { httpServer } = server as unknown as { httpServer: Server }
  httpServer.on('request', (request: { method?: string; url?: string }) => {
    requests.push(`${request.method ?? ''} ${request.url ?? ''}`)
  })

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver checks SigV4 signatures against this fixed key pair.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    requests,
    async close() {
      try {
        await server.close()
      } finally {
        await rm(directory, { recursive: true, force: true })
      }
    },
  }
}
