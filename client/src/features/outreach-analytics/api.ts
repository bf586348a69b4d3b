import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignAudiencesSchema,
  campaignListSchema,
  campaignSchema,
  outreachSchema,
  type CampaignRequest,
} from '@common/schemas/analytics';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const getOutreach = endpoint('GET', '/api/analytics/outreach', outreachSchema);
const getCampaigns = endpoint('GET', '/api/analytics/campaigns', campaignListSchema);
const createCampaign = endpoint('POST', '/api/analytics/campaigns', campaignSchema);
const getAudiences = endpoint('GET', '/api/analytics/campaign-audiences', campaignAudiencesSchema);
const sendCampaign = endpoint('POST', '/api/analytics/campaigns/:id/send', campaignSchema);

export const outreachQuery = (range: string) =>
  queryOptions({
    queryKey: queryKeys.analytics.outreach(range),
    queryFn: () => getOutreach.send({ query: { range } }),
  });
export const campaignsQuery = queryOptions({
  queryKey: queryKeys.analytics.campaigns,
  queryFn: () => getCampaigns.send(),
});
/** Who each audience would reach if sent now; read fresh, since people opt out at any time. */
export const campaignAudiencesQuery = queryOptions({
  queryKey: queryKeys.analytics.audiences,
  queryFn: () => getAudiences.send(),
  staleTime: 0,
});

export const useOutreach = (range: string) => useQuery(outreachQuery(range));

export const useCampaigns = () => useQuery(campaignsQuery);

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignRequest) => createCampaign.send({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.analytics.campaigns }),
  });
}

export const useCampaignAudiences = () => useQuery(campaignAudiencesQuery);

export function useSendCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendCampaign.send({ params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.analytics.campaigns }),
  });
}
