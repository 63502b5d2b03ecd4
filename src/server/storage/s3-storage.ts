import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { checkKey, type ObjectStorage } from './object-storage'

/** An S3-compatible bucket, and a prefix inside it, from STORAGE_URL and the S3_ variables. */
export interface S3Target {
  kind: 's3'
  bucket: string
  prefix: string
  endpoint: string | undefined
  region: string
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  forcePathStyle: boolean
}

/** A stalled S3 call fails after this long instead of holding the request forever. */
const REQUEST_TIMEOUT_MS = 30_000
const CONNECTION_TIMEOUT_MS = 5_000

/** A missing key; a missing bucket also answers 404 but is a configuration error, not absence. */
function isMissingKey(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as {
    name?: unknown
    $metadata?: { httpStatusCode?: unknown }
  }
  if (name === 'NoSuchBucket') return false
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404
}

/**
 * Objects in an S3 bucket (AWS or any S3-compatible service such as MinIO or R2), under the
 * target's prefix. Checksums are sent and checked only where S3 requires them: newer SDK
 * defaults add CRC32 checksums that several S3-compatible services refuse.
 */
export function createS3Storage(target: S3Target): ObjectStorage {
  const client = new S3Client({
    region: target.region,
    endpoint: target.endpoint,
    forcePathStyle: target.forcePathStyle,
    // Without both keys, the SDK's own chain applies (AWS_* variables, instance roles).
    credentials:
      target.accessKeyId !== undefined && target.secretAccessKey !== undefined
        ? { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
    },
  })
  const Bucket = target.bucket
  const keyOf = (key: string) => {
    checkKey(key)
    return target.prefix === '' ? key : `${target.prefix}/${key}`
  }

  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      )
    },

    async get(key) {
      let response
      try {
        response = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }))
      } catch (error) {
        if (isMissingKey(error)) return null
        throw error
      }
      const bytes = await response.Body?.transformToByteArray()
      const body =
        bytes === undefined
          ? Buffer.alloc(0)
          : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
      return {
        body,
        contentType: response.ContentType ?? 'application/octet-stream',
        size: body.length,
        lastModified: response.LastModified ?? new Date(0),
      }
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }))
      } catch (error) {
        if (!isMissingKey(error)) throw error
      }
    },

    async check(timeoutMs) {
      await client.send(new HeadBucketCommand({ Bucket }), {
        abortSignal: AbortSignal.timeout(timeoutMs),
      })
    },
  }
}
