import { screen, waitFor, within } from '@testing-library/react';
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
    // The address did not change, so no password is asked or sent.
    expect(body.get('currentPassword')).toBeNull();
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

  it("changes the password presenting this browser's refresh token, so the server keeps this session", async () => {
    signInForTest({ token: 'access-1', refreshToken: 'refresh-1' });
    const fake = profileApi({ 'PUT /api/v1/user/user-1/password': () => json({ success: true, message: 'ok', errorCode: null }) });
    renderApp('/profile');
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'Cirrus-Climb-42');
    await userEvent.type(screen.getByLabelText(/^New password/), 'Changed2pass');
    await userEvent.type(screen.getByLabelText(/^Confirm the new password/), 'Changed2pass');
    await userEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'PUT' && call.path === '/api/v1/user/user-1/password')).toBe(true));
    const change = fake.calls.find((call) => call.method === 'PUT' && call.path === '/api/v1/user/user-1/password');
    expect(change?.headers['refresh-token']).toBe('refresh-1');
  });

  it('asks for the current password when the email changes and says a confirmation was sent to the new address', async () => {
    signInForTest();
    const fake = profileApi({ 'PUT /api/v1/user/user-1/information': () => json(buildUser()) });
    renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Profile information' });
    expect(within(form).queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    const email = within(form).getByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'new.me@example.com');
    const password = within(form).getByLabelText(/^Current password/);

    await userEvent.click(within(form).getByRole('button', { name: 'Save my profile' }));
    expect(await within(form).findByText('Enter your current password to change your email.')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.type(password, 'Cirrus-Climb-42');
    await userEvent.click(within(form).getByRole('button', { name: 'Save my profile' }));
    expect(await within(form).findByText(/We sent a confirmation link to new\.me@example\.com/)).toBeInTheDocument();
    const body = fake.calls.find((call) => call.method === 'PUT')?.body as FormData;
    expect(body.get('email')).toBe('new.me@example.com');
    expect(body.get('currentPassword')).toBe('Cirrus-Climb-42');
    // Until confirmed, the form shows the account's current address again.
    expect(within(form).getByLabelText(/^Email/)).toHaveValue('jdoe@example.com');
  });

  it('confirms a new address from the mailed link', async () => {
    const fake = installFakeFetch({ 'POST /api/v1/user/email/change/confirm': () => json({ success: true, message: 'ok', errorCode: null }) });
    renderApp('/confirm-email-change?token=tok-9');
    expect(await screen.findByText('Your new email address is confirmed: use it to sign in from now on.')).toBeInTheDocument();
    const calls = fake.calls.filter((call) => call.path === '/api/v1/user/email/change/confirm');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'tok-9' });
  });

  it('shows why a confirmation link is refused', async () => {
    installFakeFetch({
      'POST /api/v1/user/email/change/confirm': () => json({ success: false, message: 'expired', errorCode: 'TOKEN_EXPIRED' }, 400),
    });
    renderApp('/confirm-email-change?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('The confirmation failed');
  });

  it('signs out everywhere through the server, then here', async () => {
    signInForTest();
    const fake = profileApi({
      'POST /api/v1/user/sign-out-everywhere': () => json({ success: true, message: 'ok', errorCode: null }),
      'POST /api/v1/user/sign-out': () => json({ success: true, message: 'ok', errorCode: null }),
    });
    const { router } = renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fake.calls.find((candidate) => candidate.path === '/api/v1/user/sign-out-everywhere');
    expect(call?.method).toBe('POST');
    expect(call?.headers.authorization).toBe('Bearer access-1');
  });
});
