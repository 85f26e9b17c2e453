import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';

type ConfirmDialogProps = {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * An OK/Cancel confirmation (WAI-ARIA alertdialog): the focus starts on Cancel, stays inside
 * while it is open (Tab cycles), Escape cancels, and returns to where it was on close.
 */
export const ConfirmDialog = ({ title, message, confirmLabel, cancelLabel, isBusy, onConfirm, onCancel }: ConfirmDialogProps) => {
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = [...(dialogRef.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/70 p-4">
      <div
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
        className="pointer-events-auto w-full max-w-md rounded-xl border border-slate-600 bg-slate-900 p-6 text-slate-100 shadow-2xl"
      >
        <h2 id={titleId} className="mb-2 text-lg font-semibold text-white">
          {title}
        </h2>
        <p id={messageId} className="mb-6 text-sm text-slate-200">
          {message}
        </p>
        <div className="flex justify-end gap-2">
          <button ref={cancelRef} type="button" className={buttonClasses('secondary')} onClick={onCancel} disabled={isBusy}>
            {cancelLabel}
          </button>
          <Button variant="danger" onClick={onConfirm} disabled={isBusy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
};
