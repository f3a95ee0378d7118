// On a phone the Back button is how a dialog is dismissed; it used to leave the page instead. Each open
// dialog has a history entry of its own above the page's (same address, the router's state kept), so
// Back closes the dialog on top; a dialog closed another way takes its entry back off.
import { useEffect, useRef } from 'react';

/** The history state's key: how many dialog entries the entry shown is above the page's. */
const DEPTH = 'dialogDepth';

interface OpenDialog {
  close(): void;
}

/** The open dialogs in the order they opened: the n-th owns the n-th entry above the page's. */
const dialogs: OpenDialog[] = [];
/** Set while our own `history.go` travels, so its popstate is not taken for the user's Back. */
let travelling = false;
let syncQueued = false;
let listening = false;

function depthShown(): number {
  const depth: unknown = window.history.state?.[DEPTH];
  return typeof depth === 'number' ? depth : 0;
}

const entry = (depth: number) => ({ ...window.history.state, [DEPTH]: depth });

/** Makes the entries match the open dialogs: pushes the missing ones, or goes back past the extra ones. */
function sync() {
  syncQueued = false;
  if (travelling) return;
  const shown = depthShown();
  if (shown > dialogs.length) {
    travelling = true;
    window.history.go(dialogs.length - shown);
    return;
  }
  for (let depth = shown + 1; depth <= dialogs.length; depth++) {
    window.history.pushState(entry(depth), '');
  }
}

/**
 * After React has rendered what a close did: a dialog asked to close may stay open (it asks about
 * unsaved changes first), and one closing as another opens hands its entry on rather than moving the
 * history twice.
 */
function queueSync() {
  if (syncQueued) return;
  syncQueued = true;
  window.setTimeout(sync, 0);
}

function onPopState() {
  if (travelling) {
    travelling = false;
    queueSync();
    return;
  }
  const shown = depthShown();
  // An entry left behind by a dialog closed under a navigation, or before a reload: the page's now.
  if (shown > dialogs.length) window.history.replaceState(entry(dialogs.length), '');
  // Back: the dialogs above the entry now shown close, the top one first.
  for (const dialog of dialogs.slice(shown).reverse()) dialog.close();
  queueSync();
}

/** While `open`, the browser's Back button calls `close` instead of leaving the page. */
export function useBackCloses(open: boolean, close: () => void): void {
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });
  useEffect(() => {
    if (!open) return;
    if (!listening) {
      listening = true;
      window.addEventListener('popstate', onPopState);
    }
    const dialog = { close: () => latestClose.current() };
    dialogs.push(dialog);
    // At once, so that Back pressed as soon as the dialog shows finds its entry.
    sync();
    return () => {
      dialogs.splice(dialogs.indexOf(dialog), 1);
      queueSync();
    };
  }, [open]);
}
