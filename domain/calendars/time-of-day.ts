/** Wall-clock times of day as the API carries them ('HH:MM:SS'), and their value in seconds after midnight. */

export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

const COLON = 58;

/** The digit at `index`, or NaN where the character is not one (NaN fails every range check below). */
function digitAt(time: string, index: number): number {
  const digit = time.charCodeAt(index) - 48;
  return digit >= 0 && digit <= 9 ? digit : NaN;
}

/**
 * Read character by character, accepting exactly what TIME_OF_DAY accepts: the projectors read every slot, break and
 * booking of a date on each batch, and a regular expression's match allocates.
 */
export function toSeconds(time: string): number {
  if (time.length === 8 && time.charCodeAt(2) === COLON && time.charCodeAt(5) === COLON) {
    const hours = digitAt(time, 0) * 10 + digitAt(time, 1);
    const minutes = digitAt(time, 3) * 10 + digitAt(time, 4);
    const seconds = digitAt(time, 6) * 10 + digitAt(time, 7);
    if (hours <= 23 && minutes <= 59 && seconds <= 59) return hours * 3600 + minutes * 60 + seconds;
  }
  throw new RangeError(`Not a time of day (HH:MM:SS): ${time}`);
}

/** Made once a value: the projectors write every free start time of a date on each batch that changes it. */
const timesOfDay = new Map<number, string>();

export function toTimeOfDay(seconds: number): string {
  let time = timesOfDay.get(seconds);
  if (time === undefined) {
    const pad = (value: number) => String(value).padStart(2, '0');
    time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
    // Seconds of a day are at most 86,400 keys; anything else (a duration past midnight) is not kept.
    if (Number.isInteger(seconds) && seconds >= 0 && seconds < 86_400) timesOfDay.set(seconds, time);
  }
  return time;
}
