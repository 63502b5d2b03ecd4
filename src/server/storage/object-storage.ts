/**
 * Where uploaded files live (a folder or an S3 bucket, STORAGE_URL in docs/configuration.md):
 * one interface for the local-disk and S3 drivers, so routes and tests do not know which one runs.
 */

export interface StoredObject {
  body: Buffer
  contentType: string
  size: number
  lastModified: Date
}

export interface ObjectStorage {
  /** Stores the whole body under the key, replacing what was there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>
  /** Removes the object; a key with nothing under it is not an error. */
  delete(key: string): Promise<void>
  /**
   * Resolves when the storage can be used (the folder takes a file, the bucket answers) within
   * `timeoutMs`; for /readyz.
   */
  check(timeoutMs: number): Promise<void>
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`)
    this.name = 'StorageKeyError'
  }
}

const MAX_KEY_LENGTH = 512
/**
 * Each `/`-separated segment starts with a letter or digit, so no key is absolute, climbs out
 * with `..`, or can be mistaken for the local driver's hidden temporary and metadata files.
 */
const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** Throws StorageKeyError unless the key is safe to use as a relative path and an S3 key. */
export function checkKey(key: string): void {
  if (
    key.length > MAX_KEY_LENGTH ||
    !key.split('/').every((segment) => KEY_SEGMENT.test(segment))
  ) {
    throw new StorageKeyError(key)
  }
}
