import path from 'node:path';
import type { Config } from '../../config.ts';
import { localStorage } from './local.ts';
import { s3SpoolDir, s3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export { contentDisposition, ObjectNotFound, type Storage, StorageUnavailable } from './types.ts';

/** The configured store: S3-compatible when S3_ENDPOINT and S3_BUCKET are set, else DATA_DIR/files. */
export function createStorage(config: Config): Storage {
  if (config.S3_ENDPOINT && config.S3_BUCKET) {
    if (!config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
      throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_ENDPOINT/S3_BUCKET');
    }
    return s3Storage(
      {
        endpoint: config.S3_ENDPOINT,
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        prefix: config.S3_PREFIX,
      },
      s3SpoolDir(config.dataDir),
    );
  }
  return localStorage(path.join(config.dataDir, 'files'));
}

const stores = new WeakMap<Config, Storage>();

/** One store per configuration (the app's routes and services share it). */
export function storageFor(config: Config): Storage {
  let s = stores.get(config);
  if (!s) {
    s = createStorage(config);
    stores.set(config, s);
  }
  return s;
}
