// The dashboard's browser tests launch Chromium with the workspace's shared helper.
export { launchChromium, type Browser } from '@rxkube/devkit/chromium';
