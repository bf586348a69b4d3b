import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthReply, CurrentUser, LoginRequest, RegisterRequest } from '@common/schemas/auth';
import type { AppConfig } from '@common/schemas/meta';
import { apiGet, apiRequest } from '../../lib/api';

export const USER_KEY = ['/api/auth/user'];

/** Spec §7: a 401 (or any failure) means signed out; cached 5 minutes. */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: USER_KEY,
    queryFn: () => apiGet<CurrentUser>('/api/auth/user').catch(() => null),
    staleTime: 5 * 60_000,
    refetchOnMount: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

export function useAppConfig() {
  return useQuery<AppConfig>({ queryKey: ['/api/config'] });
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginRequest) => apiRequest<AuthReply>('POST', '/api/auth/login', input),
    onSuccess: (reply) => client.setQueryData(USER_KEY, reply.user),
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterRequest) => apiRequest<AuthReply>('POST', '/api/auth/register', input),
    onSuccess: (reply) => client.setQueryData(USER_KEY, reply.user),
  });
}
