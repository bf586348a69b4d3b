import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignRequest, Outreach } from '@common/schemas/analytics';
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
