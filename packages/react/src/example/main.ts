import { fetchListerWatcher } from '@rxkube/informer';
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RxkubeProvider } from '../index.js';
import { PodTable } from './podTable.js';

// The page reaches the Kubernetes API on its own origin under /k8s (as `rxkube dashboard`
// serves it), so it never holds credentials.
const container = document.getElementById('app');
if (container === null) throw new Error('the page has no #app element');
createRoot(container).render(
  h(
    StrictMode,
    null,
    h(
      RxkubeProvider,
      { listerWatcherFor: (resource) => fetchListerWatcher('/k8s', resource) },
      h(PodTable),
    ),
  ),
);
