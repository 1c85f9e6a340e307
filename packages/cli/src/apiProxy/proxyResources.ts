import { CliError } from '../errors/cliError.js';
import { ExitCode } from '../errors/exitCodes.js';
import type { ApiResource } from '../resources/apiResource.js';
import { qualifiedName } from '../resources/apiResource.js';
import { resolveResource } from '../resources/resolveResource.js';
import { defaultProxyResources, ResourceAllowlist } from './resourceAllowlist.js';

/** The command line's say on what the API proxy serves. */
export interface ProxyResourceFlags {
  /** `--resources`: names as kubectl takes them (`po`, `deploy`, `jobs.batch`); default the read-only set. */
  readonly resources?: readonly string[] | undefined;
  /** `--allow-secrets`: serve core Secrets too. */
  readonly allowSecrets?: boolean | undefined;
}

/**
 * The allowlist of `--resources` and `--allow-secrets`. Names given are resolved through
 * discovery, as `rxkube watch` resolves its argument (short names, kinds, `plural.group`), so a
 * typo is caught at start rather than answered 403 later; the default set is taken as written,
 * since a cluster need not serve all of it.
 *
 * @param flags - `--resources`, `--allow-secrets`
 * @param discovered - the resources the cluster serves
 * @returns the allowlist
 * @throws CliError (exit code 4) for a name the cluster does not serve; (exit code 2) for
 *   Secrets named without `--allow-secrets`
 */
export function proxyResources(
  flags: ProxyResourceFlags,
  discovered: readonly ApiResource[],
): ResourceAllowlist {
  const names =
    flags.resources === undefined
      ? defaultProxyResources
      : flags.resources.map((name) => qualifiedName(resolveResource(name, discovered)));
  if (names.includes('secrets') && flags.allowSecrets !== true) {
    throw new CliError(
      '--resources names secrets, which the proxy serves only with --allow-secrets',
      ExitCode.usage,
      "a page that reads Secrets holds the cluster's credentials: add --allow-secrets if that is meant",
    );
  }
  return new ResourceAllowlist(names, flags.allowSecrets === true);
}
