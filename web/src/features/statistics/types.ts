import type { StatisticsQuery, StatisticsResponse } from '../../../../api/statistics/schemas';

/** The Statistics call (issue 17 item 4), typed from the API's own schemas (types only). */
export type { StatisticsQuery, StatisticsResponse };
export type LeadTimeBand = StatisticsResponse['leadTime'][number]['band'];
