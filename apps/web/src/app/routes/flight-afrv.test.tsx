import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, signInForTest } from '../../testing/factories';
import { installFakeFetch, json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render';

describe('/flight/afrv', () => {
  it('explains AFRV next to the booked flights and next to a missing key', async () => {
    signInForTest();
    installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser()),
      'GET /api/v1/afrv/bookings': () => json({ success: false, message: 'No AFRV key set', errorCode: 'AFRV_KEY_NOT_SET' }, 422),
    });
    renderApp('/flight/afrv');
    expect(await screen.findByText('Set your AFRV key in your profile first.', { exact: false })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'What is AFRV?' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/help/afrv');
  });
});
