import type { FastifyPluginAsync } from 'fastify';
import { walletRoutes } from './wallet/wallet.routes';

/**
 * Every API module and its prefix (DESIGN.md "Services and paths"). This list is the one place
 * where modules meet; each module registers its own routes under its prefix.
 */
export const apiModules: { prefix: string; plugin: FastifyPluginAsync }[] = [
  { prefix: '/api', plugin: walletRoutes },
];
