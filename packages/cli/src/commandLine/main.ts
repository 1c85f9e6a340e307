import { CommanderError } from 'commander';
import { CliError } from '../errors/cliError.js';
import { ExitCode } from '../errors/exitCodes.js';
import type { CommandIo } from '../commands/commandIo.js';
import { printableText } from '@rxkube/informer';
import { colorEnabled, makeStyle } from '../watch/style.js';
import { createProgram } from './program.js';

/**
 * Runs `rxkube` with the given arguments and returns the exit code: the command's own, 2 for a
 * usage error, or the code of the {@link CliError} it failed with (its message and hint are
 * printed, without a stack trace).
 *
 * @param args - the arguments after the executable
 * @param io - streams, environment, abort signal
 * @returns the exit code
 */
export async function main(args: readonly string[], io: CommandIo): Promise<number> {
  let code: number = ExitCode.ok;
  const program = createProgram(io, (c) => (code = c));
  try {
    await program.parseAsync([...args], { from: 'user' });
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version end with exit code 0; anything else is a usage error.
      return err.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    const style = makeStyle(colorEnabled(io.stderr, io.env));
    // Messages quote the cluster (a Status message, names): escaped and capped, one line each.
    if (err instanceof CliError) {
      io.stderr.write(`${style.red(style.bold('error:'))} ${printableText(err.message)}\n`);
      if (err.hint !== undefined) {
        io.stderr.write(`  ${style.dim('hint:')} ${printableText(err.hint)}\n`);
      }
      return err.exitCode;
    }
    if (io.signal.aborted) return ExitCode.ok;
    const report = err instanceof Error ? (err.stack ?? err.message) : String(err);
    const lines = report.split('\n').map((line) => printableText(line));
    io.stderr.write(`${style.red(style.bold('internal error:'))} ${lines.join('\n')}\n`);
    return ExitCode.internal;
  }
}
