import type { ResourceRef } from '@rxkube/informer';
import { VirtualClock } from '@rxkube/devkit';
import { silentLogger } from '@rxkube/informer';
import { NamespaceIndex, metaNamespaceIndexFunc } from '@rxkube/store';
import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RxkubeProvider } from './rxkubeProvider.js';
import { ScriptedListerWatcher } from './scriptedListerWatcher.testing.js';

// React warns about updates outside `act` unless it knows it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The pods collection every test asks for. */
export const podsResource: ResourceRef = { version: 'v1', plural: 'pods' };

/** A React root in the test's DOM, whose informers run on a virtual clock. */
export interface TestApp {
  readonly clock: VirtualClock;
  readonly lw: ScriptedListerWatcher;
  readonly container: HTMLElement;
  /** Lister-watchers created by the provider, one per informer. */
  readonly created: ScriptedListerWatcher[];
  /** Renders `children` under an RxkubeProvider (wrapped as `wrap` says) and lets it settle. */
  render(children: ReactNode, wrap?: (tree: ReactNode) => ReactNode): Promise<void>;
  /** Moves virtual time forward inside `act`, so React applies the updates it caused. */
  advance(ms?: number): Promise<void>;
  /** Applies a change to the cluster inside `act` and lets the informer and React catch up. */
  change(mutate: (lw: ScriptedListerWatcher) => void): Promise<void>;
  unmount(): Promise<void>;
}

/**
 * Sets up a {@link TestApp}: one scripted collection shared by every informer the provider
 * creates (each gets its own lister-watcher view of it, counted in `created`).
 *
 * @param gracePeriodMs - the provider's grace period
 * @returns the app, not yet rendered
 */
export function testApp(gracePeriodMs = 1_000): TestApp {
  const clock = new VirtualClock();
  const lw = new ScriptedListerWatcher();
  const created: ScriptedListerWatcher[] = [];
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | undefined;
  const advance = async (ms = 0): Promise<void> => {
    await act(async () => {
      await clock.advanceAsync(ms);
    });
  };
  return {
    clock,
    lw,
    container,
    created,
    async render(children, wrap = (tree) => tree) {
      const provider = createElement(
        RxkubeProvider,
        {
          listerWatcherFor: () => {
            created.push(lw);
            return lw;
          },
          informerOptions: () => ({
            indexers: { [NamespaceIndex]: metaNamespaceIndexFunc },
            scheduler: clock,
            logger: silentLogger,
            // The scripted lister-watcher answers lists, not streaming lists.
            reflector: { streamingList: false },
          }),
          gracePeriodMs,
          scheduler: clock,
        },
        children,
      );
      await act(async () => {
        root ??= createRoot(container);
        root.render(wrap(provider));
      });
      await advance();
    },
    advance,
    async change(mutate) {
      await act(async () => mutate(lw));
      await advance();
    },
    async unmount() {
      await act(async () => root?.unmount());
      container.remove();
    },
  };
}
