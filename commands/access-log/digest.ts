import { createHash } from 'node:crypto';
import type { Digest } from '../../domain/access-log/chain';

/** SHA-256 in lower-case hex: the access log chain's digest. */
export const sha256: Digest = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
