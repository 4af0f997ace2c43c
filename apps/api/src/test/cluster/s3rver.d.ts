/** s3rver ships no types: the part the cluster test uses. */
declare module 's3rver' {
  export default class S3rver {
    constructor(opts: {
      port: number;
      address: string;
      directory: string;
      silent?: boolean;
      configureBuckets?: { name: string; configs: string[] }[];
    });
    /** Koa's: every request that failed (S3 answers such as NoSuchKey included), with its context. */
    on(
      event: 'error',
      listener: (err: Error & { status?: number }, ctx?: { method: string; path: string }) => void,
    ): this;
    /** Its file-system store (lib/stores/filesystem.js). */
    store: {
      getResourcePath(bucket: string, key: string, resource: string): string;
      deleteObject(bucket: string, key: string): Promise<void>;
    };
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
