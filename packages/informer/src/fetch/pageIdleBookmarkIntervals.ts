/**
 * Bookmark intervals a watch of {@link fetchListerWatcher} may stay silent (no event, no
 * bookmark) before the Reflector presumes it dead and watches again: 1.5, where the Reflector's
 * own default is 2.5. With kube-apiserver's bookmark about once a minute, a page whose watch
 * went silent (a dev server's proxy that never passed on the end of a broken answer, a laptop
 * that slept) shows a `WatchIdleError` and recovers after 90 s instead of 150 s, while a healthy
 * watch, which gets a bookmark every minute even when nothing changes, keeps half an interval
 * of margin.
 *
 * @see ListerWatcher.idleBookmarkIntervals
 */
export const pageIdleBookmarkIntervals = 1.5;
