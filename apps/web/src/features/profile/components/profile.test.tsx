import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';
import { checkPhotoFile } from './photo-input';

const profileApi = (extra: Parameters<typeof installFakeFetch>[0] = {}) =>
  installFakeFetch({
    'GET /api/v1/user/information': () => json(buildUser({ simbrief: '123' })),
    'GET /api/v1/user/user-1/flight-times': () => json({ today: 1.5, month: 12, rules: { flightDurationLimit: 10, monthLimit: 100 } }),
    ...extra,
  });

describe('profile', () => {
  it('checks the photo type and size before upload', () => {
    expect(checkPhotoFile(new File(['x'], 'me.png', { type: 'image/png' }))).toBeNull();
    expect(checkPhotoFile(new File(['x'], 'me.jpeg', { type: 'image/jpeg' }))).toBeNull();
    expect(checkPhotoFile(new File(['x'], 'me.gif', { type: 'image/gif' }))).toBe('IMAGE_FORMAT');
    expect(checkPhotoFile(new File([new Uint8Array(2_097_153)], 'big.png', { type: 'image/png' }))).toBe('IMAGE_TOO_LARGE');
  });

  it('refuses a GIF photo with a translated message and sends the fields with a valid photo as multipart', async () => {
    signInForTest();
    const fake = profileApi({ 'PUT /api/v1/user/user-1/information': () => json({ success: true, message: 'ok', errorCode: null }) });
    renderApp('/profile');
    const photo = await screen.findByLabelText('Profile photo');
    await userEvent.upload(photo, new File(['gif'], 'me.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await screen.findByText('The image must be a JPG or PNG file.')).toBeInTheDocument();

    await userEvent.upload(photo, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(screen.queryByText('The image must be a JPG or PNG file.')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^City/));
    await userEvent.type(screen.getByLabelText(/^City/), 'Toulouse');
    await userEvent.click(screen.getByRole('button', { name: 'Save my profile' }));

    await waitFor(() => expect(fake.calls.some((call) => call.path === '/api/v1/user/user-1/information' && call.method === 'PUT')).toBe(true));
    const body = fake.calls.find((call) => call.method === 'PUT')?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('city')).toBe('Toulouse');
    expect(body.get('email')).toBe('jdoe@example.com');
    expect((body.get('photo') as File).name).toBe('me.png');
  });

  it('accepts digits only for the simulation ids', async () => {
    signInForTest();
    const fake = profileApi({ 'PUT /api/v1/user/user-1/information/simulation': () => json({ success: true, message: 'ok', errorCode: null }) });
    renderApp('/profile');
    const vatsim = await screen.findByLabelText('VATSIM id');
    expect(screen.getByLabelText('SimBrief pilot id')).toHaveValue('123');
    await userEvent.type(vatsim, '12a');
    expect(await screen.findByText('VATSIM id must contain digits only')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save the ids' }));
    expect(fake.calls.some((call) => call.path.endsWith('/information/simulation'))).toBe(false);

    await userEvent.clear(vatsim);
    await userEvent.type(vatsim, '1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Save the ids' }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.path.endsWith('/information/simulation'))?.body).toEqual({ simbrief: '123', vatsim: '1234567', ivao: '' }),
    );
  });

  it('shows the flight times against the limits', async () => {
    signInForTest();
    profileApi();
    renderApp('/profile');
    expect(await screen.findByText('1.5 h of 10.0 h')).toBeInTheDocument();
    expect(screen.getByText('12.0 h of 100.0 h')).toBeInTheDocument();
  });
});
