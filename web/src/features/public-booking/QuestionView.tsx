import { FormGroup } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Question, Questionnaire } from '../../../../domain/services/questionnaire';
import {
  answerQuestion,
  isAnswered,
  type AnswerValue,
  type Answers,
} from '../../../../domain/services/questionnaire-rules';
import type { Language } from '../../i18n/languages';
import { QuestionInput } from './QuestionInput';
import { StepFrame } from './StepFrame';
import type { WizardAction, WizardState } from './wizardState';

interface QuestionViewProps {
  questionnaire: Questionnaire;
  question: Question;
  /** The answers on the path taken so far, which the rules read. */
  answers: Answers;
  /** This question's last answer, if it was answered before (and Back stepped over it). */
  remembered: AnswerValue | undefined;
  previous: WizardState['history'];
  language: Language;
  focus: boolean;
  onBack: () => void;
  dispatch: (action: WizardAction) => void;
}

const initialText = (question: Question, earlier: AnswerValue | undefined): string =>
  earlier !== undefined ? String(earlier) : question.defaultValue !== undefined ? String(question.defaultValue) : '';

/** One question of the questionnaire (§4.1): an answer is required; Next evaluates the question's rules. */
export function QuestionView({
  questionnaire,
  question,
  answers,
  remembered,
  previous,
  language,
  focus,
  onBack,
  dispatch,
}: QuestionViewProps) {
  const { t } = useTranslation();
  const id = useId();
  const helperId = `${id}-help`;
  const [value, setValue] = useState(() => initialText(question, remembered));
  const [attempted, setAttempted] = useState(false);
  const missing = attempted && !isAnswered(value);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!isAnswered(value)) {
      setAttempted(true);
      document.getElementById(id)?.focus();
      return;
    }
    const answer: AnswerValue = question.type === 'number' ? Number(value) : value.trim();
    const outcome = answerQuestion(questionnaire, question.name, { ...answers, [question.name]: answer });
    dispatch({
      type: 'answered',
      question: { name: question.name, answer, actions: outcome.actions },
      next: outcome.next,
    });
  };

  return (
    <StepFrame title={t('booking.questionnaire.title')} focus={focus} onBack={onBack} onNext={() => submit()}>
      <p className="booking-progress">{t('booking.questionnaire.progress', { number: previous.length + 1 })}</p>
      <form onSubmit={submit} noValidate>
        <FormGroup
          label={question.type === 'radio' ? undefined : question.label[language]}
          labelFor={question.type === 'radio' ? undefined : id}
          labelInfo={question.type === 'radio' ? undefined : t('booking.required')}
          intent={missing ? 'danger' : 'none'}
          helperText={missing ? <span id={helperId}>{t('booking.questionnaire.answerRequired')}</span> : undefined}
        >
          <QuestionInput
            label={`${question.label[language]} ${t('booking.required')}`}
            question={question}
            language={language}
            id={id}
            value={value}
            invalid={missing}
            describedBy={missing ? helperId : undefined}
            onChange={setValue}
          />
        </FormGroup>
      </form>
    </StepFrame>
  );
}
