/**
 * An in-process doorbell: recordNotification rings it so this process's delivery sweep looks for
 * committed, unannounced notifications soon instead of at its next periodic pass. It carries no
 * data (the row may not be committed yet); the sweep reads the database.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export const signalNotificationRecorded = (): void => {
  for (const listener of listeners) listener();
};

/** Subscribes a sweep; returns the unsubscribe function. */
export const onNotificationRecorded = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
