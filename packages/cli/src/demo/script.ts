import { FifoInput } from '@rxkube/queue';
import { pod, type DemoPod } from './pods.js';

/** One step of the scripted watch sequence: a caption and the inputs it feeds the FIFO. */
export interface DemoStep {
  readonly caption: string;
  readonly inputs: readonly FifoInput<DemoPod>[];
  /** Whether the event handler is slow during this step (it waits until the step's end). */
  readonly slowConsumer?: boolean;
}

const initialList = [
  pod('shop', 'web-1', 90, 'Pending', 'web'),
  pod('shop', 'web-2', 91, 'Running', 'web'),
  pod('shop', 'cart-1', 92, 'Running', 'cart'),
  pod('billing', 'db-0', 93, 'Running', 'db'),
  pod('billing', 'invoicer-1', 94, 'Running', 'invoicer'),
];

/**
 * What a Reflector would produce for a small cluster: an initial list, watch events, a burst
 * while the consumer is busy, a relist after a lost connection that missed a deletion, and a
 * periodic resync.
 */
export const demoScript: readonly DemoStep[] = [
  {
    caption: 'initial list: 5 pods at resourceVersion 100',
    inputs: [FifoInput.replace(initialList, '100')],
  },
  {
    caption: 'watch: shop/web-3 ADDED, shop/web-1 MODIFIED (Running), billing/db-0 DELETED',
    inputs: [
      FifoInput.add(pod('shop', 'web-3', 101, 'Pending', 'web')),
      FifoInput.update(pod('shop', 'web-1', 102, 'Running', 'web')),
      FifoInput.delete(pod('billing', 'db-0', 103, 'Running', 'db')),
    ],
  },
  {
    caption: 'burst: 1,000 MODIFIED events for shop/web-3 while the handler is busy',
    slowConsumer: true,
    inputs: [
      FifoInput.update(pod('shop', 'cart-1', 104, 'Running', 'cart')),
      ...Array.from({ length: 1000 }, (_, i) =>
        FifoInput.update(pod('shop', 'web-3', 105 + i, i < 999 ? 'Pending' : 'Running', 'web')),
      ),
    ],
  },
  {
    caption: 'connection lost; relist at resourceVersion 1200 no longer has shop/web-2',
    inputs: [
      FifoInput.replace(
        [
          pod('shop', 'web-1', 102, 'Running', 'web'),
          pod('shop', 'cart-1', 104, 'Running', 'cart'),
          pod('shop', 'web-3', 1104, 'Running', 'web'),
          pod('billing', 'invoicer-1', 1150, 'Succeeded', 'invoicer'),
        ],
        '1200',
      ),
    ],
  },
  { caption: 'periodic resync', inputs: [FifoInput.resync()] },
];
