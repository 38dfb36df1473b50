import type { Questionnaire } from '../../../../domain/services/questionnaire';
import { questionNamed } from '../../../../domain/services/questionnaire-rules';
import type { Language } from '../../i18n/languages';
import { EndingView } from './EndingView';
import { QuestionView } from './QuestionView';
import { answersOf, type WizardAction, type WizardState } from './wizardState';

interface QuestionnaireStepProps {
  questionnaire: Questionnaire;
  state: WizardState;
  language: Language;
  focus: boolean;
  dispatch: (action: WizardAction) => void;
}

/** §4.1 the questionnaire: one question at a time, or the ending the rules led to. */
export function QuestionnaireStep({ questionnaire, state, language, focus, dispatch }: QuestionnaireStepProps) {
  const position = state.position;
  const back = () => dispatch({ type: 'back' });
  if (position?.kind === 'ending') {
    return (
      <EndingView
        questionnaire={questionnaire}
        name={position.name}
        language={language}
        focus={focus}
        onBack={back}
        onContinue={position.allowContinue ? () => dispatch({ type: 'endingContinued' }) : undefined}
      />
    );
  }
  const question = position?.kind === 'question' ? questionNamed(questionnaire, position.name) : undefined;
  if (!question) return null;
  return (
    <QuestionView
      questionnaire={questionnaire}
      question={question}
      answers={answersOf(state)}
      remembered={state.remembered[question.name]}
      previous={state.history}
      language={language}
      focus={focus}
      onBack={back}
      dispatch={dispatch}
    />
  );
}
