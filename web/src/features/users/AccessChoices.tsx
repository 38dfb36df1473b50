import { Button, Callout, Checkbox } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../shared/fields/CheckboxGroupField';
import { errorMessage, type ApiError } from '../../shared/errorMessages';
import { PageSpinner } from '../../shared/states/PageSpinner';

export interface AccessChoice {
  id: number;
  label: ReactNode;
}

interface Props {
  label: string;
  /** The list to choose from, as its query answers. */
  query: { isLoading: boolean; isFetching: boolean; error?: ApiError | undefined; refetch: () => unknown };
  choices: readonly AccessChoice[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  emptyText: string;
  error?: string | undefined;
  required?: boolean;
}

/**
 * One list of a user's access (§3 calendarIds, categoryIds, locationIds): a labelled group of checkboxes. Chosen ids
 * that the list does not hold (none today) are kept as they are.
 */
export function AccessChoices({ label, query, choices, chosen, onChange, emptyText, error, required }: Props) {
  const { t } = useTranslation();
  if (query.isLoading) return <PageSpinner />;
  if (query.error) {
    return (
      <Callout intent="danger" role="alert" className="form-callout">
        <p>{errorMessage(t, query.error)}</p>
        <Button icon="refresh" loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('admin.tryAgain')}
        </Button>
      </Callout>
    );
  }
  function toggle(id: number, selected: boolean) {
    const others = chosen.filter((held) => held !== id);
    onChange(selected ? [...others, id] : others);
  }
  return (
    <CheckboxGroupField label={label} error={error} required={required} className="user-access-choices">
      {choices.length === 0 && <p>{emptyText}</p>}
      {choices.map((choice) => (
        <Checkbox
          key={choice.id}
          checked={chosen.includes(choice.id)}
          onChange={(event) => toggle(choice.id, event.currentTarget.checked)}
          labelElement={choice.label}
        />
      ))}
    </CheckboxGroupField>
  );
}
