import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeconfigError } from '../errors/cliError.js';

/** Where to find a kubeconfig and which context to use, as kubectl's flags say it. */
export interface KubeconfigOptions {
  /** `--kubeconfig`: this file and no other. */
  kubeconfig?: string | undefined;
  /** `--context`: this context instead of the current one. */
  context?: string | undefined;
}

/** A kubeconfig loaded and checked, with what the banner says about it. */
interface LoadedKubeconfig {
  readonly kubeConfig: KubeConfig;
  /** The files it was read from. */
  readonly files: readonly string[];
  /** The context in use. */
  readonly context: string;
  /** The API server URL of that context. */
  readonly server: string;
}

/**
 * The kubeconfig files kubectl would read: `--kubeconfig`, else the existing files listed in
 * `KUBECONFIG`, else `~/.kube/config` if it exists.
 *
 * @param options - the command line's `--kubeconfig`
 * @param env - the environment (for tests)
 * @returns the files; empty when there is none
 */
export function kubeconfigFiles(
  options: KubeconfigOptions,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  if (options.kubeconfig !== undefined) return [options.kubeconfig];
  const listed = (env['KUBECONFIG'] ?? '').split(delimiter).filter((f) => f !== '');
  if (listed.length > 0) return listed.filter((f) => existsSync(f));
  const home = env['HOME'] ?? env['USERPROFILE'] ?? homedir();
  const fallback = join(home, '.kube', 'config');
  return existsSync(fallback) ? [fallback] : [];
}

/**
 * Loads a kubeconfig and selects its context, turning every way this fails into an error that
 * says what to fix.
 *
 * @param files - the files, from {@link kubeconfigFiles} (not empty)
 * @param context - the context to use instead of the current one
 * @returns the loaded configuration
 * @throws CliError (exit code 3) for a missing or unreadable file, an unknown or absent context,
 *   or a context without a cluster
 */
export function loadKubeconfig(files: readonly string[], context?: string): LoadedKubeconfig {
  let merged: KubeConfig | undefined;
  for (const file of files) {
    if (!existsSync(file)) throw kubeconfigError(`kubeconfig file not found: ${file}`);
    const part = new KubeConfig();
    try {
      part.loadFromFile(file);
    } catch (err) {
      throw kubeconfigError(
        `cannot read kubeconfig ${file}: ${firstLine(err)}`,
        'check that the file is a valid kubeconfig (YAML with clusters, users and contexts)',
      );
    }
    // Like kubectl, the first file that sets the current context wins.
    if (merged === undefined) merged = part;
    else merged.mergeConfig(part, true);
  }
  if (merged === undefined) throw kubeconfigError('no kubeconfig file given');
  const kubeConfig = merged;
  const names = kubeConfig.getContexts().map((c) => c.name);
  const available = names.length > 0 ? `available: ${names.join(', ')}` : 'it defines no context';
  if (context !== undefined) {
    if (!names.includes(context)) {
      throw kubeconfigError(`context "${context}" not found in ${files.join(', ')}`, available);
    }
    kubeConfig.setCurrentContext(context);
  }
  const current = kubeConfig.getCurrentContext();
  if (current === '' || current === undefined || kubeConfig.getContextObject(current) === null) {
    throw kubeconfigError(
      `kubeconfig ${files.join(', ')} has no current context`,
      `pass --context (${available})`,
    );
  }
  const cluster = kubeConfig.getCurrentCluster();
  if (cluster === null || cluster.server === '') {
    throw kubeconfigError(
      `context "${current}" refers to a cluster that is not defined in ${files.join(', ')}`,
    );
  }
  return { kubeConfig, files, context: current, server: cluster.server };
}

function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0] ?? text;
}
