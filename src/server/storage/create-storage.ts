import type { StorageTarget } from '../config'
import { createLocalStorage } from './local-storage'
import type { ObjectStorage } from './object-storage'
import { createS3Storage } from './s3-storage'

/** The storage STORAGE_URL names: a folder (file:PATH, the default DATA_DIR/storage) or S3. */
export function createStorage(target: StorageTarget): ObjectStorage {
  return target.kind === 'local' ? createLocalStorage(target.dir) : createS3Storage(target)
}
