import type { TAirline } from '@contrail/domain/airline/airline-contract';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { session } from '../lib/session';
import { tokenStorage } from '../lib/token-storage';

/** A user as GET /api/v1/user/information returns it, with overrides. */
export const buildUser = (overrides: Partial<TUserInformation> = {}): TUserInformation => ({
  id: 'user-1',
  userName: 'jdoe',
  mfId: 'MF000001',
  email: 'jdoe@example.com',
  emailVerified: true,
  displayName: 'John Doe',
  careerStarted: false,
  photo: null,
  simbrief: null,
  vatsim: null,
  ivao: null,
  wallet: { mfc: 1250, miles: 0, xp: 0 },
  subscriptions: [],
  firstName: null,
  lastName: null,
  city: null,
  country: null,
  countryName: null,
  dateOfBirth: null,
  lastLocation: null,
  level: 1,
  numberOfFlight: 0,
  flightHours: 0,
  nbMissionsCurrentMonth: 0,
  nbFreemiumMissionRemaining: 3,
  nextRemuneration: null,
  afrvId: null,
  afrvFlag: false,
  afrvKey: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** Stores tokens and marks the session authenticated, as a completed login would. */
export const signInForTest = (tokens = { token: 'access-1', refreshToken: 'refresh-1' }): void => {
  tokenStorage.set(tokens);
  session.syncFromStorage();
};

/** An airline as GET /api/airline-manager/v1/airline/{id} returns it to its owner, with overrides. */
export const buildAirline = (overrides: Partial<TAirline> = {}): TAirline => ({
  id: 'a1',
  code: 'CTR',
  name: 'Contrail Air',
  photo: null,
  shortDescription: 'Shuttles',
  description: '',
  gameDifficulty: 'REALIST',
  planeCategory: 'MEDIUM_HAUL',
  hubs: [],
  balance: 1000,
  recruitmentOpened: true,
  isAdmin: false,
  isOwner: true,
  hasPlane: true,
  state: 'ACTIVE',
  mftOption: 'pilot',
  owner: { id: 'u1', userName: 'captain' },
  ...overrides,
});
