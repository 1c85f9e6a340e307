// Loaded before an example that runs: defines the placeholders as globals, reporting each call
// to the test over the IPC channel. The channel must not keep the example alive: the test
// checks that the example stops by itself after SIGTERM. `started` goes out once the example's
// synchronous start is over: until then its SIGTERM handler may not be installed yet, and a
// signal would kill it whatever the example does.
import { placeholders } from './placeholders.js';

process.channel?.unref();
Object.assign(
  globalThis,
  placeholders((name, args) => process.send?.({ placeholder: name, args })),
);
setImmediate(() => process.send?.({ started: true }));
