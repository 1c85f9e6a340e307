import ora, { type Ora } from 'ora';
import { printableText } from '@rxkube/informer';

/** Shows what a command is waiting for: a spinner on a terminal, plain lines otherwise. */
interface Progress {
  /** @param text - what is happening now */
  update(text: string): void;
  /** @param text - the final word, e.g. `synced 250 pods` */
  succeed(text: string): void;
  /** Removes the spinner without a final word. */
  stop(): void;
}

/**
 * A spinner (ora) on the error stream when it is a terminal; otherwise one line per new text, so
 * logs and tests see the same steps. Texts quote the cluster (error messages, resource
 * versions), so each goes through {@link printableText}.
 *
 * @param stream - where to show it (stderr: stdout stays clean for the data)
 * @returns the progress display
 */
export function createProgress(stream: NodeJS.WriteStream): Progress {
  const progress = rawProgress(stream);
  return {
    update: (text) => progress.update(printableText(text)),
    succeed: (text) => progress.succeed(printableText(text)),
    stop: () => progress.stop(),
  };
}

function rawProgress(stream: NodeJS.WriteStream): Progress {
  // A terminal that reports no width (a pty nobody sized) would make a spinner's line
  // arithmetic divide by zero: plain lines there too.
  if (!isSizedTerminal(stream)) {
    let last = '';
    return {
      update(text) {
        if (text !== last) stream.write(`${text}\n`);
        last = text;
      },
      succeed(text) {
        stream.write(`${text}\n`);
      },
      stop() {},
    };
  }
  // discardStdin off: Ctrl-C must reach our own SIGINT handler, not ora's raw-mode reader.
  let spinner: Ora | undefined;
  return {
    update(text) {
      if (spinner === undefined) spinner = ora({ text, stream, discardStdin: false }).start();
      else spinner.text = text;
    },
    succeed(text) {
      if (spinner === undefined) stream.write(`✔ ${text}\n`);
      else spinner.succeed(text);
      spinner = undefined;
    },
    stop() {
      spinner?.stop();
      spinner = undefined;
    },
  };
}

/**
 * Whether a stream is a terminal with a known width, where redrawing in place works.
 *
 * @param stream - the stream
 * @returns true for a sized terminal
 */
export function isSizedTerminal(stream: NodeJS.WriteStream): boolean {
  return stream.isTTY === true && (stream.columns ?? 0) > 0;
}
