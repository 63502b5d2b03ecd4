import { createLocalStorage } from './local-storage'
import type { ObjectStorage } from './object-storage'
import { createS3Storage, type S3Target } from './s3-storage'

/** Where STORAGE_URL puts stored files: a local folder or an S3 bucket. */
export type StorageTarget = { kind: 'local'; dir: string } | S3Target

/** The storage STORAGE_URL names: a folder (file:PATH, the default DATA_DIR/storage) or S3. */
export function createStorage(target: StorageTarget): ObjectStorage {
  return target.kind === 'local' ? createLocalStorage(target.dir) : createS3Storage(target)
}
