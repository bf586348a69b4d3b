import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignAudiences, CampaignRequest, Outreach } from '@common/schemas/analytics';
import { apiGet, apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const useOutreach = (range: string) =>
  useQuery({
    queryKey: queryKeys.analytics.outreach(range),
    queryFn: () => apiGet<Outreach>(`/api/analytics/outreach?range=${range}`),
  });

export const useCampaigns = () => useQuery<Campaign[]>({ queryKey: queryKeys.analytics.campaigns });

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignRequest) => apiRequest<Campaign>('POST', '/api/analytics/campaigns', body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.analytics.campaigns }),
  });
}

/** Who each audience would reach if sent now; read fresh, since people opt out at any time. */
export const useCampaignAudiences = () =>
  useQuery<CampaignAudiences>({ queryKey: queryKeys.analytics.audiences, staleTime: 0 });

export function useSendCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Campaign>('POST', `/api/analytics/campaigns/${id}/send`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.analytics.campaigns }),
  });
}
