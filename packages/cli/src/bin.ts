#!/usr/bin/env node
import { main } from './commandLine/main.js';

// Ctrl-C, SIGTERM and SIGHUP (the terminal closed) ask the command to stop: it closes its
// watches, servers and the embedded cluster, then the process exits. A second Ctrl-C, or cleanup taking over 2 s, exits at once.
const controller = new AbortController();
let stopping = false;
const stop = (): void => {
  if (stopping) process.exit(130);
  stopping = true;
  controller.abort();
  setTimeout(() => process.exit(130), 2_000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);

const code = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: controller.signal,
});
// Exit now rather than waiting for keep-alive sockets and timers of libraries to wind down.
process.exit(code);
