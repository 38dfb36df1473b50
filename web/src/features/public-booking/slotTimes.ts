/** 'HH:MM:SS' plus a duration in seconds, within the day (a slot never runs past midnight). */
export function addSeconds(time: string, seconds: number): string {
  const [hours = 0, minutes = 0, secs = 0] = time.split(':').map(Number);
  const total = Math.min(hours * 3600 + minutes * 60 + secs + seconds, 24 * 3600 - 1);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
