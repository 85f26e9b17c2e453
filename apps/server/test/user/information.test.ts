import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PHOTO_MAX_BYTES } from '@contrail/domain/user/user-contract';
import {
  createSignedInUser,
  createUser,
  giveSubscription,
  multipartForm,
  reloadUser,
  TINY_JPEG,
  TINY_PNG,
  uniqueSuffix,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { userRoutes } from '@contrail/domain/user/user-routes';

describe('user information', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  describe('GET /api/v1/user/information and /api/v1/user/{id}/information', () => {
    it('returns the caller\'s User entity on both paths', async () => {
      const pilot = await createSignedInUser(t.app, { country: 'FR', walletMfc: 1200, nbMissionsCurrentMonth: 1, lastLocationIdent: 'LFPG' });
      await giveSubscription(t.app, pilot.user.id, 'GOLD');
      await giveSubscription(t.app, pilot.user.id, 'SILVER', new Date(t.clock.now().getTime() - 1000));
      const own = await api(t.app, pilot.headers).inject(userRoutes.ownInformation);
      const byId = await api(t.app, pilot.headers).inject(userRoutes.information, { params: { id: pilot.user.id } });
      expect(own.statusCode).toBe(200);
      expect(byId.json()).toEqual(own.json());
      expect(own.json()).toMatchObject({
        id: pilot.user.id,
        userName: pilot.user.userName,
        mfId: pilot.user.mfId,
        email: pilot.user.email,
        emailVerified: true,
        country: 'FR',
        countryName: 'France',
        wallet: { mfc: 1200, miles: 0, xp: 0 },
        subscriptions: [{ code: 'GOLD', endDate: null }],
        nbMissionsCurrentMonth: 1,
        nbFreemiumMissionRemaining: 2,
        lastLocation: { ident: 'LFPG', label: null },
        level: 1,
      });
      expect(own.json()).not.toHaveProperty('passwordHash');
    });

    it("answers 403 for another user's information and 400 for a malformed id", async () => {
      const pilot = await createSignedInUser(t.app);
      const other = await createUser(t.app);
      const response = await api(t.app, pilot.headers).inject(userRoutes.information, { params: { id: other.user.id } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
      expect(response.body).not.toContain(other.user.email);
      const malformed = await api(t.app, pilot.headers).inject(userRoutes.information, { params: { id: '123' } });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('PUT /api/v1/user/{id}/information/simulation', () => {
    const put = (userId: string, headers: Record<string, string>, payload: object) =>
      api(t.app, headers).injectLoose(userRoutes.updateSimulationInformation, { params: { id: userId }, body: payload });

    it('stores the three network ids; an empty one clears it', async () => {
      const pilot = await createSignedInUser(t.app, { ivao: '999' });
      const response = await put(pilot.user.id, pilot.headers, { simbrief: '123456', vatsim: '1234567', ivao: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ simbrief: '123456', vatsim: '1234567', ivao: null });
      expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ simbrief: '123456', vatsim: '1234567', ivao: null });
    });

    it('refuses ids that are not digits only, and changes nothing', async () => {
      const pilot = await createSignedInUser(t.app, { simbrief: '42' });
      for (const payload of [{ simbrief: '12a4' }, { vatsim: '-1' }, { ivao: 12345 }, { simbrief: '1'.repeat(21) }]) {
        const response = await put(pilot.user.id, pilot.headers, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR', field: Object.keys(payload)[0] });
      }
      expect((await reloadUser(t.app, pilot.user.id)).simbrief).toBe('42');
    });

    it("answers 403 for another user's id and changes nothing", async () => {
      const pilot = await createSignedInUser(t.app);
      const other = await createUser(t.app, { simbrief: '42' });
      const response = await put(other.user.id, pilot.headers, { simbrief: '666', vatsim: '', ivao: '' });
      expect(response.statusCode).toBe(403);
      expect((await reloadUser(t.app, other.user.id)).simbrief).toBe('42');
    });
  });

  describe('PUT (form) /api/v1/user/{id}/information', () => {
    const putForm = (userId: string, headers: Record<string, string>, form: ReturnType<typeof multipartForm>) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/user/${userId}/information`, headers: { ...headers, ...form.headers }, payload: form.payload });

    it('updates the fields sent, leaves absent ones, clears empty ones, and returns the User', async () => {
      const pilot = await createSignedInUser(t.app, { city: 'Paris', afrvId: 'AFR123', firstName: 'Old' });
      const response = await putForm(
        pilot.user.id,
        pilot.headers,
        multipartForm({ displayName: 'Captain Dupont', firstName: 'Jeanne', lastName: 'Dupont', country: 'CA', dateOfBirth: '1990-04-01', afrvId: '' }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: pilot.user.id,
        displayName: 'Captain Dupont',
        firstName: 'Jeanne',
        lastName: 'Dupont',
        country: 'CA',
        countryName: 'Canada',
        dateOfBirth: '1990-04-01',
        city: 'Paris',
        afrvId: null,
        emailVerified: true,
      });
      expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ firstName: 'Jeanne', city: 'Paris', afrvId: null });
    });

    it('serves the photo by a versioned URL with caching, not inline; the URL changes with the photo', async () => {
      const pilot = await createSignedInUser(t.app);
      const png = await putForm(pilot.user.id, pilot.headers, multipartForm({}, [{ field: 'photo', filename: 'me.png', contentType: 'image/png', content: TINY_PNG }]));
      expect(png.statusCode).toBe(200);
      const pngUrl = png.json<{ photo: string }>().photo;
      expect(pngUrl).toMatch(new RegExp(`^/api/v1/user/${pilot.user.id}/photo\\?v=[\\w-]{22}$`));
      const image = await t.app.inject({ method: 'GET', url: pngUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
      expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const etag = image.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]{22}"$/);
      const again = await t.app.inject({ method: 'GET', url: pngUrl, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);

      // The declared type and name are not trusted: the bytes are.
      const jpeg = await putForm(pilot.user.id, pilot.headers, multipartForm({}, [{ field: 'photo', filename: 'me.png', contentType: 'image/png', content: TINY_JPEG }]));
      const jpegUrl = jpeg.json<{ photo: string }>().photo;
      expect(jpegUrl).not.toBe(pngUrl);
      expect((await t.app.inject({ method: 'GET', url: jpegUrl })).headers['content-type']).toBe('image/jpeg');
      // The old URL (and a user id with a guessed version) shows nothing.
      for (const url of [pngUrl, `/api/v1/user/${pilot.user.id}/photo?v=guess`]) {
        const refused = await t.app.inject({ method: 'GET', url });
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
      }
    });

    it('accepts a photo of exactly the size limit', async () => {
      const pilot = await createSignedInUser(t.app);
      const content = Buffer.concat([TINY_PNG, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES - TINY_PNG.length)]);
      const response = await putForm(pilot.user.id, pilot.headers, multipartForm({}, [{ field: 'photo', filename: 'big.png', contentType: 'image/png', content }]));
      expect(response.statusCode).toBe(200);
    });

    it('refuses an oversized photo with IMAGE_TOO_LARGE and changes nothing', async () => {
      const pilot = await createSignedInUser(t.app, { displayName: 'Before' });
      const content = Buffer.concat([TINY_PNG, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES + 1 - TINY_PNG.length)]);
      const response = await putForm(
        pilot.user.id,
        pilot.headers,
        multipartForm({ displayName: 'After' }, [{ field: 'photo', filename: 'big.png', contentType: 'image/png', content }]),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'IMAGE_TOO_LARGE', field: 'photo' });
      expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ displayName: 'Before', photo: null });
    });

    it('refuses a file that is not a JPG or PNG with IMAGE_FORMAT and changes nothing', async () => {
      const pilot = await createSignedInUser(t.app, { displayName: 'Before' });
      for (const content of [Buffer.from('GIF89a\x01\x00\x01\x00'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('hello')]) {
        const response = await putForm(
          pilot.user.id,
          pilot.headers,
          multipartForm({ displayName: 'After' }, [{ field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', content }]),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, errorCode: 'IMAGE_FORMAT' });
      }
      expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ displayName: 'Before', photo: null });
    });

    it.each([
      ['a display name with a forbidden character', { displayName: 'Ace!' }, 'displayName'],
      ['a display name over 45 characters', { displayName: 'x'.repeat(46) }, 'displayName'],
      ['a bad email', { email: 'nope' }, 'email'],
      ['a bad country', { country: 'France' }, 'country'],
      ['a bad birth date', { dateOfBirth: '01/04/1990' }, 'dateOfBirth'],
      ['a non-digit VATSIM id', { vatsim: 'abc' }, 'vatsim'],
      ['an invalid username', { userName: 'a b' }, 'userName'],
    ])('refuses %s with 400 on that field and changes nothing', async (_label, fields, field) => {
      const pilot = await createSignedInUser(t.app, { displayName: 'Before' });
      const response = await putForm(pilot.user.id, pilot.headers, multipartForm({ ...fields, firstName: 'Changed' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR', field });
      expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ displayName: 'Before', firstName: null });
    });

    it('changes the username, refusing one taken by someone else (any case)', async () => {
      const pilot = await createSignedInUser(t.app);
      const other = await createUser(t.app);
      const taken = await putForm(pilot.user.id, pilot.headers, multipartForm({ userName: other.user.userName.toUpperCase() }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ errorCode: 'USERNAME_TAKEN' });
      const newName = `renamed${uniqueSuffix()}`;
      const renamed = await putForm(pilot.user.id, pilot.headers, multipartForm({ userName: newName }));
      expect(renamed.json()).toMatchObject({ userName: newName });
      // Changing only the case of one's own name is allowed.
      const recased = await putForm(pilot.user.id, pilot.headers, multipartForm({ userName: newName.toUpperCase() }));
      expect(recased.json()).toMatchObject({ userName: newName.toUpperCase() });
    });

    it('accepts a JSON body too (no photo)', async () => {
      const pilot = await createSignedInUser(t.app);
      const response = await t.app.inject({ method: 'PUT', url: `/api/v1/user/${pilot.user.id}/information`, headers: pilot.headers, payload: { city: 'Lyon' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ city: 'Lyon' });
    });

    it("answers 403 for another user's id and changes nothing, photo included", async () => {
      const pilot = await createSignedInUser(t.app);
      const other = await createUser(t.app, { displayName: 'Victim' });
      const response = await putForm(
        other.user.id,
        pilot.headers,
        multipartForm({ displayName: 'Hacked' }, [{ field: 'photo', filename: 'x.png', contentType: 'image/png', content: TINY_PNG }]),
      );
      expect(response.statusCode).toBe(403);
      expect(await reloadUser(t.app, other.user.id)).toMatchObject({ displayName: 'Victim', photo: null });
    });

    it('needs a session', async () => {
      const other = await createUser(t.app);
      const response = await putForm(other.user.id, {}, multipartForm({ displayName: 'Hacked' }));
      expect(response.statusCode).toBe(401);
    });
  });
});
