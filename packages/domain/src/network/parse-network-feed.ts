import type { TOnlineNetwork, TOnlineNetworkSnapshot } from './online-network-flight';
import { parseIvaoWhazzupV2Snapshot } from './parse-ivao-whazzup-v2';
import { parseVatsimV3Snapshot } from './parse-vatsim-v3';

/** Parses a feed document of the given network (VATSIM v3 or IVAO whazzup v2). */
export const parseNetworkFeed = (network: TOnlineNetwork, json: unknown): TOnlineNetworkSnapshot => {
  switch (network) {
    case 'vatsim':
      return parseVatsimV3Snapshot(json);
    case 'ivao':
      return parseIvaoWhazzupV2Snapshot(json);
  }
};
