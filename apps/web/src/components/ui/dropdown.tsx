import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { focusRing } from './button';
import { cn } from './cn';

type DropdownProps = {
  /**
   * Accessible name of an icon-only trigger. Leave it out when the trigger shows text (the
   * name must then contain that text: WCAG "label in name"); add sr-only text inside instead.
   */
  label?: string;
  trigger: ReactNode;
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: 'left' | 'right';
  /** Opens upwards (for bottom-anchored buttons). */
  placement?: 'below' | 'above';
  triggerClassName?: string;
  panelClassName?: string;
};

/**
 * A disclosure button with a panel: Enter/Space toggles it (native button), Escape closes it and
 * gives the focus back, a click outside closes it.
 */
export const Dropdown = ({ label, trigger, children, align = 'right', placement = 'below', triggerClassName, panelClassName }: DropdownProps) => {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setIsOpen(false);

  useEffect(() => {
    if (!isOpen) return undefined;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className={cn('flex items-center gap-2 rounded-md', focusRing, triggerClassName)}
      >
        {trigger}
      </button>
      {isOpen ? (
        <div
          id={panelId}
          className={cn(
            'absolute z-30 min-w-56 rounded-lg border border-slate-600 bg-slate-900 p-2 text-slate-100 shadow-2xl',
            align === 'right' ? 'right-0' : 'left-0',
            placement === 'below' ? 'top-full mt-2' : 'bottom-full mb-2',
            panelClassName,
          )}
        >
          {typeof children === 'function' ? children(close) : children}
        </div>
      ) : null}
    </div>
  );
};

/** A full-width row inside a dropdown panel. */
export const dropdownItemClasses = cn('flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-100 hover:bg-slate-700', focusRing);
