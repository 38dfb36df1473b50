/** Wall-clock times of day as the API carries them ('HH:MM:SS'), and their value in seconds after midnight. */

export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

export function toSeconds(time: string): number {
  const match = TIME_OF_DAY.exec(time);
  if (!match) throw new RangeError(`Not a time of day (HH:MM:SS): ${time}`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

export function toTimeOfDay(seconds: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
