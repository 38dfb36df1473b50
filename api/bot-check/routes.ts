import { createBotCheckChallenge } from '../../commands/bot-check/challenge';
import { defineRoute } from '../routing';
import { botCheckChallengeResponse } from './schemas';

export const botCheckRoutes = [
  defineRoute({
    method: 'get',
    path: '/public/bot-check/challenge',
    summary: 'A proof-of-work challenge for the bot-check widget, or {enabled: false} when BOT_CHECK=off',
    tag: 'bot-check',
    access: 'public',
    response: botCheckChallengeResponse,
    async handler({ dependencies }) {
      if (!dependencies.config.botCheck) return { enabled: false };
      return { enabled: true, ...(await createBotCheckChallenge(dependencies)) };
    },
  }),
];
