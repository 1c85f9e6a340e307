import { CommanderError, InvalidArgumentError } from 'commander';
import { PassThrough } from 'node:stream';
import type { CommandIo } from '../commands/commandIo.js';
import { parseDuration } from './parseOptions.js';
import { createProgram } from './program.js';

describe('parseDuration', () => {
  it('reads ms, s, m and h, and a bare number as seconds', () => {
    expect(['500ms', '30s', '1.5s', '2m', '1h', '45', '0'].map(parseDuration)).toEqual([
      500, 30_000, 1_500, 120_000, 3_600_000, 45_000, 0,
    ]);
  });

  it('refuses anything else with a usage error', () => {
    for (const bad of ['', '30 sec', '-1s', 'soon', '1d']) {
      expect(() => parseDuration(bad)).toThrow(InvalidArgumentError);
    }
  });
});

describe('--connect-timeout', () => {
  /** The help of `rxkube <command>`, as printed. */
  async function help(command: string): Promise<string> {
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    const io = {
      stdout,
      stderr: new PassThrough(),
      env: {},
      signal: new AbortController().signal,
    } as unknown as CommandIo;
    const program = createProgram(io, () => {});
    await expect(program.parseAsync(['node', 'rxkube', command, '--help'])).rejects.toThrow(
      CommanderError,
    );
    return text.replace(/\s+/g, ' ');
  }

  it.each(['watch', 'dashboard'])(
    'says in %s --help what a bare number means, and shows the default as it is typed',
    async (command) => {
      const text = await help(command);
      const shown = /--connect-timeout <duration> (.*?)\(default: ([^)]+)\)/.exec(text);
      expect({
        bareNumber: shown?.[1]?.includes('a bare number is seconds'),
        // The default, typed back, is the default: 30 seconds.
        default: shown?.[2],
        parsed: parseDuration(shown?.[2] ?? ''),
      }).toEqual({ bareNumber: true, default: '30s', parsed: 30_000 });
    },
  );
});
