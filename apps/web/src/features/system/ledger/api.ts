import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { LedgerRoutes, type LedgerVerify } from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';

/** Query key of the tenant's ledger verification. */
export const LEDGER_VERIFY_KEY = ['ledger', 'verify'] as const;

/**
 * Verification of the tenant's hash chains (LedgerRoutes.verify). Runs when the
 * page opens and again on demand (`refetch`); never in the background (it reads every record).
 */
export function useLedgerVerify(): UseQueryResult<LedgerVerify> {
  return useQuery({
    queryKey: LEDGER_VERIFY_KEY,
    queryFn: ({ signal }) => callApi(LedgerRoutes.verify, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
