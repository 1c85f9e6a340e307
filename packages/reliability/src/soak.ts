/**
 * `npm run soak -- --minutes M [--objects N] [--rate R] [--fault-every S] [--sample-every S]
 * [--log FILE]`: the heap soak (`--log` writes every informer's diagnostics, one timestamped
 * JSON line each). `npm run soak -- --start-stop N`: starts and stops N informers and checks that
 * memory and handles return to baseline. Exits 1 on failure. Needs `--expose-gc` (the npm
 * script passes it).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import type { Logger } from '@rxkube/informer';
import { parseArgs } from './cli/args.js';
import { runSoak } from './soak/soakRun.js';
import { startStopLoop } from './soak/startStopLoop.js';

const args = parseArgs(process.argv.slice(2));
const print = (line: string): void => console.log(line);
const startStop = args.number('start-stop', 0);
const logFile = args.string('log');
let ok: boolean;
if (startStop > 0) {
  ({ ok } = await startStopLoop({
    informers: startStop,
    parallel: args.number('parallel', 20),
    objects: args.number('objects', 50),
    maxHeapGrowth: 0.1,
    print,
  }));
} else {
  const minutes = args.number('minutes', 30);
  ({ ok } = await runSoak({
    minutes,
    objects: args.number('objects', 20_000),
    eventsPerSecond: args.number('rate', 2_000),
    faultEverySeconds: args.number('fault-every', 5),
    sampleEverySeconds: args.number('sample-every', 60),
    warmupMinutes: args.number('warmup', 5),
    seed: args.number('seed', 1),
    print,
    logger: logFile === undefined ? undefined : fileLogger(logFile),
  }));
}
process.exitCode = ok ? 0 : 1;

/**
 * A logger appending one JSON line per message to `path` (emptied first).
 *
 * @param path - the file.
 * @returns the logger.
 */
function fileLogger(path: string): Logger {
  writeFileSync(path, '');
  const write =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void =>
      appendFileSync(
        path,
        JSON.stringify({ at: new Date().toISOString(), level, message, ...fields }) + '\n',
      );
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
