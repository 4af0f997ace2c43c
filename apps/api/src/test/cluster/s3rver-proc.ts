/*
 * The S3-compatible server of the cluster test (s3rver from npm, a real HTTP server with SigV4 checks
 * and a file-system store), as a child process so the test can stop it for good (`kill -9`) and start
 * it again on the same folder. Not a test file itself. Argv: port, folder, bucket.
 */
import S3rver from 's3rver';

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
await server.run();
process.send?.('ready');
