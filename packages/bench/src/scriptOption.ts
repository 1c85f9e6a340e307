/**
 * @param name - an option of the running script, given as `--name=value`
 * @param fallback - its value when it is not given
 * @returns the option's value
 */
export function scriptOption(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}
