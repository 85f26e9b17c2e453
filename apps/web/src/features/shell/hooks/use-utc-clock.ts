import { useEffect, useState } from 'react';
import { CLOCK_REFRESH_MS } from '../../../config/app-config';

/** 24-hour UTC time as HH:MM followed by Z. */
export const formatUtcClock = (date: Date): string =>
  `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}Z`;

/** The current UTC time, refreshed every second. */
export const useUtcClock = (): string => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return formatUtcClock(now);
};
