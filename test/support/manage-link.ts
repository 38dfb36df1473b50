import { verifyManageToken, type ManageToken } from '../../commands/self-service/manage-token';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The "manage my booking" tokens of the links in a mail body (issue 20) that lead to `${publicUrl}/${language}/`,
 * each with what it verifies to under `secret` at `now`.
 */
export function manageLinksIn(
  body: string,
  { publicUrl, language, secret, now }: { publicUrl: string; language: 'en' | 'fr'; secret: string; now: Date },
): { token: string; verified: ManageToken | 'invalid' | 'expired' }[] {
  const link = new RegExp(`${escapeRegExp(`${publicUrl}/${language}/appointment#token=`)}([A-Za-z0-9._-]+)`, 'g');
  return [...body.matchAll(link)].map(([, token]) => ({
    token: token!,
    verified: verifyManageToken(secret, token!, now),
  }));
}
