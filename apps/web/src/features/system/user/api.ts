import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { RoleRoutes, UserRoutes, type RoleRecord } from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';

/** All roles of the tenant (labels of role ids). */
export function useAllRoles(): UseQueryResult<RoleRecord[]> {
  return useQuery({
    queryKey: ['sys', 'role', 'all'],
    queryFn: ({ signal }) => callApi(RoleRoutes.queryall, { signal, silent: true }),
  });
}

/** Role ids and departments of a user being edited. */
export function useUserLinks(
  userId: string | undefined,
): UseQueryResult<{ roles: string[]; departs: { key: string; title: string }[] }> {
  return useQuery({
    queryKey: ['sys', 'user', 'links', userId],
    enabled: Boolean(userId),
    queryFn: async ({ signal }) => {
      const id = userId ?? '';
      const [roles, departs] = await Promise.all([
        callApi(UserRoutes.queryUserRole, { query: { userid: id }, signal }),
        callApi(UserRoutes.userDepartList, { query: { userId: id }, signal }),
      ]);
      return { roles, departs };
    },
  });
}
