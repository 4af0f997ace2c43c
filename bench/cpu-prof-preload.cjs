/*
 * Preloaded (`--require`) into a process that bench/cluster-ingest.ts profiles (`--cpu-prof DIR`): V8's
 * sampling profiler on the main thread from the start, its profile written into $BPROF_DIR at exit.
 * Node 20 refuses `--cpu-prof` in NODE_OPTIONS, and the harness starts the product's processes itself.
 */
const inspector = require('node:inspector');
const fs = require('node:fs');

const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
process.on('exit', () => {
  session.post('Profiler.stop', (err, r) => {
    if (!err)
      fs.writeFileSync(`${process.env.BPROF_DIR}/main-${process.pid}.cpuprofile`, JSON.stringify(r.profile));
  });
});
