import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOperatorInput, OperatorView, RoleView, UpdateOperatorInput } from '@yaocai/domain';
import { http } from '../../../lib/http';

const keys = { all: ['admin-operators'] as const, roles: ['admin-roles'] as const };

/** GET /api/admin/roles */
export const listRoles = () => http.get<RoleView[]>('/api/admin/roles');
export const useRoles = () => useQuery({ queryKey: keys.roles, queryFn: listRoles });

/** GET /api/admin/operators */
export const listOperators = () => http.get<OperatorView[]>('/api/admin/operators');
export const useOperators = () => useQuery({ queryKey: keys.all, queryFn: listOperators });

/** POST /api/admin/operators */
export const createOperator = (body: CreateOperatorInput) =>
  http.post<OperatorView>('/api/admin/operators', body);
/** POST /api/admin/operators/:id: name and roles. */
export const updateOperator = ({ id, ...body }: UpdateOperatorInput & { id: number }) =>
  http.post<OperatorView>(`/api/admin/operators/${id}`, body);
/** POST /api/admin/operators/:id/password */
export const resetOperatorPassword = ({ id, password }: { id: number; password: string }) =>
  http.post<null>(`/api/admin/operators/${id}/password`, { password });
/** POST /api/admin/operators/:id/status */
export const setOperatorStatus = ({ id, disabled }: { id: number; disabled: boolean }) =>
  http.post<OperatorView>(`/api/admin/operators/${id}/status`, { disabled });

function useOperatorWrite<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}
export const useCreateOperator = () => useOperatorWrite(createOperator);
export const useUpdateOperator = () => useOperatorWrite(updateOperator);
export const useResetOperatorPassword = () => useOperatorWrite(resetOperatorPassword);
export const useSetOperatorStatus = () => useOperatorWrite(setOperatorStatus);
