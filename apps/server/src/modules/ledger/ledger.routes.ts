import { LedgerRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { verifyTenant } from './ledger-verify';

/**
 * Ledger calls: verification of the caller's tenant's hash chains
 * (`ledger:verify`, administrators). Runs in one read-only repeatable-read snapshot so batches
 * committed meanwhile neither show as breaks nor half-appear.
 */
export function ledgerRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, db, LedgerRoutes.verify, ({ auth, query }) =>
    db.tx(async (q) => {
      await q.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return verifyTenant(q, auth.tenantId, query.chain);
    }),
  );
}
