import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Questionnaire } from '../../../../domain/services/questionnaire';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import type { Language } from '../../i18n/languages';
import { StepFrame } from './StepFrame';

interface EndingViewProps {
  questionnaire: Questionnaire;
  name: string;
  language: Language;
  focus: boolean;
  onBack: () => void;
  /** Present when the ending allows going on to the calendar step. */
  onContinue: (() => void) | undefined;
}

/** An ending of the questionnaire (§4.1): its header and text; Next only when it allows continuing. */
export function EndingView({ questionnaire, name, language, focus, onBack, onContinue }: EndingViewProps) {
  const { t } = useTranslation();
  const ending = questionnaire.endings.find((candidate) => candidate.name === name);
  if (!ending) return null;
  return (
    <StepFrame
      title={ending.header[language]}
      focus={focus}
      onBack={onBack}
      onNext={onContinue}
      extraActions={
        onContinue ? undefined : (
          <RouterAnchorButton to={`/${language}/service`} variant="outlined">
            {t('booking.questionnaire.otherServices')}
          </RouterAnchorButton>
        )
      }
    >
      {ending.body[language] && (
        <Callout intent={onContinue ? 'primary' : 'warning'} className="booking-ending">
          {ending.body[language].split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </Callout>
      )}
    </StepFrame>
  );
}
