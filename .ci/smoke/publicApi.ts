// Brings every public package's declarations into the compilation, so that tsc checks all of
// them (skipLibCheck is off), not only the ones the smoke programs happen to import. Never run.
export type * as controller from '@rxkube/controller';
export type * as controllerPrometheus from '@rxkube/controller/prometheus';
export type * as informer from '@rxkube/informer';
export type * as informerErrors from '@rxkube/informer/errors';
export type * as informerNode from '@rxkube/informer/node';
export type * as informerReflector from '@rxkube/informer/reflector';
export type * as queue from '@rxkube/queue';
export type * as react from '@rxkube/react';
export type * as store from '@rxkube/store';
export type * as testing from '@rxkube/testing';
