import { api } from '../../shared/api';
import type { BotCheckChallenge } from './types';

export const botCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Whether the bot check is on (the widget itself fetches the challenges it solves). */
    getBotCheckChallenge: build.query<BotCheckChallenge, void>({
      query: () => 'public/bot-check/challenge',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetBotCheckChallengeQuery } = botCheckApi;
