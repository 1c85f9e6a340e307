import type { KubeConfig } from '@kubernetes/client-node';
import type { SharedIndexInformer } from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { CliError } from '../errors/cliError.js';
import { TrackedInformers } from '../informers/trackedInformers.js';
import { qualifiedName, type ApiResource } from '../resources/apiResource.js';
import { resolveResource } from '../resources/resolveResource.js';
import type { StatusTracker } from '../status/statusTracker.js';
import { columnsFor } from '../view/columns.js';
import { LiveScreen } from '../watch/liveScreen.js';
import { colorEnabled, makeStyle } from '../watch/style.js';
import type { ViewAction } from '../watch/viewState.js';
import { WatchModel } from '../watch/watchModel.js';
import type { CommandIo } from './commandIo.js';

/** One resource being watched, with the informers that feed it. */
interface WatchedResource {
  readonly resource: ApiResource;
  readonly namespace: string | undefined;
  readonly informers: TrackedInformers;
  readonly informer: SharedIndexInformer<KubeObject>;
  readonly tracker: StatusTracker;
}

/** Label and field selectors of the command line. */
interface Selectors {
  readonly labelSelector?: string | undefined;
  readonly fieldSelector?: string | undefined;
}

/** Options of {@link WatchViews}. */
interface WatchViewsOptions {
  /** The cluster, for the title line. */
  readonly cluster: string;
  /** The resource of the command line, already synced. */
  readonly first: WatchedResource;
  /** `-n`, or the context's namespace; undefined with `-A`. Namespaced resources open in it. */
  readonly namespace: string | undefined;
  readonly selectors: Selectors;
}

/**
 * The live screen of `rxkube watch` and the resource it shows, switched at the user's request:
 * `:deploy` opens another resource (resolved through discovery, like the command line; an
 * unknown name is said on the screen), `n` or `:ns shop` another namespace. Each switch starts
 * the new resource's informer first and then stops the previous one: one list and one watch at
 * a time besides the moment of the switch.
 */
export class WatchViews {
  /** Resolves when the user quits (`q`, `:q`, Ctrl-C on the screen). */
  readonly quit: Promise<void>;
  private readonly screen: LiveScreen;
  private current: WatchedResource & { readonly model: WatchModel };
  private namespace: string | undefined;
  private selectors: Selectors;

  /**
   * Takes over the terminal and shows the first resource.
   *
   * @param kubeConfig - the cluster
   * @param resources - what discovery found
   * @param io - the terminal (stdout, stdin) and environment
   * @param options - cluster name, first resource, namespace, selectors
   */
  constructor(
    private readonly kubeConfig: KubeConfig,
    private readonly resources: readonly ApiResource[],
    io: CommandIo,
    options: WatchViewsOptions,
  ) {
    this.namespace = options.namespace;
    this.selectors = options.selectors;
    this.screen = new LiveScreen(io.stdout, {
      cluster: options.cluster,
      style: makeStyle(colorEnabled(io.stdout, io.env)),
      input: io.stdin,
    });
    this.current = { ...options.first, model: new WatchModel(options.first.informer) };
    this.screen.show(this.screenView(this.current));
    this.quit = new Promise((resolve) => {
      this.screen.actions$.subscribe({
        next: (action) => (action.type === 'quit' ? resolve() : this.carryOut(action)),
        complete: () => resolve(),
      });
    });
  }

  /** Gives the terminal back and stops the informer shown. */
  close(): void {
    this.screen.close();
    this.current.model.close();
    this.current.informers.shutdown();
  }

  private carryOut(action: Exclude<ViewAction, { type: 'quit' }>): void {
    if (action.type === 'namespace') {
      this.namespace = action.namespace;
      if (!this.current.resource.namespaced) {
        this.screen.say(`${qualifiedName(this.current.resource)} are not namespaced`);
        return;
      }
      this.open(this.current.resource);
      return;
    }
    let resource: ApiResource;
    try {
      resource = resolveResource(action.name, this.resources);
    } catch (err) {
      if (!(err instanceof CliError)) throw err;
      this.screen.say(err.hint === undefined ? err.message : `${err.message}; ${err.hint}`);
      return;
    }
    // Selectors of the command line were written for its resource.
    this.selectors = {};
    this.open(resource);
  }

  private open(resource: ApiResource): void {
    const namespace = resource.namespaced ? this.namespace : undefined;
    const informers = new TrackedInformers(this.kubeConfig);
    const { informer, tracker } = informers.informerFor<KubeObject>(resource, {
      namespace,
      ...this.selectors,
    });
    const previous = this.current;
    this.current = {
      resource,
      namespace,
      informers,
      informer,
      tracker,
      model: new WatchModel(informer),
    };
    this.screen.show(this.screenView(this.current));
    previous.model.close();
    previous.informers.shutdown();
  }

  private screenView(watched: WatchedResource & { readonly model: WatchModel }) {
    const { resource, namespace } = watched;
    const scope = namespace === undefined ? (resource.namespaced ? ' -A' : '') : ` -n ${namespace}`;
    const selectors = [
      this.selectors.labelSelector === undefined ? '' : ` -l ${this.selectors.labelSelector}`,
      this.selectors.fieldSelector === undefined
        ? ''
        : ` --field-selector ${this.selectors.fieldSelector}`,
    ].join('');
    return {
      model: watched.model,
      tracker: watched.tracker,
      columns: columnsFor(resource, resource.namespaced && namespace === undefined),
      title: `rxkube watch ${qualifiedName(resource)}${scope}${selectors}`,
    };
  }
}
