// The Chromium launcher is shared with the other packages' browser tests, in the devkit.
export { launchChromium, type Browser } from '@rxkube/devkit';
