// Components are compiled in the page (JIT): the compiler is imported before anything Angular.
import '@angular/compiler';
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { provideRxkube } from '@rxkube/angular';
import { fetchListerWatcher } from '@rxkube/informer';
import { DashboardApp } from './dashboardApp.js';

// The page reaches the Kubernetes API on its own origin under /k8s/, through the read-only
// proxy: it never holds a credential.
bootstrapApplication(DashboardApp, {
  providers: [
    provideZonelessChangeDetection(),
    provideRxkube({
      listerWatcherFor: (resource, request) => fetchListerWatcher('/k8s', resource, request),
    }),
  ],
}).catch((err: unknown) => console.error(err));
