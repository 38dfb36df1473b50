import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes one file of the outbox (mail, text messages, calls), readable by its owner only. The folder is made when a
 * write finds it missing rather than before every write: a busy sender writes thousands of files a minute.
 */
export async function writeOutboxFile(folder: string, name: string, content: string | Buffer): Promise<string> {
  const file = path.join(folder, name);
  try {
    await writeFile(file, content, { mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(folder, { recursive: true });
    await writeFile(file, content, { mode: 0o600 });
  }
  return file;
}
