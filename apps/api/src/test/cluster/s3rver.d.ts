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
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
