import { parseArgs } from 'node:util';
import { startExampleServer } from './exampleServer.js';

// `npm run example:angular`: the example dashboard on a simulated cluster, until Ctrl-C.
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '7430' },
    seed: { type: 'string', default: '1' },
  },
});
const port = Number(values.port);
const seed = Number(values.seed);
if (!Number.isInteger(port) || port < 0 || port > 65_535 || !Number.isInteger(seed)) {
  process.stderr.write('usage: main.js [--port N (0: any free port)] [--seed N]\n');
  process.exit(2);
}

const example = await startExampleServer({
  port,
  seed,
  churnPerSecond: 4,
  // Every 30 s the watches are cut and the history compacted: the page shows the 410 it got
  // and lists again, then carries on.
  compactEveryMs: 30_000,
}).catch((err: Error & { hint?: string }) => {
  // listenOn's errors name the address and the reason (the port in use…), with a hint.
  const hint = err.hint === undefined ? '' : ` (${err.hint})`;
  process.stderr.write(`error: ${err.message}${hint}\n`);
  process.exit(1);
});
example.workloads.step(90);
process.stdout.write(
  `\n  rxkube Angular example  ${example.url}\n\n  A simulated cluster behind the read-only API proxy at /k8s/. Ctrl-C to quit.\n\n`,
);
const stop = (): void => {
  void example.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
