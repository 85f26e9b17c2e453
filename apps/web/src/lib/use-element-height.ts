import { useEffect, useState, type RefObject } from 'react';

/**
 * The rendered height of an element in CSS pixels, kept up to date as it changes (a flight widget
 * that grows with the cabin gauges): overlays use it to keep the page's controls clear of them.
 */
export const useElementHeight = (ref: RefObject<HTMLElement | null>): number => {
  const [heightPx, setHeightPx] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setHeightPx(element.getBoundingClientRect().height);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return heightPx;
};
