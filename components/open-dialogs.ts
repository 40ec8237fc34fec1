// The modal dialogs open now (components/Dialog.tsx), in the order the browser paints them in its top layer:
// the last on top. A modal <dialog> makes everything outside it inert and paints over it, so what must stay seen
// and announced above an open dialog (the toast, components/Toast.tsx) renders into the topmost one.
let open: readonly HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function update(next: readonly HTMLDialogElement[]) {
  open = next;
  for (const listener of listeners) listener();
}

/** Records `dialog` as the topmost: it has just been shown with showModal. */
export function raiseDialog(dialog: HTMLDialogElement) {
  update([...open.filter((d) => d !== dialog), dialog]);
}

export function dropDialog(dialog: HTMLDialogElement) {
  if (open.includes(dialog)) update(open.filter((d) => d !== dialog));
}

/** The open dialogs, the topmost last. */
export function openDialogs(): readonly HTMLDialogElement[] {
  return open;
}

export function topDialog(): HTMLDialogElement | null {
  return open.at(-1) ?? null;
}

export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
