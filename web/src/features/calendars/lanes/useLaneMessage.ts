import { useTranslation } from 'react-i18next';
import type { LaneProblemKey } from './laneRules';

/** The `message` of LanesEditor for problems found by laneProblems (none to show: an empty record). */
export function useLaneMessage(
  problems: Readonly<Record<string, LaneProblemKey>>,
): (field: string) => string | undefined {
  const { t } = useTranslation();
  return (field) => {
    const problem = problems[field];
    return problem ? t(`lanes.problems.${problem}`) : undefined;
  };
}
