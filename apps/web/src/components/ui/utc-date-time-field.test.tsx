import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { normaliseUtcTime, UtcDateTimeField } from './utc-date-time-field';

const Harness = ({ initial, error, onChange }: { initial: string; error?: string; onChange?: (value: string) => void }) => {
  const [value, setValue] = useState(initial);
  return (
    <UtcDateTimeField
      label="Departure time (UTC)"
      value={value}
      error={error}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
};

const timeInput = () => screen.getByRole('textbox', { name: /^Time \(24-hour\)/ });

describe('UtcDateTimeField', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('shows an afternoon time on a 24-hour clock even in a US browser', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    render(<Harness initial="2026-03-01T17:45" />);
    expect(screen.getByRole('group', { name: 'Departure time (UTC)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue('2026-03-01');
    // A text field, not a native time input that would show "05:45 PM".
    expect(timeInput()).toHaveAttribute('type', 'text');
    expect(timeInput()).toHaveValue('17:45');
    expect(screen.getByText('UTC')).toBeInTheDocument();
    expect(screen.queryByText(/PM|AM/)).toBeNull();
  });

  it('tidies a typed time into HH:MM when the pilot leaves the field', async () => {
    const onChange = vi.fn();
    render(<Harness initial="2026-03-01T10:20" onChange={onChange} />);
    await userEvent.clear(timeInput());
    await userEvent.type(timeInput(), '930');
    await userEvent.tab();
    expect(timeInput()).toHaveValue('09:30');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-01T09:30');
    expect(normaliseUtcTime('9:05')).toBe('09:05');
    expect(normaliseUtcTime('2330')).toBe('23:30');
    // Not a time: left as typed, for the form to refuse.
    expect(normaliseUtcTime('2560')).toBe('2560');
    expect(normaliseUtcTime('7 pm')).toBe('7 pm');
  });

  it('moves by five minutes with the arrow keys, across midnight', async () => {
    render(<Harness initial="2026-03-01T23:55" />);
    await userEvent.click(timeInput());
    await userEvent.keyboard('{ArrowUp}');
    expect(timeInput()).toHaveValue('00:00');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(timeInput()).toHaveValue('23:50');
  });

  it('announces its error and marks the wrong part only', () => {
    render(<Harness initial="2026-03-01T25:00" error="Enter the time as HH:MM on a 24-hour clock, from 00:00 to 23:59 (UTC)" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the time as HH:MM on a 24-hour clock');
    expect(timeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(timeInput()).toHaveAccessibleDescription(/Enter the time as HH:MM/);
    expect(screen.getByLabelText('Date')).not.toHaveAttribute('aria-invalid');
  });

  it('speaks the pilot’s language', async () => {
    await i18n.changeLanguage('es');
    render(<Harness initial="2026-03-01T08:05" />);
    expect(screen.getByLabelText('Fecha')).toHaveValue('2026-03-01');
    expect(screen.getByRole('textbox', { name: /^Hora \(24 h\)/ })).toHaveValue('08:05');
  });
});
