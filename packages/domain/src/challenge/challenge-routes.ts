import { declareRoute } from '../api/route-declaration';
import { ZChallenge } from './weekly-challenge';

/** The weekly challenge (docs/decisions/0051-weekly-challenge.md). */
export const challengeRoutes = {
  current: declareRoute({ method: 'GET', path: '/api/v1/challenge/current', tag: 'challenge', response: ZChallenge }),
};
