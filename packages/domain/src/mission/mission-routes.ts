import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { ZCreateMissionRequest, ZMission, ZMissionByIdQuery, ZMissionPage, ZMissionQuery, ZUserMission } from './mission-contract';

const tag = 'mission';

/** The mission catalogue and the pilot's missions. */
export const missionRoutes = {
  /** Open missions by filter; skip is limit times the page. */
  list: declareRoute({ method: 'GET', path: '/api/v1/missions', tag, query: ZMissionQuery, response: ZMissionPage }),
  /** One mission; with `open=true`, only while it is open on the server's clock (404 before it starts and once it has ended). */
  byId: declareRoute({ method: 'GET', path: '/api/v1/missions/:id', tag, params: z.object({ id: z.uuid() }), query: ZMissionByIdQuery, response: ZMission }),
  create: declareRoute({ method: 'POST', path: '/api/v1/missions', tag, status: 201, body: ZCreateMissionRequest, response: ZMission }),
  /** The missions the pilot started, newest first, with their outcome. */
  ofPilot: declareRoute({ method: 'GET', path: '/api/user-missions', tag, response: z.array(ZUserMission) }),
};
