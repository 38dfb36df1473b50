import { useState } from 'react';
import { todayIn } from '../../../domain/shared/plain-date';
import { unitTimeZone } from '../i18n/format';

/** Today in the health unit's time zone: the dates tool, the date forms and the Calendar Overview start from it. */
export function useToday(): string {
  const [today] = useState(() => todayIn(unitTimeZone, new Date()));
  return today;
}
