import { Button, Callout } from '@blueprintjs/core';
import { useDeferredValue, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  hasQuestionnaire,
  parseQuestionnaire,
  questionnaireIssues,
} from '../../../../../domain/services/questionnaire';
import { TextAreaField } from '../../../shared/fields/TextAreaField';
import { jsonRange } from './jsonRange';
import { exampleQuestionnaire, issueLocationText, issueProblemText } from './questionnaireText';

function formatted(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

/**
 * The questionnaire of §3, edited as JSON text and checked while it is typed by the same rules as the server's:
 * each problem is listed under the field with the question, rule, condition or action it is about.
 */
export function QuestionnaireField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const checked = useDeferredValue(value);
  const issues = useMemo(() => questionnaireIssues(checked), [checked]);
  const questionnaire = useMemo(() => (issues.length === 0 ? parseQuestionnaire(checked) : null), [issues, checked]);
  const present = hasQuestionnaire(value);
  const pretty = present ? formatted(value) : null;
  const textArea = useRef<HTMLTextAreaElement | null>(null);

  /** Selects the text a problem is about (its value, or the object it is missing from) and scrolls to it. */
  function show(path: readonly (string | number)[]) {
    const element = textArea.current;
    const range = jsonRange(value, path);
    if (!element || !range) return;
    element.focus();
    element.setSelectionRange(range[0], range[1]);
    const line = value.slice(0, range[0]).split('\n').length - 1;
    const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 18;
    element.scrollTop = Math.max(0, (line - 3) * lineHeight);
  }

  return (
    <div className="service-questionnaire">
      <TextAreaField
        label={t('serviceForm.questionnaire.label')}
        value={value}
        onValueChange={onChange}
        error={error}
        helperText={t('serviceForm.questionnaire.hint')}
        rows={18}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        aria-describedby={issues.length > 0 ? listId : undefined}
        className="service-questionnaire-text"
        inputRef={textArea}
      />
      <div className="service-questionnaire-tools">
        {present ? (
          <Button
            icon="align-left"
            variant="outlined"
            size="small"
            disabled={pretty === null || pretty === value}
            onClick={() => pretty !== null && onChange(pretty)}
          >
            {t('serviceForm.questionnaire.format')}
          </Button>
        ) : (
          <Button
            icon="insert"
            variant="outlined"
            size="small"
            onClick={() => onChange(JSON.stringify(exampleQuestionnaire, null, 2))}
          >
            {t('serviceForm.questionnaire.insertExample')}
          </Button>
        )}
      </div>
      {issues.length > 0 && (
        <Callout intent="danger" icon="error" className="service-questionnaire-issues">
          <p>{t('serviceForm.questionnaire.problemCount', { count: issues.length })}</p>
          <ul id={listId}>
            {issues.map((issue) => {
              const where = issueLocationText(t, issue.location);
              return (
                <li key={issue.path.join('.') + issue.problem}>
                  <strong>{where}</strong>
                  {t('serviceForm.questionnaire.separator')}
                  {issueProblemText(t, issue)}
                  <Button
                    icon="locate"
                    variant="minimal"
                    size="small"
                    className="service-questionnaire-jump"
                    aria-label={t('serviceForm.questionnaire.showInText', { where })}
                    title={t('serviceForm.questionnaire.showInText', { where })}
                    onClick={() => show(issue.path)}
                  />
                </li>
              );
            })}
          </ul>
        </Callout>
      )}
      {issues.length === 0 && questionnaire && (
        <Callout intent="success" icon="tick" className="service-questionnaire-issues">
          {t('serviceForm.questionnaire.valid', {
            questions: t('serviceForm.questionnaire.questionCount', { count: questionnaire.questions.length }),
            endings: t('serviceForm.questionnaire.endingCount', { count: questionnaire.endings.length }),
          })}
        </Callout>
      )}
      {!present && <p className="service-questionnaire-none">{t('serviceForm.questionnaire.none')}</p>}
      <details className="service-questionnaire-help">
        <summary>{t('serviceForm.questionnaire.help')}</summary>
        <p>{t('serviceForm.questionnaire.helpText')}</p>
      </details>
    </div>
  );
}
