/**
 * Reads `--name value` and `--flag` options from a command line.
 *
 * @param argv - the arguments after the script name.
 * @returns a reader for numbers, strings and flags.
 * @throws Error for an option that is not a number where one is needed.
 */
export function parseArgs(argv: readonly string[]): {
  number(name: string, fallback: number): number;
  string(name: string): string | undefined;
  flag(name: string): boolean;
} {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    if (i >= 0) return argv[i + 1];
    const inline = argv.find((a) => a.startsWith(`--${name}=`));
    return inline?.slice(name.length + 3);
  };
  return {
    number(name, fallback) {
      const text = value(name);
      if (text === undefined) return fallback;
      const n = Number(text);
      if (!Number.isFinite(n)) throw new Error(`--${name} needs a number, got ${text}`);
      return n;
    },
    string: value,
    flag: (name) => argv.includes(`--${name}`),
  };
}
