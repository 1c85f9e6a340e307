/**
 * V8 CPU profiles of timed phases only. `--cpu-prof` profiles a contender's whole process,
 * where start-up, the untimed sync and the time it waits paused drown the phase being
 * measured; with `--cpu-prof-timed`, each contender process profiles exactly what its clock
 * times (from `sync` or `arm` until convergence) through the inspector, and writes one profile
 * per phase to the directory named by {@link timedProfileDirVariable}.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/** The environment variable the orchestrator sets for its contender processes to inherit. */
export const timedProfileDirVariable = 'RXKUBE_BENCH_PROFILE_TIMED';

/** A started profile: `stop` writes it. */
export interface TimedProfile {
  /** Stops profiling and writes the profile as `<name>-<pid>-<n>.cpuprofile`. */
  stop(): Promise<void>;
}

let profiles = 0;

/**
 * Starts profiling if the orchestrator asked for it.
 *
 * @param name - the contender's name (the file name's start)
 * @returns the running profile, or `undefined` when profiling is off
 */
export async function startTimedProfile(name: string): Promise<TimedProfile | undefined> {
  const dir = process.env[timedProfileDirVariable];
  if (dir === undefined || dir === '') return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 200 µs: fine enough for per-event functions over a phase of a few seconds.
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      profiles += 1;
      writeFileSync(
        join(dir, `${name}-${process.pid}-${profiles}.cpuprofile`),
        JSON.stringify(profile),
      );
    },
  };
}
