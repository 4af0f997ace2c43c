/**
 * The Node flags of the processes that serve HTTP (`npm start`, which also runs the jobs, and
 * `start:api` replicas), declared once (decision 79): package.json's start scripts, the cluster
 * harness and the benchmarks' server use them (node-flags.test.ts keeps the scripts in step). A young
 * generation of 4 MB per semi-space instead of V8's 16 MB: the server's RSS at rest falls by about
 * 60 MB (227 → 166 MB) and drawing report 11 peaks at 253 MB instead of 295–307 MB (budget 300 MB),
 * for the same CPU seconds and list latency. `start:worker` runs without it: a million-row ingest
 * took 15–25 % longer with it (ratio 3.5–3.8 against 3.0 to the floor), and a worker without routes
 * sits at about 110–140 MB. V8 reads the flag when the heap is set up: it must be on the command line
 * (or NODE_OPTIONS), not set from inside the process.
 */
export const NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];

/** The flags of a process of this role (`main.mjs <role>`; undefined: all in one). */
export const nodeFlags = (rol?: string): readonly string[] => (rol === 'worker' ? [] : NODE_FLAGS);
