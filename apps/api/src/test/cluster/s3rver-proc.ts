/*
 * The S3-compatible server of the cluster test (s3rver from npm, a real HTTP server with SigV4 checks
 * and a file-system store), as a child process so the test can stop it for good (`kill -9`) and start
 * it again on the same folder. Not a test file itself. Argv: port, folder, bucket.
 *
 * Its stdout and stderr go to s3.log in the run's folder (cluster.ts): s3rver's request log stays off
 * (`silent`), but every server-side failure (a 5xx, an error that is not an S3 answer) and the way the
 * process ends are written there.
 */
import fs from 'node:fs/promises';
import S3rver from 's3rver';

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
/*
 * s3rver 3.7.1 (the last release) removes an object's folder once a DELETE leaves it empty. Under
 * concurrent traffic that races a PUT into the same folder (`cargas/<uuid>.csv`: the worker deletes a
 * settled load's file while a replica stores the next one): the PUT made the folder, the DELETE removed
 * it, the PUT's file cannot be opened (ENOENT) and, its write stream having no error listener, the
 * whole server dies (the bench's bucket stopping after ~2 minutes, issue 16 item 4); two DELETEs in one
 * folder also answer 500 (jamhall/s3rver#788, its fix #789 never released). S3 has no folders: the
 * object's three files are removed and the folder stays.
 */
server.store.deleteObject = async (bucket, key) => {
  await Promise.all(
    ['object', 'object.md5', 'metadata.json'].map((r) =>
      fs.unlink(server.store.getResourcePath(bucket, key, r)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
      }),
    ),
  );
};
const ahora = () => new Date().toISOString();
// Koa reports every failed request here (an S3 answer such as NoSuchKey included): keep the server's own.
server.on('error', (err, ctx) => {
  if ((err.status ?? 500) < 500) return;
  console.error(`${ahora()} ${ctx?.method} ${ctx?.path}: ${err.stack ?? err}`);
});
process.on('exit', (code) => {
  const rss = Math.round(process.memoryUsage().rss / 1024 / 1024);
  console.error(`${ahora()} s3rver exiting with code ${code} (rss ${rss} MB)`);
});
await server.run();
console.log(`${ahora()} s3rver listening on 127.0.0.1:${port}, folder ${directory}`);
process.send?.('ready');
